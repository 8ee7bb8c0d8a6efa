import { useQueries } from '@tanstack/react-query'
import { CircleAlert, Coins, Download, LoaderCircle } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Link } from 'react-router'
import { describeChanges, type ChangeGroup } from '../../../shared/change-groups'
import type { PaletteId } from '../../../shared/catalogue/palettes'
import { findStyle, sampleImagePath, type StyleId } from '../../../shared/catalogue/styles'
import { LOCAL_ENGINE_METHOD, type GenerationView, type RoomType } from '../../../shared/generation'
import { fallbackOverlay, fallbackToast, NO_CREDITS_MESSAGE } from '../../../shared/generation-messages'
import { useAuth } from '../../auth/auth-context'
import { Button, buttonClass } from '../../components/ui/button'
import { ApiError } from '../../lib/api'
import type { StoredPhoto } from '../../lib/browser-storage'
import { downloadDesignImage, wizardDesignFileName } from '../../lib/download-design'
import { toast } from '../../lib/toast'
import { EngineNote } from './engine-note'
import { BackToStylesButton, SignUpPanel, StepPanel } from './step-panel'
import { fetchGeneration, requestComparison } from './generation-api'
import { progressAt } from './generation-step'
import { uploadedImageId, type FinishedGeneration } from './use-generation'

const POLL_INTERVAL_MS = 700

export type CompareStepProps = {
  photo: StoredPhoto
  photoUrl: string | null
  photoRatio: string
  styles: StyleId[]
  palette: PaletteId
  roomType: RoomType
  changes: ChangeGroup[]
  onBackToStyles: () => void
  buyCreditsHref: string
}

type Started = { generations: Array<{ style: StyleId; id: string; cached: boolean }>; startedAt: number }
type Phase = { kind: 'starting' } | { kind: 'signed-out' } | { kind: 'no-credits' } | { kind: 'error'; message: string } | { kind: 'started'; started: Started }

function isFinished(view: GenerationView | undefined): view is FinishedGeneration {
  return view !== undefined && (view.status === 'succeeded' || view.status === 'failed') && view.result !== null
}

/**
 * Compare styles (issue 19 §3, decision 0046): one request starts a generation per style (all paid for together, or
 * none), then each is polled on its own and shown the moment it finishes, beside the photo.
 */
