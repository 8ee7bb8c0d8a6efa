import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import sharp from 'sharp'
import type { Config, Human } from '@vladmandic/human'

// On-machine object detection with @vladmandic/human's CenterNet (COCO classes: toilet, sink, potted
// plant, bottle, vase, chair, ...) on the tfjs wasm backend. ARCHITECTURE.md "Verified on this machine":
// require dist/human.node-wasm.js by file path (the package's exports map is malformed), read the model
// files from node_modules (no network at run time), ~140 ms a detection after a short warm-up.
//
// One Human per process, created lazily (a module-level promise) and shared by every caller; detections
// run one at a time because the wasm backend is single-threaded and Human keeps per-call state.

export type DetectedObject = {
  /** COCO class name, e.g. 'toilet', 'sink', 'potted plant'. */
  label: string
  /** 0..1 */
  score: number
  /** Normalised [x, y, width, height], 0..1 of the image. */
  box: [number, number, number, number]
}

/** Lowest score Human reports; callers apply their own, stricter threshold. */
const MIN_CONFIDENCE = 0.2
const MAX_DETECTED = 20
/** CenterNet looks at a 512×512 input, so decoding a larger image only costs time. */
const DETECTION_SIZE = 512

const require = createRequire(import.meta.url)

function humanPaths(): { script: string; modelsUrl: string; wasmDir: string } {
  // The package's `node` condition points at dist/human.node.js (the tfjs-node build we do not
  // install); its sibling is the wasm build.
  const nodeBuild = require.resolve('@vladmandic/human')
  const distDir = path.dirname(nodeBuild)
  const wasmPackage = require.resolve('@tensorflow/tfjs-backend-wasm/package.json')
  return {
    script: path.join(distDir, 'human.node-wasm.js'),
    modelsUrl: pathToFileURL(path.join(distDir, '..', 'models')).href + '/',
    // The wasm loader appends the file name, so the folder needs its trailing separator.
    wasmDir: path.join(path.dirname(wasmPackage), 'dist') + path.sep,
  }
}

type HumanModule = { Human: new (config?: Partial<Config>) => Human }

// Human's bundled tfjs is a CommonJS singleton; we only ever touch it through `human.tf` (typed `any`
// upstream), so this narrow shape is all we rely on.
type TensorLike = { dispose: () => void }
type WeightsManifest = { paths: string[]; weights: unknown[] }[]
type HumanTf = {
  tensor3d: (values: Uint8Array, shape: [number, number, number], dtype: 'int32') => TensorLike
  io: {
    registerLoadRouter: (router: (url: string | string[]) => { load: () => Promise<unknown> } | null) => void
    getModelArtifactsForJSON: (modelJson: unknown, loadWeights: (manifest: WeightsManifest) => Promise<[unknown[], ArrayBuffer]>) => Promise<unknown>
  }
}

const FILE_ROUTER_FLAG = Symbol.for('lavo.tfjs.fileLoadRouter')

/**
 * Lets tfjs load `file://` model URLs from disk. Human loads models by URL through tfjs's HTTP loader,
 * which only speaks http(s) and Node's fetch cannot read files; a load router for file:// on Human's
 * own tfjs keeps model loading on the disk without replacing the global fetch. Registered once.
 */
function registerFileLoadRouter(tf: HumanTf): void {
  const marked = tf.io as unknown as Record<symbol, boolean>
  if (marked[FILE_ROUTER_FLAG]) return
  marked[FILE_ROUTER_FLAG] = true
  tf.io.registerLoadRouter((url) => {
    const target = Array.isArray(url) ? url[0] : url
    if (typeof target !== 'string' || !target.startsWith('file://')) return null
    const modelFile = fileURLToPath(target)
    return {
      async load() {
        const modelJson: unknown = JSON.parse(await readFile(modelFile, 'utf8'))
        return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
          const specs: unknown[] = []
          const buffers: Buffer[] = []
          for (const group of manifest) {
            specs.push(...group.weights)
            for (const shard of group.paths) buffers.push(await readFile(path.join(path.dirname(modelFile), shard)))
          }
          const weights = Buffer.concat(buffers)
          return [specs, weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer]
        })
      },
    }
  })
}

function humanConfig(paths: { modelsUrl: string; wasmDir: string }): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: paths.wasmDir,
    modelBasePath: paths.modelsUrl,
    warmup: 'none',
    debug: false,
    cacheModels: false,
    validateModels: false,
    // Every call is a different image: no frame caching or skipping between calls.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    face: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: true, modelPath: 'centernet.json', minConfidence: MIN_CONFIDENCE, iouThreshold: 0.4, maxDetected: MAX_DETECTED, skipFrames: 0, skipTime: 0 },
  }
}

