import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { z } from 'zod'
import { buildRedesignPrompt } from '../../catalogue/generation-prompts'
import type { GenerationInput, GenerationProvider } from './generation-provider'

// issue 5 §5: redesigns through Black Forest Labs' Flux Canny Pro / Depth Pro on Replicate, over its HTTP
// API (https://replicate.com/docs/reference/http). An official model runs with
// POST /v1/models/{owner}/{name}/predictions; `Prefer: wait=n` (n ≤ 60) holds that request open until the
// prediction finishes or n seconds pass, after which GET /v1/predictions/{id} is polled to a terminal status.
// Replicate deletes output files after an hour, so the image is downloaded here at once and the caller
// stores it straight away.

export type ReplicateModel = 'flux-canny-pro' | 'flux-depth-pro'

export type ReplicateGenerationOptions = {
  apiToken: string
  model: ReplicateModel
  /** The API origin; a local stand-in in tests. */
  baseUrl?: string
  pollIntervalMs?: number
  /** A safety net behind the caller's signal: a prediction still running after this long is cancelled. */
  maxWaitMs?: number
  fetch?: typeof fetch
}

// Both models take the same inputs; every one is sent explicitly so a change of Replicate's defaults
// cannot change our results. Canny follows the photo's edges tightly, so it needs strong guidance for the
// prompt's materials to show; depth leaves more freedom and stays photographic with less.
const MODEL_SETTINGS: Record<ReplicateModel, { steps: number; guidance: number }> = {
  'flux-canny-pro': { steps: 28, guidance: 25 },
  'flux-depth-pro': { steps: 28, guidance: 10 },
}
/** 1 is the strictest, 6 the most permissive; 2 is Black Forest Labs' default. */
const SAFETY_TOLERANCE = 2

const DEFAULT_BASE_URL = 'https://api.replicate.com'
const PREFER_WAIT_SECONDS = 30
/** The create request is held open up to PREFER_WAIT_SECONDS; allow for the upload and the answer. */
const CREATE_TIMEOUT_MS = (PREFER_WAIT_SECONDS + 15) * 1000
const REQUEST_TIMEOUT_MS = 15_000
const CANCEL_TIMEOUT_MS = 5_000
const DOWNLOAD_TIMEOUT_MS = 30_000
const DEFAULT_POLL_INTERVAL_MS = 1_000
const DEFAULT_MAX_WAIT_MS = 5 * 60_000
/** A poll that meets a rate limit, a 5xx or a network error is retried this many times in a row. */
const MAX_TRANSIENT_POLL_FAILURES = 3
const MAX_OUTPUT_BYTES = 15 * 1024 * 1024

const TERMINAL_STATUSES = ['succeeded', 'failed', 'canceled', 'aborted'] as const

const PredictionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', ...TERMINAL_STATUSES]),
  // One URL for the Flux Pro models; some deployments answer with a list.
  output: z.union([z.string(), z.array(z.string())]).nullish(),
  error: z.unknown().optional(),
  urls: z.object({ get: z.string().optional(), cancel: z.string().optional() }).optional(),
})
type Prediction = z.infer<typeof PredictionSchema>

// Replicate's error bodies are problem details: { title, detail, status }.
const ProblemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() })

/** A failed call to Replicate; `transient` ones (rate limits, 5xx, network) are worth another poll. */
class ReplicateRequestError extends Error {
  readonly transient: boolean

  constructor(message: string, transient: boolean, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ReplicateRequestError'
    this.transient = transient
  }
}

type ApiRequest = {
  method: 'GET' | 'POST'
  url: string
  body?: unknown
  prefer?: string
  timeoutMs: number
  /** The caller's signal; absent for the best-effort cancel, which runs after it has fired. */
  signal?: AbortSignal
  /** What a 404 means for this request. */
  notFound: string
}

