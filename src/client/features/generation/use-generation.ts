import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { toast } from '../../lib/toast'
import { changeGroupsKey, type ChangeGroup } from '../../../shared/change-groups'
import type { PaletteId } from '../../../shared/catalogue/palettes'
import type { StyleId } from '../../../shared/catalogue/styles'
import { GENERATION_TIMEOUT_MS, type GenerationResult, type GenerationView, type RoomType } from '../../../shared/generation'
import { useAuth } from '../../auth/auth-context'
import { ApiError } from '../../lib/api'
import {
  clearCachedTransformation,
  readCachedTransformation,
  readUploadedImageId,
  saveCachedTransformation,
  saveLastTransformation,
  saveUploadedImageId,
  type Combination,
  type StoredPhoto,
} from '../../lib/browser-storage'
import { fetchGeneration, requestGeneration, uploadPhoto, type AcceptedGeneration } from './generation-api'
import { fallbackToast, NO_CREDITS_MESSAGE, SAVED_MESSAGE, TIMEOUT_MESSAGE } from '../../../shared/generation-messages'
import { useMountedRef } from '../../lib/use-mounted-ref'

const POLL_INTERVAL_MS = 700
/** spec §9: Retry regenerates after 100 ms. */
const RETRY_DELAY_MS = 100
const MAX_POLL_FAILURES = 5
/**
 * The server closes a generation as a timeout (refund and sample) 75 s after accepting it. The browser shows the
 * timeout at that moment even if the server has not said so yet, and keeps listening this long for the server's
 * verdict, which replaces what is shown (a real design, or the sample with the credit back).
 */
const SERVER_SILENCE_GRACE_MS = 15_000
/** One poll that hangs must not hold up the next (or the timeout, which runs on its own timer). */
const POLL_REQUEST_TIMEOUT_MS = 10_000

export type FinishedGeneration = GenerationView & { result: GenerationResult }

export type GenerationPhase =
  | { kind: 'waiting' }
  | { kind: 'signed-out' }
  | { kind: 'no-credits' }
  /** `view` is the server's latest word on the job while it waits (queued with its position, or running). */
  | { kind: 'working'; startedAt: number; view?: GenerationView }
  | { kind: 'finished'; generation: FinishedGeneration; reused: boolean }
  | { kind: 'timeout' }
  | { kind: 'error'; message: string }

export type GenerationInput = { photo: StoredPhoto; style: StyleId; palette: PaletteId; roomType: RoomType; changes: ChangeGroup[] }

/** The server's id for the photo: uploaded once per photo per tab (`fresh` uploads again, e.g. after a 404). */
export async function uploadedImageId(photo: StoredPhoto, fresh = false): Promise<string> {
  const known = fresh ? null : readUploadedImageId(photo.hash)
  if (known) return known
  const image = await uploadPhoto(photo.blob, photo.name)
  saveUploadedImageId(photo.hash, image.id)
  return image.id
}

function isFinished(view: GenerationView | undefined): view is FinishedGeneration {
  return view !== undefined && (view.status === 'succeeded' || view.status === 'failed') && view.result !== null
}

/** Poll answers that end the wait at once: signed out, or the generation is gone (or not ours). */
function isFinalPollError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 404)
}

/** An accepted generation being polled: its run, and its limit counted from acceptance (decision 0009). */
type Polling = { run: number; id: string; cached: boolean; startedAt: number; timeoutAt: number; giveUpAt: number }

/**
 * Step 3's state machine (spec §4): reuse a fresh cached result, else check credits, upload the photo
 * (once per photo per tab), ask for a generation and poll it (a TanStack query on an interval) until the server
 * finishes it (by 75 s at most).
 */