async function loadHuman(): Promise<Human> {
  const paths = humanPaths()
  const { Human: HumanClass } = require(paths.script) as HumanModule
  const human = new HumanClass(humanConfig(paths))
  registerFileLoadRouter(human.tf as HumanTf)
  await human.load()
  // Human logs and swallows model load errors; a detector without its model would silently see nothing.
  if (!human.models.loaded().includes('centernet')) throw new Error(`Human could not load its object model from ${paths.modelsUrl}`)
  return human
}

let humanPromise: Promise<Human> | undefined

/** Room analysis asks for objects only; the people check turns the face detector on for its own calls. */
const OBJECTS_ONLY: Partial<Config> = { face: { enabled: false } as Config['face'] }

// BlazeFace alone (no mesh, iris, age, emotion or description): is there a face, and how sure is the model.
const WITH_FACES: Partial<Config> = {
  face: {
    enabled: true,
    detector: { modelPath: 'blazeface.json', rotation: false, maxDetected: 5, minConfidence: MIN_CONFIDENCE, iouThreshold: 0.1, minSize: 0, scale: 1.4, square: false, mask: false, return: false, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: true, modelPath: 'facemesh.json' },
    attention: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  } as unknown as Config['face'],
}

let facesLoaded: Promise<void> | undefined

function loadFaceModel(human: Human): Promise<void> {
  facesLoaded ??= human.load(WITH_FACES).then(() => {
    if (!human.models.loaded().includes('blazeface') || !human.models.loaded().includes('facemesh')) throw new Error('Human could not load its face model')
  })
  facesLoaded.catch(() => {
    facesLoaded = undefined
  })
  return facesLoaded
}

function getHuman(): Promise<Human> {
  humanPromise ??= loadHuman().catch((error: unknown) => {
    // Let a later call try again rather than caching the failure for the life of the process.
    humanPromise = undefined
    throw error
  })
  return humanPromise
}

let queue: Promise<unknown> = Promise.resolve()

function runExclusively<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}

type Pixels = { data: Buffer; width: number; height: number }

async function detectWith(human: Human, pixels: Pixels, config?: Partial<Config>): Promise<Awaited<ReturnType<Human['detect']>>> {
  const tf = human.tf as HumanTf
  const tensor = tf.tensor3d(new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), [pixels.height, pixels.width, 3], 'int32')
  try {
    const result = await human.detect(tensor as Parameters<Human['detect']>[0], config)
    if (result.error) throw new Error(`Human detection failed: ${result.error}`)
    return result
  } finally {
    tensor.dispose()
  }
}

async function detectPixels(human: Human, pixels: Pixels): Promise<DetectedObject[]> {
  const result = await detectWith(human, pixels, OBJECTS_ONLY)
  return result.object.map((found) => ({ label: found.label, score: found.score, box: [found.boxRaw[0], found.boxRaw[1], found.boxRaw[2], found.boxRaw[3]] }))
}

/** The image upright, within the detection size, as raw RGB. */
async function detectionPixels(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize(DETECTION_SIZE, DETECTION_SIZE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Finds COCO objects in a JPEG/PNG/WebP image, highest score first. Throws if Human cannot load or the image cannot be decoded. */
export async function detectObjects(image: Buffer): Promise<DetectedObject[]> {
  const pixels = await detectionPixels(image)
  const human = await getHuman()
  const found = await runExclusively(() => detectPixels(human, pixels))
  return found.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label))
}

/** Loads Human and runs one detection so the wasm kernels are compiled before the first real image. */
export async function warmUp(): Promise<void> {
  const human = await getHuman()
  const blank = Buffer.alloc(64 * 64 * 3, 128)
  await runExclusively(() => detectPixels(human, { data: blank, width: 64, height: 64 }))
}

export type PeopleFound = {
  /** The highest COCO 'person' score (a body or part of one), 0 when none. */
  person: number
  /** The highest BlazeFace score, 0 when no face was found. */
  face: number
}

/** How sure the detectors are that a person is in the image: the best COCO 'person' box and the best face. */
export async function detectPeople(image: Buffer): Promise<PeopleFound> {
  const pixels = await detectionPixels(image)
  const human = await getHuman()
  await loadFaceModel(human)
  const result = await runExclusively(() => detectWith(human, pixels, WITH_FACES))
  const person = Math.max(0, ...result.object.filter((found) => found.label === 'person').map((found) => found.score))
  const face = Math.max(0, ...result.face.map((found) => found.boxScore ?? found.score))
  return { person, face }
}