export function createReplicateGenerationProvider(options: ReplicateGenerationOptions): GenerationProvider {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  const apiOrigin = new URL(baseUrl).origin
  const doFetch = options.fetch ?? fetch
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS
  const modelPath = `black-forest-labs/${options.model}`
  const settings = MODEL_SETTINGS[options.model]
  // Outputs are served over https; plain http only when the API itself is a local stand-in.
  const outputProtocols = new URL(baseUrl).protocol === 'http:' ? ['https:', 'http:'] : ['https:']

  function predictionInput(input: GenerationInput) {
    return {
      prompt: buildRedesignPrompt(input.styleId, input.paletteId, input.roomType, input.changes),
      control_image: `data:image/jpeg;base64,${input.image.toString('base64')}`,
      steps: settings.steps,
      guidance: settings.guidance,
      output_format: 'jpg',
      safety_tolerance: SAFETY_TOLERANCE,
      seed: input.seed,
      prompt_upsampling: false,
    }
  }

  /** Our token goes only to the API origin: a URL from a response is used only when it points there. */
  function apiUrl(candidate: string | undefined, fallbackPath: string): string {
    if (candidate && URL.canParse(candidate) && new URL(candidate).origin === apiOrigin) return candidate
    return `${baseUrl}${fallbackPath}`
  }

  async function callApi(request: ApiRequest): Promise<Prediction> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiToken}`, accept: 'application/json' }
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    if (request.prefer) headers.prefer = request.prefer
    const timeout = AbortSignal.timeout(request.timeoutMs)
    let response: Response
    let text: string
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      })
      text = await response.text()
    } catch (error) {
      if (request.signal?.aborted) throw error
      if (timeout.aborted) throw new ReplicateRequestError(`Replicate did not answer within ${request.timeoutMs / 1000} s`, true, { cause: error })
      throw new ReplicateRequestError(`Could not reach Replicate: ${describeFailure(error)}`, true, { cause: error })
    }
    if (!response.ok) throw errorForStatus(response, text, request.notFound)
    const body = parseJson(text)
    if (body === undefined) throw new ReplicateRequestError('Replicate answered with malformed JSON', false)
    const parsed = PredictionSchema.safeParse(body)
    if (!parsed.success) throw new ReplicateRequestError(`Replicate answered with an unexpected prediction: ${z.prettifyError(parsed.error)}`, false)
    return parsed.data
  }

  /** Stops a prediction we no longer want so it does not run on, and bill, after we have given up. */
  async function cancelPrediction(prediction: Prediction): Promise<void> {
    const url = apiUrl(prediction.urls?.cancel, `/v1/predictions/${encodeURIComponent(prediction.id)}/cancel`)
    await callApi({ method: 'POST', url, timeoutMs: CANCEL_TIMEOUT_MS, notFound: `Replicate could not find prediction ${prediction.id}` }).catch(() => undefined)
  }

  async function waitForPrediction(created: Prediction, signal: AbortSignal, deadline: number): Promise<Prediction> {
    let prediction = created
    let transientFailures = 0
    try {
      while (!isTerminal(prediction)) {
        if (Date.now() >= deadline) throw new ReplicateRequestError(`Replicate did not finish prediction ${prediction.id} within ${maxWaitMs / 1000} s`, false)
        await sleep(pollIntervalMs, undefined, { signal })
        try {
          prediction = await callApi({
            method: 'GET',
            url: apiUrl(prediction.urls?.get, `/v1/predictions/${encodeURIComponent(prediction.id)}`),
            timeoutMs: REQUEST_TIMEOUT_MS,
            signal,
            notFound: `Replicate could not find prediction ${prediction.id}`,
          })
          transientFailures = 0
        } catch (error) {
          const transient = !signal.aborted && error instanceof ReplicateRequestError && error.transient
          transientFailures += 1
          if (!transient || transientFailures > MAX_TRANSIENT_POLL_FAILURES) throw error
        }
      }
    } catch (error) {
      await cancelPrediction(prediction)
      if (signal.aborted) throw new Error(`The generation was stopped; cancelled Replicate prediction ${prediction.id}`, { cause: error })
      throw error
    }
    return prediction
  }

  async function downloadOutput(url: string, signal: AbortSignal): Promise<Buffer> {
    if (!URL.canParse(url) || !outputProtocols.includes(new URL(url).protocol)) throw new Error('Replicate returned an output that is not a web address')
    const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)
    let bytes: Buffer
    try {
      // No Authorization header: output files are public, and our token stays with the API.
      const response = await doFetch(url, { signal: AbortSignal.any([signal, timeout]) })
      if (!response.ok) throw new Error(`Could not download the Replicate output (HTTP ${response.status})`)
      if (Number(response.headers.get('content-length') ?? 0) > MAX_OUTPUT_BYTES) throw new Error(tooLarge())
      bytes = await readAtMost(response, MAX_OUTPUT_BYTES)
    } catch (error) {
      if (signal.aborted) throw new Error('The generation was stopped while downloading the Replicate output', { cause: error })
      if (timeout.aborted) throw new Error(`The Replicate output did not download within ${DOWNLOAD_TIMEOUT_MS / 1000} s`, { cause: error })
      throw error
    }
    return bytes
  }

  return {
    name: 'replicate',
    async generate(input) {
      input.signal.throwIfAborted()
      const deadline = Date.now() + maxWaitMs
      let created: Prediction
      try {
        created = await callApi({
          method: 'POST',
          url: `${baseUrl}/v1/models/${modelPath}/predictions`,
          body: { input: predictionInput(input) },
          prefer: `wait=${PREFER_WAIT_SECONDS}`,
          timeoutMs: CREATE_TIMEOUT_MS,
          signal: input.signal,
          notFound: `Replicate has no model ${modelPath}`,
        })
      } catch (error) {
        if (input.signal.aborted) throw new Error('The generation was stopped before Replicate answered', { cause: error })
        throw error
      }
      const prediction = await waitForPrediction(created, input.signal, deadline)
      const output = await downloadOutput(outputUrlOf(prediction), input.signal)
      return { image: await asJpegOfPhotoSize(output, input.image), method: options.model }
    },
  }
}

function isTerminal(prediction: Prediction): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(prediction.status)
}

function outputUrlOf(prediction: Prediction): string {
  const id = prediction.id
  if (prediction.status === 'failed') throw new Error(`Replicate prediction ${id} failed: ${describeReplicateError(prediction.error)}`)
  if (prediction.status === 'canceled') throw new Error(`Replicate prediction ${id} was canceled`)
  if (prediction.status === 'aborted') throw new Error(`Replicate aborted prediction ${id} before it finished`)
  const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output
  if (!output) throw new Error(`Replicate prediction ${id} succeeded without an output image`)
  return output
}

function errorForStatus(response: Response, text: string, notFound: string): ReplicateRequestError {
  const status = response.status
  const problem = ProblemSchema.safeParse(parseJson(text))
  const detail = problem.success ? (problem.data.detail ?? problem.data.title) : undefined
  const details = detail ? `: ${truncate(detail, 300)}` : ''
  if (status === 401 || status === 403) return new ReplicateRequestError(`Replicate rejected the API token (HTTP ${status})`, false)
  if (status === 404) return new ReplicateRequestError(`${notFound} (HTTP 404)`, false)
  if (status === 422) return new ReplicateRequestError(`Replicate refused the input as invalid (HTTP 422)${details}`, false)
  if (status === 429) {
    const retryAfter = response.headers.get('retry-after')
    return new ReplicateRequestError(`Replicate rate-limited the request (HTTP 429)${retryAfter ? `; retry after ${retryAfter} s` : ''}`, true)
  }
  if (status >= 500) return new ReplicateRequestError(`Replicate failed with HTTP ${status}${details}`, true)
  return new ReplicateRequestError(`Replicate answered HTTP ${status}${details}`, false)
}

/** Reads a body, refusing it as soon as it passes maxBytes (a missing or false Content-Length cannot get past). */
async function readAtMost(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      throw new Error(tooLarge())
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

type ImageFormat = 'jpeg' | 'png' | 'webp'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The format by the file's own bytes; whatever the server's Content-Type says. */
function imageFormatOf(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  return undefined
}

/**
 * The redesign as a JPEG the size of the photo, so the before/after comparison lines up. Flux rounds sizes
 * to its own grid and may answer in another format; then it is resized (to the exact box: the model
 * redrew the whole frame) and re-encoded. A JPEG of the right size is kept as it came.
 */
async function asJpegOfPhotoSize(output: Buffer, photo: Buffer): Promise<Buffer> {
  const format = imageFormatOf(output)
  if (!format) throw new Error('The Replicate output is not an image (expected JPEG, PNG or WebP bytes)')
  try {
    const [want, got] = await Promise.all([sharp(photo).metadata(), sharp(output).metadata()])
    if (format === 'jpeg' && got.width === want.width && got.height === want.height) return output
    return await sharp(output, { failOn: 'truncated' })
      .resize(want.width, want.height, { fit: 'fill' })
      .toColourspace('srgb')
      .jpeg({ quality: 88, chromaSubsampling: '4:2:0' })
      .toBuffer()
  } catch (error) {
    throw new Error('The Replicate output could not be decoded as an image', { cause: error })
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function describeReplicateError(error: unknown): string {
  if (typeof error === 'string' && error.trim()) return truncate(error.trim(), 300)
  if (error === null || error === undefined) return 'no error details'
  return truncate(JSON.stringify(error), 300)
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message
  return String(error)
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

function tooLarge(): string {
  return `The Replicate output is larger than ${MAX_OUTPUT_BYTES / 1024 / 1024} MB`
}