export function useGeneration({ photo, style, palette, roomType, changes }: GenerationInput) {
  const auth = useAuth()
  const [phase, setPhase] = useState<GenerationPhase>({ kind: 'waiting' })
  const [attempt, setAttempt] = useState({ key: 0, retry: false })
  const [polling, setPolling] = useState<Polling | null>(null)
  const runToken = useRef(0)
  const startedKey = useRef<string | null>(null)
  const mounted = useMountedRef()
  /** Whether the browser has shown the timeout for the run being polled (the server's verdict may still follow). */
  const timedOut = useRef(false)
  /** Polls of the current run that failed in a row. */
  const pollFailures = useRef(0)
  /** The run being polled, cleared the moment it ends (before React has removed its timers and query). */
  const activeRun = useRef<number | null>(null)

  const combination: Combination = { imageHash: photo.hash, style, palette, roomType, changes: changeGroupsKey(changes) }

  // GET /api/generations/:id every 700 ms until the verdict, also in a background tab. A failed poll is simply
  // tried again on the next tick (TanStack's own retries wait while the tab is hidden, so they are not used); five
  // failures in a row end the wait, unless the timeout is already shown (then polling goes on until the grace
  // period ends).
  const progress = useQuery({
    queryKey: ['generation-progress', polling?.id, polling?.run],
    queryFn: async () => {
      try {
        const view = await fetchGeneration(polling!.id, AbortSignal.timeout(POLL_REQUEST_TIMEOUT_MS))
        pollFailures.current = 0
        return view
      } catch (error) {
        pollFailures.current += 1
        throw error
      }
    },
    enabled: polling !== null,
    gcTime: 0,
    networkMode: 'always',
    refetchInterval: (query) => (isFinished(query.state.data) ? false : POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
    retry: false,
  })

  /** Ends the run being polled: no more polls, no more timers. */
  function stopPolling() {
    activeRun.current = null
    setPolling(null)
  }

  const showFailure = useEffectEvent((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void auth.refreshProfile()
      return setPhase({ kind: 'signed-out' })
    }
    if (error instanceof ApiError && error.status === 402) {
      toast.error(NO_CREDITS_MESSAGE)
      void auth.refreshCredits()
      return setPhase({ kind: 'no-credits' })
    }
    setPhase({ kind: 'error', message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' })
  })

  const begin = useEffectEvent(async (retry: boolean) => {
    const token = ++runToken.current
    const alive = () => mounted.current && runToken.current === token
    stopPolling()

    if (!auth.user) return setPhase({ kind: 'signed-out' })

    // spec §4: a successful, non-sample result for this photo, style, palette and room under 24 h old is reused.
    if (!retry) {
      const cached = readCachedTransformation(combination)
      if (cached) {
        try {
          const view = await fetchGeneration(cached.generationId)
          if (!alive()) return
          if (isFinished(view) && !view.result.fallback) return setPhase({ kind: 'finished', generation: view, reused: true })
        } catch {
          // gone or not ours: generate afresh
        }
        clearCachedTransformation(combination)
      }
    }

    if (auth.credits <= 0) {
      toast.error(NO_CREDITS_MESSAGE)
      return setPhase({ kind: 'no-credits' })
    }

    const startedAt = Date.now()
    setPhase({ kind: 'working', startedAt })
    try {
      const accepted = await startGeneration(retry)
      if (!alive()) return
      // The credit is spent on acceptance: the header says so now, not when the design arrives.
      if (!accepted.cached) void auth.refreshCredits()
      // spec §9 / decision 0009: the limit counts from acceptance, by the server's own figure. If the server has
      // not answered by then, the visitor sees the timeout at once; its verdict, when it comes, still wins.
      const timeoutAt = Date.now() + (accepted.timeoutMs ?? GENERATION_TIMEOUT_MS)
      timedOut.current = false
      pollFailures.current = 0
      activeRun.current = token
      setPolling({ run: token, id: accepted.id, cached: accepted.cached === true, startedAt, timeoutAt, giveUpAt: timeoutAt + SERVER_SILENCE_GRACE_MS })
    } catch (error) {
      if (alive()) showFailure(error)
    }
  })

  const onTimeout = useEffectEvent((run: Polling) => {
    if (activeRun.current !== run.run) return
    timedOut.current = true
    toast.error(TIMEOUT_MESSAGE)
    setPhase({ kind: 'timeout' })
  })
  const onGiveUp = useEffectEvent((run: Polling) => {
    if (activeRun.current !== run.run) return
    // Still no verdict well past the limit: the timeout already shown stands; the balance says what happened.
    stopPolling()
    void auth.refreshCredits()
  })

  // The browser's own clock: the timeout at the limit, and the end of the grace period for the server's verdict.
  useEffect(() => {
    if (!polling) return
    const timeout = setTimeout(() => onTimeout(polling), polling.timeoutAt - Date.now())
    const giveUp = setTimeout(() => onGiveUp(polling), polling.giveUpAt - Date.now())
    return () => {
      clearTimeout(timeout)
      clearTimeout(giveUp)
    }
  }, [polling])

  const onVerdict = useEffectEvent((view: FinishedGeneration, run: Polling) => {
    if (activeRun.current !== run.run) return
    stopPolling()
    finish(view, run.cached, timedOut.current)
  })
  const onPollFailure = useEffectEvent((error: unknown, run: Polling) => {
    if (activeRun.current !== run.run) return
    if (!isFinalPollError(error) && (pollFailures.current < MAX_POLL_FAILURES || timedOut.current)) return
    stopPolling()
    showFailure(error)
  })

  /** The server's latest word on the job while it waits (queued with its position, or running), until the timeout shows. */
  const onProgress = useEffectEvent((latest: GenerationView, run: Polling) => {
    if (activeRun.current !== run.run || timedOut.current) return
    setPhase((shown) =>
      shown.kind === 'working' && shown.view?.status === latest.status && shown.view.queuePosition === latest.queuePosition && shown.view.typicalDurationMs === latest.typicalDurationMs
        ? shown
        : { kind: 'working', startedAt: run.startedAt, view: latest },
    )
  })

  const view = progress.data
  useEffect(() => {
    if (!polling || !view) return
    if (isFinished(view)) onVerdict(view, polling)
    else onProgress(view, polling)
  }, [view, polling])

  const { error, errorUpdatedAt } = progress
  useEffect(() => {
    if (polling && error) onPollFailure(error, polling)
  }, [error, errorUpdatedAt, polling])

  /** Uploads the photo unless this tab already did, then asks for the generation. */
  async function startGeneration(retry: boolean): Promise<AcceptedGeneration> {
    const upload = async () => {
      const image = await uploadPhoto(photo.blob, photo.name)
      saveUploadedImageId(photo.hash, image.id)
      return image.id
    }
    const known = readUploadedImageId(photo.hash)
    const imageId = known ?? (await upload())
    const body = { imageId, style, palette, roomType, changes, ...(retry ? { retry: true } : {}) }
    try {
      return await requestGeneration(body)
    } catch (error) {
      // The remembered upload belongs to someone else or is gone (e.g. another account in this tab): upload again.
      if (known && error instanceof ApiError && error.status === 404) {
        saveUploadedImageId(photo.hash, null)
        return requestGeneration({ ...body, imageId: await upload() })
      }
      throw error
    }
  }

  function finish(generation: FinishedGeneration, reused: boolean, afterTimeout = false) {
    const { result } = generation
    if (result.fallback) {
      // The timeout toast was shown at the limit; the server's timeout verdict only confirms it.
      if (!(afterTimeout && result.errorType === 'timeout' && !result.error)) toast.error(fallbackToast(result))
    } else {
      const generatedAt = Date.parse(result.generatedAt)
      saveCachedTransformation(combination, {
        generationId: generation.id,
        designId: result.designId,
        image: result.image,
        createdAt: Number.isFinite(generatedAt) ? generatedAt : Date.now(),
        fallback: false,
      })
      saveLastTransformation({ id: result.designId ?? generation.id, image: result.image, title: result.title })
      if (!reused) toast.success(SAVED_MESSAGE)
    }
    // A success spent a credit; a sample refunded it.
    if (!reused) void auth.refreshCredits()
    setPhase({ kind: 'finished', generation, reused })
  }

  const userId = auth.user?.id ?? 'signed-out'
  const runKey = `${attempt.key}:${userId}`
  useEffect(() => {
    if (auth.loading || startedKey.current === runKey) return
    startedKey.current = runKey
    void begin(attempt.retry)
  }, [auth.loading, runKey, attempt.retry])

  /** spec §4: Retry clears the cached result for this combination and regenerates after 100 ms, bypassing the server cache. */
  function retry() {
    clearCachedTransformation(combination)
    runToken.current += 1
    stopPolling()
    setPhase({ kind: 'working', startedAt: Date.now() })
    setTimeout(() => setAttempt((previous) => ({ key: previous.key + 1, retry: true })), RETRY_DELAY_MS)
  }

  return { phase, retry }
}
