// The ground-truth surface classes of a bathroom photo: the contract between the labelled scenes the render
// pipeline makes (scripts/assets/lavo_labels.py holds the same table for Blender; a test checks they agree),
// the engine's surface output and the engine-accuracy bench. Ids are what label maps store; each class also
// has a distinct sRGB colour, which is how label PNGs show it.

export const LABEL_CLASSES = [
  { id: 0, name: 'void', title: 'void / unlabelled', colour: '#000000' },
  { id: 1, name: 'wall', title: 'wall (paint or paper)', colour: '#E6C88C' },
  { id: 2, name: 'wall-tile', title: 'wall tile', colour: '#5AA0DC' },
  { id: 3, name: 'floor', title: 'floor', colour: '#8C5A32' },
  { id: 4, name: 'ceiling', title: 'ceiling', colour: '#F0F0F0' },
  { id: 5, name: 'vanity', title: 'vanity / cabinet', colour: '#B4325A' },
  { id: 6, name: 'countertop', title: 'countertop', colour: '#FF8C00' },
  { id: 7, name: 'ceramic', title: 'ceramic (basin, toilet, tub)', colour: '#FFFFA0' },
  { id: 8, name: 'glass', title: 'shower glass / screen', colour: '#00DCDC' },
  { id: 9, name: 'mirror', title: 'mirror', colour: '#A078FF' },
  { id: 10, name: 'window', title: 'window', colour: '#0050FF' },
  { id: 11, name: 'light', title: 'light fixture', colour: '#FFFF00' },
  { id: 12, name: 'metal', title: 'metal fixture (taps, rails, frames)', colour: '#808080' },
  { id: 13, name: 'fabric', title: 'fabric (curtain, towel, rug)', colour: '#FF64C8' },
  { id: 14, name: 'prop', title: 'plant / prop', colour: '#00B400' },
  { id: 15, name: 'door', title: 'door', colour: '#643200' },
] as const

export type LabelClass = (typeof LABEL_CLASSES)[number]
export type LabelClassName = LabelClass['name']
export type LabelClassId = LabelClass['id']

export const LABEL_CLASS_COUNT = LABEL_CLASSES.length

/** Class id by name: `LABEL.wall === 1`. */
export const LABEL = Object.fromEntries(LABEL_CLASSES.map((entry) => [entry.name, entry.id])) as { readonly [K in LabelClassName]: Extract<LabelClass, { name: K }>['id'] }

/** The two kinds of wall: paint (or paper) and tile. */
export const WALL_KINDS: ReadonlySet<number> = new Set([LABEL.wall, LABEL['wall-tile']])

/** The surfaces a redesign repaints. */
export const CHANGED_SURFACES: readonly LabelClassId[] = [LABEL.wall, LABEL['wall-tile'], LABEL.floor, LABEL.ceiling, LABEL.vanity]

/** What a redesign must leave as it is (its colour may follow the grade, not the palette). */
export const KEPT_SURFACES: readonly LabelClassId[] = [LABEL.window, LABEL.mirror, LABEL.glass, LABEL.light, LABEL.prop]
/** KEPT_SURFACES as a set, for asking of a label. */
export const KEPT_KINDS: ReadonlySet<number> = new Set(KEPT_SURFACES)

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

/** [r, g, b] per class id. */
export const LABEL_RGB: ReadonlyArray<readonly [number, number, number]> = LABEL_CLASSES.map((entry) => hexToRgb(entry.colour))

const rgbKey = (r: number, g: number, b: number) => (r << 16) | (g << 8) | b
const BY_COLOUR = new Map<number, number>(LABEL_RGB.map(([r, g, b], id) => [rgbKey(r, g, b), id]))

/** Class id of an exact label colour, or undefined for a colour that is not in the table. */
export function classOfColour(r: number, g: number, b: number): number | undefined {
  return BY_COLOUR.get(rgbKey(r, g, b))
}

/**
 * Decodes label-map pixels (RGB or RGBA, interleaved) into class ids. A label map is written with the exact
 * palette colours; a pixel whose colour is not in the table is an error (a resized or lossy label map),
 * never silently guessed.
 */
export function decodeLabelPixels(pixels: Uint8Array, channels: number): Uint8Array {
  if (channels !== 3 && channels !== 4) throw new Error(`label maps have 3 or 4 channels, not ${channels}`)
  const count = pixels.length / channels
  const out = new Uint8Array(count)
  for (let index = 0; index < count; index++) {
    const offset = index * channels
    const id = classOfColour(pixels[offset]!, pixels[offset + 1]!, pixels[offset + 2]!)
    if (id === undefined) {
      throw new Error(`pixel ${index} has colour rgb(${pixels[offset]}, ${pixels[offset + 1]}, ${pixels[offset + 2]}), which is no label class`)
    }
    out[index] = id
  }
  return out
}

/** Class ids → RGB pixels in the palette colours (the inverse of decodeLabelPixels). */
export function encodeLabelPixels(labels: Uint8Array): Uint8Array {
  const out = new Uint8Array(labels.length * 3)
  for (let index = 0; index < labels.length; index++) {
    const rgb = LABEL_RGB[labels[index]!]
    if (!rgb) throw new Error(`label ${labels[index]} at pixel ${index} is no class id`)
    out[index * 3] = rgb[0]
    out[index * 3 + 1] = rgb[1]
    out[index * 3 + 2] = rgb[2]
  }
  return out
}