function useComparison({ photo, styles, palette, roomType, changes }: CompareStepProps) {
  const auth = useAuth()
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' })
  const started = useRef(false)

  const begin = useEffectEvent(async () => {
    if (!auth.user) return setPhase({ kind: 'signed-out' })
    if (auth.credits < styles.length) {
      toast.error(NO_CREDITS_MESSAGE)
      return setPhase({ kind: 'no-credits' })
    }
    try {
      const body = { styles, palette, roomType, changes }
      let accepted
      try {
        accepted = await requestComparison({ ...body, imageId: await uploadedImageId(photo) })
      } catch (error) {
        // The remembered upload is gone or someone else's: upload again once.
        if (!(error instanceof ApiError && error.status === 404)) throw error
        accepted = await requestComparison({ ...body, imageId: await uploadedImageId(photo, true) })
      }
      void auth.refreshCredits()
      setPhase({ kind: 'started', started: { generations: accepted.generations, startedAt: Date.now() } })
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return setPhase({ kind: 'signed-out' })
      if (error instanceof ApiError && error.status === 402) {
        toast.error(NO_CREDITS_MESSAGE)
        void auth.refreshCredits()
        return setPhase({ kind: 'no-credits' })
      }
      setPhase({ kind: 'error', message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' })
    }
  })

  useEffect(() => {
    if (auth.loading || started.current) return
    if (!auth.user) {
      setPhase({ kind: 'signed-out' })
      return
    }
    started.current = true
    void begin()
  }, [auth.loading, auth.user])

  const generations = phase.kind === 'started' ? phase.started.generations : []
  const views = useQueries({
    queries: generations.map((generation) => ({
      queryKey: ['compare-progress', generation.id],
      queryFn: () => fetchGeneration(generation.id, AbortSignal.timeout(10_000)),
      gcTime: 0,
      networkMode: 'always' as const,
      refetchInterval: (query: { state: { data: GenerationView | undefined } }) => (isFinished(query.state.data) ? false : POLL_INTERVAL_MS),
      refetchIntervalInBackground: true,
      refetchOnWindowFocus: false,
      retry: 3,
    })),
  })

  // Each design that ends refreshes the balance once: a sample gives its credit back.
  const finishedCount = views.filter((view) => isFinished(view.data)).length
  const refreshCredits = useEffectEvent(() => void auth.refreshCredits())
  useEffect(() => {
    if (finishedCount > 0) refreshCredits()
  }, [finishedCount])

  return { phase, views: views.map((view) => view.data ?? null) }
}

export function CompareStep(props: CompareStepProps) {
  const { photoUrl, photoRatio, styles, changes, onBackToStyles } = props
  const auth = useAuth()
  const { phase, views } = useComparison(props)
  const backToStyles = <BackToStylesButton onClick={onBackToStyles} />

  if (phase.kind === 'signed-out') {
    return (
      <SignUpPanel title="Create your free account to compare styles" onBackToStyles={onBackToStyles}>
        Your photo and choices are kept. New accounts get 2 free credits, no card needed: enough to compare 2 styles.
      </SignUpPanel>
    )
  }
  if (phase.kind === 'no-credits') {
    return (
      <StepPanel title="Not enough credits" icon={<Coins aria-hidden="true" className="h-7 w-7" />}>
        <p className="mt-3 text-ink-600">
          Comparing {styles.length} styles makes {styles.length} designs and uses {styles.length} credits; you have {auth.credits} {auth.credits === 1 ? 'credit' : 'credits'}. Nothing was charged. Buy credits, or go back and compare fewer styles.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={props.buyCreditsHref} className={buttonClass('primary', 'lg')}>
            Buy Credits
          </Link>
          {backToStyles}
        </div>
      </StepPanel>
    )
  }
  if (phase.kind === 'error') {
    return (
      <StepPanel title="We could not start your comparison" icon={<CircleAlert aria-hidden="true" className="h-7 w-7" />}>
        <p role="alert" className="mt-3 text-ink-700">
          {phase.message}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">{backToStyles}</div>
      </StepPanel>
    )
  }

  const startedAt = phase.kind === 'started' ? phase.started.startedAt : null
  const done = views.filter((view) => view !== null && isFinished(view)).length
  const madeByEngine = views.filter((view) => view?.result && !view.result.fallback && view.result.method === LOCAL_ENGINE_METHOD).length
  return (
    <div>
      <p className="text-ink-600">
        {styles.length} styles, one palette · Changing: {describeChanges(changes)}. Each design appears here as soon as it is ready and is saved to My Designs.
      </p>
      <p className="sr-only" aria-live="polite">
        {startedAt === null ? '' : `${done} of ${styles.length} designs ready.`}
      </p>
      <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-4" aria-label="Your photo and the styles compared">
        <li className="min-w-0">
          <figure>
            <div className="overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200" style={{ aspectRatio: photoRatio }}>
              {photoUrl && <img src={photoUrl} alt="Before: your bathroom photo" className="h-full w-full object-cover" />}
            </div>
            <figcaption className="mt-2 font-display text-xl text-ink-900">Before</figcaption>
          </figure>
        </li>
        {styles.map((style, index) => (
          <li key={style} className="min-w-0">
            <CompareCard style={style} view={views[index] ?? null} startedAt={startedAt} ratio={photoRatio} />
          </li>
        ))}
      </ul>
      {madeByEngine > 0 && (
        <div className="mt-5">
          <EngineNote count={madeByEngine} />
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {backToStyles}
        <Link to="/my-designs" className={buttonClass('ghost')}>
          See them in My Designs
        </Link>
      </div>
    </div>
  )
}

function CompareCard({ style, view, startedAt, ratio }: { style: StyleId; view: GenerationView | null; startedAt: number | null; ratio: string }) {
  const name = findStyle(style)?.name ?? style
  const [now, setNow] = useState(() => Date.now())
  const finished = isFinished(view ?? undefined)
  useEffect(() => {
    if (finished || startedAt === null) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [finished, startedAt])
  const [downloading, setDownloading] = useState(false)

  if (view && isFinished(view)) {
    const { result } = view
    const overlay = fallbackOverlay(result.errorType)
    async function download() {
      setDownloading(true)
      try {
        await downloadDesignImage(result.image, wizardDesignFileName(style))
      } catch {
        toast.error('Failed to download image. Please try again.')
      } finally {
        setDownloading(false)
      }
    }
    return (
      <figure data-testid={`compare-${style}`}>
        <div className="relative overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200" style={{ aspectRatio: ratio }}>
          <img src={result.fallback ? sampleImagePath(style) : result.image} alt={result.fallback ? `Sample ${name} bathroom` : `After: ${result.title}`} className="h-full w-full object-cover" />
          {result.fallback && (
            <div className="absolute inset-x-0 bottom-0 bg-ink-900/80 px-4 py-3 text-white">
              <p className="font-display text-lg">{overlay.title}</p>
              <p className="text-sm text-white/90">{result.error ? fallbackToast(result) : overlay.detail}</p>
            </div>
          )}
        </div>
        <figcaption className="mt-2">
          <span className="block font-display text-xl text-ink-900">{name}</span>
          <span className="block text-sm text-ink-600" data-testid="compare-status">
            {result.fallback ? 'Not made: your credit was refunded' : 'Ready · saved to My Designs · 1 credit'}
          </span>
        </figcaption>
        {!result.fallback && (
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void download()} disabled={downloading}>
            {downloading ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : <Download aria-hidden="true" className="h-4 w-4" />}
            Download {name}
          </Button>
        )}
      </figure>
    )
  }

  const seconds = startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000))
  const progress = startedAt === null ? 0 : progressAt(seconds, view)
  const stage = startedAt === null ? 'Getting ready…' : view?.status === 'queued' ? 'Waiting in line' : view?.status === 'running' ? 'Designing' : 'Sending your photo'
  return (
    <figure data-testid={`compare-${style}`} aria-busy="true">
      <div className="relative overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200" style={{ aspectRatio: ratio }}>
        <div className="absolute inset-0 animate-pulse bg-linear-to-r from-transparent via-white/40 to-transparent motion-reduce:animate-none" />
      </div>
      <figcaption className="mt-2">
        <span className="block font-display text-xl text-ink-900">{name}</span>
        <div role="progressbar" aria-label={`${name} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-valuetext={`${stage}, ${progress}%`} className="mt-2 h-2 overflow-hidden rounded-full bg-sand-200">
          <div className="h-full rounded-full bg-brand-700 transition-[width] duration-1000 ease-out motion-reduce:transition-none" style={{ width: `${Math.max(progress, 3)}%` }} />
        </div>
        <span className="mt-1 block text-sm text-ink-600" data-testid="compare-status">
          {stage}
        </span>
      </figcaption>
    </figure>
  )
}

export default CompareStep
