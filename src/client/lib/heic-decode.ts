// Decodes iPhone photos (HEIC/HEIF) in the browser with libheif compiled to WebAssembly (the same build the server's
// heic-convert uses). Loaded only when such a photo comes, and run in the image worker (image-worker.ts), so neither
// the page's first load nor its main thread pays for it. The decoder applies the file's own rotation and mirroring.
import { compressDecoded, ImageProcessingError, previewOf, type CompressedImage } from './image-compression'

type HeifImage = {
  get_width(): number
  get_height(): number
  display(target: ImageData, done: (result: ImageData | null) => void): void
  free(): void
}
type HeifDecoder = { decode(bytes: Uint8Array): HeifImage[] | null }
type LibHeif = { HeifDecoder: new () => HeifDecoder }

let library: Promise<LibHeif> | null = null

/** The decoder module, compiled once per worker (about 1.4 MB of script with its WebAssembly inside). */
function libheif(): Promise<LibHeif> {
  library ??= import('libheif-js/libheif-wasm/libheif-bundle.mjs').then((module) => (module.default as () => LibHeif)())
  library.catch(() => {
    library = null
  })
  return library
}

/** The picture of a HEIC/HEIF file, decoded; anything the decoder cannot read is "corrupted" (spec §8). */
export async function decodeHeic(source: Blob): Promise<ImageBitmap> {
  let decoder: HeifDecoder
  try {
    decoder = new (await libheif()).HeifDecoder()
  } catch {
    throw new ImageProcessingError('encode')
  }
  let images: HeifImage[] = []
  try {
    images = decoder.decode(new Uint8Array(await source.arrayBuffer())) ?? []
    // The first top-level picture, as the server's converter takes (this build's is_primary() is broken).
    const image = images[0]
    if (!image) throw new Error('no picture in the file')
    const width = image.get_width()
    const height = image.get_height()
    const pixels = await new Promise<ImageData>((resolve, reject) =>
      image.display(new ImageData(width, height), (result) => (result ? resolve(result) : reject(new Error('the picture did not decode')))),
    )
    return await createImageBitmap(pixels)
  } catch {
    throw new ImageProcessingError('decode')
  } finally {
    for (const image of images) image.free()
  }
}

export type ConvertedHeic = { compressed: CompressedImage; preview: Blob }

/**
 * A HEIC photo as the wizard keeps it: the compressed JPEG (compressDecoded, spec §5) and the 800 px preview, both
 * from one decode; `onCheckCopy` gets the photo check's copy first.
 */
export async function convertHeic(source: Blob, onCheckCopy?: (copy: Blob) => void): Promise<ConvertedHeic> {
  const bitmap = await decodeHeic(source)
  try {
    const compressed = await compressDecoded(bitmap, onCheckCopy)
    return { compressed, preview: await previewOf(bitmap) }
  } finally {
    bitmap.close()
  }
}
