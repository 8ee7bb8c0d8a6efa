// The four stock bathrooms a visitor can try instead of their own photo (spec §1, §2). They are the
// rendered photographs from the image catalogue; while a render is not committed yet (the file answers
// 404) a drawn room stands in: the same shapes drawn as an SVG thumbnail and, when picked, onto a
// 1024×768 canvas exported as a real JPEG, so the rest of the flow is the same as with a photo.
import { imageSources, STOCK_PHOTOS as CATALOGUE_STOCK_PHOTOS } from '../../../shared/catalogue/images'
import { CataloguePicture } from '../../components/ui/catalogue-picture'
import { canvasToJpeg } from '../../lib/image-compression'
import { TEMPLATE_FAILED_MESSAGE } from '../../../shared/upload-rules'
import { PhotoError } from './prepare-photo'

type Colours = { walls: string; floor: string; cabinetry: string; accent: string; trim: string; grout: string }

type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r?: number; fill: string; opacity?: number }
  | { kind: 'circle'; x: number; y: number; radius: number; fill: string; opacity?: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number; opacity?: number }

type Drawn = { layout: 'shower' | 'tub' | 'vanity' | 'powder'; colours: Colours }

export type StockPhoto = { id: string; label: string; alt: string; drawn: Drawn }

// The drawn stand-ins follow the rendered rooms' layouts and dated finishes (scripts/assets/render.mjs).
const DRAWN: Record<string, { label: string } & Drawn> = {
  'stock-1': { label: 'Beige tiled shower room', layout: 'shower', colours: { walls: '#E6D9BF', floor: '#C4B08F', cabinetry: '#AE9672', accent: '#857259', trim: '#F3EDE1', grout: '#D2C3A6' } },
  'stock-2': { label: 'Pink bathroom with a tub', layout: 'tub', colours: { walls: '#EDC6C4', floor: '#D6C0B6', cabinetry: '#C79896', accent: '#8C6C84', trim: '#F8EEEC', grout: '#E0B7B5' } },
  'stock-3': { label: 'Granite double vanity', layout: 'vanity', colours: { walls: '#DAD5CB', floor: '#7C7872', cabinetry: '#7A4A35', accent: '#3E3C39', trim: '#F0EDE7', grout: '#C9C3B7' } },
  'stock-4': { label: 'Almond powder room', layout: 'powder', colours: { walls: '#EEE4CF', floor: '#D5C9AE', cabinetry: '#E2D7BD', accent: '#A5967A', trim: '#FBF7EE', grout: '#DCD0B6' } },
}
const DEFAULT_DRAWN = DRAWN['stock-1']!

export const STOCK_PHOTOS: readonly StockPhoto[] = CATALOGUE_STOCK_PHOTOS.map((photo) => {
  const drawn = DRAWN[photo.name] ?? DEFAULT_DRAWN
  return { id: photo.name, label: drawn.label, alt: photo.alt, drawn: { layout: drawn.layout, colours: drawn.colours } }
})

const WIDTH = 320
const HEIGHT = 240

/** The room as shapes in a 320×240 box (the SVG and the canvas draw the same list). */
function shapesFor({ layout, colours: c }: Drawn): Shape[] {
  const shapes: Shape[] = [
    { kind: 'rect', x: 0, y: 0, w: WIDTH, h: HEIGHT, fill: c.walls },
    { kind: 'rect', x: 0, y: 172, w: WIDTH, h: 68, fill: c.floor },
    { kind: 'rect', x: 0, y: 0, w: WIDTH, h: 12, fill: c.trim },
    { kind: 'rect', x: 0, y: 166, w: WIDTH, h: 6, fill: c.trim, opacity: 0.9 },
  ]
  // Tile joints on the floor, and on the lower wall for the tiled rooms.
  for (let x = 0; x <= WIDTH; x += 40) shapes.push({ kind: 'line', x1: x, y1: 172, x2: x + (x - 160) * 0.35, y2: 240, stroke: c.grout, width: 1.2, opacity: 0.8 })
  for (const y of [190, 212]) shapes.push({ kind: 'line', x1: 0, y1: y, x2: WIDTH, y2: y, stroke: c.grout, width: 1.2, opacity: 0.8 })
  if (layout === 'shower' || layout === 'tub') {
    for (let y = 96; y < 166; y += 14) shapes.push({ kind: 'line', x1: 0, y1: y, x2: WIDTH, y2: y, stroke: c.grout, width: 1, opacity: 0.9 })
    for (let x = 0; x <= WIDTH; x += 18) shapes.push({ kind: 'line', x1: x, y1: 96, x2: x, y2: 166, stroke: c.grout, width: 1, opacity: 0.9 })
  }
  switch (layout) {
    case 'shower':
      shapes.push(
        { kind: 'rect', x: 196, y: 24, w: 104, h: 150, r: 3, fill: '#FFFFFF', opacity: 0.28 },
        { kind: 'rect', x: 196, y: 24, w: 4, h: 150, fill: c.accent, opacity: 0.8 },
        { kind: 'rect', x: 262, y: 36, w: 22, h: 6, r: 3, fill: c.accent },
        { kind: 'rect', x: 40, y: 44, w: 70, h: 56, r: 6, fill: c.trim, opacity: 0.9 },
        { kind: 'rect', x: 30, y: 116, w: 96, h: 52, r: 4, fill: c.cabinetry },
        { kind: 'rect', x: 30, y: 112, w: 96, h: 7, r: 3, fill: c.trim },
      )
      break
    case 'tub':
      shapes.push(
        { kind: 'rect', x: 18, y: 128, w: 190, h: 48, r: 12, fill: '#FBFAF6' },
        { kind: 'rect', x: 18, y: 128, w: 190, h: 8, r: 4, fill: c.trim },
        { kind: 'rect', x: 176, y: 104, w: 6, h: 26, r: 3, fill: c.accent },
        { kind: 'rect', x: 22, y: 26, w: 8, h: 104, fill: c.accent, opacity: 0.6 },
        { kind: 'rect', x: 30, y: 26, w: 70, h: 100, fill: c.cabinetry, opacity: 0.75 },
        { kind: 'rect', x: 236, y: 46, w: 58, h: 50, r: 6, fill: c.trim, opacity: 0.9 },
        { kind: 'rect', x: 232, y: 116, w: 66, h: 54, r: 4, fill: c.cabinetry },
      )
      break
    case 'vanity':
      shapes.push(
        { kind: 'rect', x: 100, y: 34, w: 120, h: 76, r: 8, fill: c.trim, opacity: 0.9 },
        { kind: 'rect', x: 106, y: 40, w: 108, h: 64, r: 6, fill: '#FFFFFF', opacity: 0.35 },
        { kind: 'rect', x: 74, y: 120, w: 172, h: 52, r: 5, fill: c.cabinetry },
        { kind: 'rect', x: 70, y: 114, w: 180, h: 10, r: 3, fill: c.accent },
        { kind: 'line', x1: 160, y1: 126, x2: 160, y2: 170, stroke: c.accent, width: 1.5, opacity: 0.7 },
        { kind: 'rect', x: 154, y: 104, w: 12, h: 10, r: 2, fill: '#C9CCCF' },
        { kind: 'rect', x: 36, y: 40, w: 12, h: 30, r: 5, fill: '#FFF5D6', opacity: 0.9 },
        { kind: 'rect', x: 272, y: 40, w: 12, h: 30, r: 5, fill: '#FFF5D6', opacity: 0.9 },
      )
      break
    case 'powder':
      shapes.push(
        { kind: 'circle', x: 120, y: 70, radius: 32, fill: c.trim, opacity: 0.95 },
        { kind: 'circle', x: 120, y: 70, radius: 26, fill: '#FFFFFF', opacity: 0.35 },
        { kind: 'rect', x: 96, y: 116, w: 48, h: 12, r: 6, fill: '#FBFAF6' },
        { kind: 'rect', x: 112, y: 126, w: 16, h: 46, r: 4, fill: '#F3F1EC' },
        { kind: 'rect', x: 214, y: 104, w: 34, h: 40, r: 4, fill: '#FBFAF6' },
        { kind: 'rect', x: 206, y: 138, w: 50, h: 22, r: 10, fill: '#FBFAF6' },
        { kind: 'rect', x: 218, y: 158, w: 26, h: 14, r: 3, fill: '#F3F1EC' },
        { kind: 'rect', x: 0, y: 96, w: WIDTH, h: 4, fill: c.cabinetry, opacity: 0.8 },
        { kind: 'rect', x: 272, y: 60, w: 6, h: 36, r: 3, fill: c.accent },
      )
      break
  }
  return shapes
}

/** The drawn room as an SVG (decorative: the button around it carries the name). */
function DrawnThumbnail({ drawn, className }: { drawn: Drawn; className?: string }) {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={className} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      {shapesFor(drawn).map((shape, index) => {
        if (shape.kind === 'rect') return <rect key={index} x={shape.x} y={shape.y} width={shape.w} height={shape.h} rx={shape.r} fill={shape.fill} opacity={shape.opacity} />
        if (shape.kind === 'circle') return <circle key={index} cx={shape.x} cy={shape.y} r={shape.radius} fill={shape.fill} opacity={shape.opacity} />
        return <line key={index} x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} stroke={shape.stroke} strokeWidth={shape.width} opacity={shape.opacity} />
      })}
    </svg>
  )
}

/** The rendered stock photo, or its drawn stand-in while the render is missing. Decorative: the button names it. */
export function StockThumbnail({ photo, className }: { photo: StockPhoto; className?: string }) {
  return (
    <CataloguePicture
      sources={imageSources('stock', photo.id)}
      sizes="(min-width: 1024px) 240px, 50vw"
      alt=""
      className={className}
      fallback={<DrawnThumbnail drawn={photo.drawn} className={className} />}
    />
  )
}

/** spec §9: the recommended minimum photo is 1024×768, so the stock photo is exactly that. */
const EXPORT_WIDTH = 1024
const EXPORT_HEIGHT = 768

/** The drawn stand-in as a JPEG file. */
async function drawnPhotoFile(photo: StockPhoto): Promise<File> {
  const canvas = document.createElement('canvas')
  canvas.width = EXPORT_WIDTH
  canvas.height = EXPORT_HEIGHT
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no canvas')
  context.scale(EXPORT_WIDTH / WIDTH, EXPORT_HEIGHT / HEIGHT)
  for (const shape of shapesFor(photo.drawn)) {
    context.globalAlpha = shape.opacity ?? 1
    context.beginPath()
    if (shape.kind === 'rect') {
      context.fillStyle = shape.fill
      context.roundRect(shape.x, shape.y, shape.w, shape.h, shape.r ?? 0)
      context.fill()
    } else if (shape.kind === 'circle') {
      context.fillStyle = shape.fill
      context.arc(shape.x, shape.y, shape.radius, 0, Math.PI * 2)
      context.fill()
    } else {
      context.strokeStyle = shape.stroke
      context.lineWidth = shape.width
      context.moveTo(shape.x1, shape.y1)
      context.lineTo(shape.x2, shape.y2)
      context.stroke()
    }
  }
  context.globalAlpha = 1
  const blob = await canvasToJpeg(canvas, 0.92)
  return new File([blob], `${photo.id}.jpg`, { type: 'image/jpeg' })
}

/**
 * The stock photo as a JPEG file, ready for the same pipeline as an upload. A render that is not committed
 * yet (404) uses the drawn stand-in; any other failure is 'Failed to load template image' (spec §8).
 */
export async function stockPhotoFile(photo: StockPhoto): Promise<File> {
  try {
    const response = await fetch(imageSources('stock', photo.id).jpg)
    if (response.status === 404) return await drawnPhotoFile(photo)
    if (!response.ok) throw new Error(`stock photo: ${response.status}`)
    const blob = await response.blob()
    return new File([blob], `${photo.id}.jpg`, { type: blob.type || 'image/jpeg' })
  } catch {
    throw new PhotoError(TEMPLATE_FAILED_MESSAGE)
  }
}
