import { ArrowLeft, CircleAlert, Coins, Download, LoaderCircle, RotateCcw, ShoppingBag } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { toast } from '../../lib/toast'
import type { ChangeGroup } from '../../../shared/change-groups'
import type { PaletteId } from '../../../shared/catalogue/palettes'
import { findStyle, sampleImagePath, type StyleId } from '../../../shared/catalogue/styles'
import { EngineNote } from './engine-note'
import { BackToStylesButton, SignUpPanel, StepPanel } from './step-panel'
import { LOCAL_ENGINE_METHOD, type GenerationResult, type GenerationView, type RoomType } from '../../../shared/generation'
import { Button, buttonClass } from '../../components/ui/button'
import { StyleSwatch } from '../../components/ui/style-swatch'
import type { StoredPhoto } from '../../lib/browser-storage'
import { downloadDesignImage, wizardDesignFileName } from '../../lib/download-design'
import { BeforeAfter } from './before-after'
import { fallbackOverlay, fallbackToast } from '../../../shared/generation-messages'
import { useGeneration, type FinishedGeneration } from './use-generation'

// spec §8 Download.
const DOWNLOAD_FAILED_MESSAGE = 'Failed to download image. Please try again.'

export type GenerationStepProps = {
  photo: StoredPhoto
  /** Object URL of the photo's preview (the "before"); null when the browser cannot show it. */
  photoUrl: string | null
  /** CSS aspect-ratio of the photo, so nothing shifts while images load. */
  photoRatio: string
  style: StyleId
  palette: PaletteId
  roomType: RoomType
  /** What the redesign changes (decision 0045). */
  changes: ChangeGroup[]
  /** 'Get Bathroom Product Recommendations' for this design (3 → 4). */
  onAccept: (designId: string) => void
  /** 'Back to Styles' (3 → 2). */
  onBackToStyles: () => void
  /** The saved design's Share button, under Download (issue 19 §4); `description` names the design for its label. */
  share?: (designId: string, description: string) => React.ReactNode
  /** 'Buy Credits' on the No Credits screen: /pricing, carrying the way back to this photo, style and palette. */
  buyCreditsHref?: string
}

/** Step 3 (spec §2, §4): the sign-up gate, no credits, the loading screen, then the result. */
export function GenerationStep(props: GenerationStepProps) {
  const { photo, style, palette, roomType, changes, onBackToStyles } = props
  const { phase, retry } = useGeneration({ photo, style, palette, roomType, changes })
  const backToStyles = <BackToStylesButton onClick={onBackToStyles} />

  switch (phase.kind) {
    case 'waiting':
      return <Working {...props} startedAt={null} view={null} />
    case 'working':
      return <Working {...props} startedAt={phase.startedAt} view={phase.view ?? null} />
    case 'signed-out':
      return (
        <SignUpPanel title="Create your free account to see your redesign" onBackToStyles={onBackToStyles}>
          Your photo and choices are kept. Sign up to get 2 free credits, no card needed, and your transformation starts straight away.
        </SignUpPanel>
      )
    case 'no-credits':
      return (
        <StepPanel title="No Credits Available" icon={<Coins aria-hidden="true" className="h-7 w-7" />}>
          <p className="mt-3 text-ink-600">Each design uses 1 credit. Buy a credit pack to keep designing: credits never expire.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={props.buyCreditsHref ?? '/pricing'} className={buttonClass('primary', 'lg')}>
              Buy Credits
            </Link>
            {backToStyles}
          </div>
        </StepPanel>
      )
    case 'error':
      return (
        <StepPanel title="We could not transform your bathroom" icon={<CircleAlert aria-hidden="true" className="h-7 w-7" />}>
          <p role="alert" className="mt-3 text-ink-700">
            {phase.message}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={retry}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Retry Renovation <CreditCost />
            </Button>
            {backToStyles}
          </div>
        </StepPanel>
      )
    case 'timeout':
      return <Result {...props} generation={null} reused={false} onRetry={retry} />
    case 'finished':
      return <Result {...props} generation={phase.generation} reused={phase.reused} onRetry={retry} />
  }
}

/** A new take is a new design: it costs 1 credit when it succeeds (a sample is free), and the button says so. */
function CreditCost() {
  return <span className="whitespace-nowrap font-normal opacity-80">· 1 credit</span>
}

/**
 * Progress by the job's real state (issue 22): waiting in the queue stays near the start; running moves toward ~95% over
 * the generator's recent median time (about 75% at the median), or over ~25 s when there is no median yet. It never
 * claims to be done.
 */
export function progressAt(seconds: number, view: Pick<GenerationView, 'status' | 'typicalDurationMs'> | null): number {
  if (view?.status === 'queued') return 3
  const typicalSeconds = view?.typicalDurationMs ? view.typicalDurationMs / 1000 : null
  if (typicalSeconds) return Math.round(95 * (1 - Math.exp((-1.4 * seconds) / typicalSeconds)))
  return Math.round(90 * (1 - Math.exp(-seconds / 25)))
}

/** "about 12 seconds" / "about 2 minutes": the generator's recent median, rounded as a person would say it. */
export function typicalWaitWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000))
  if (seconds < 90) return `about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
  const minutes = Math.round(seconds / 60)
  return `about ${minutes} minutes`
}

function Working({ photoUrl, photoRatio, style, startedAt, view }: GenerationStepProps & { startedAt: number | null; view: GenerationView | null }) {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (startedAt === null) return
    const tick = () => setNow(Date.now())
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [startedAt])
  const seconds = startedAt !== null && now !== null ? Math.max(0, Math.floor((now - startedAt) / 1000)) : 0
  const progress = progressAt(seconds, view)
  // Announce every 10 s, not every tick.
  const announced = Math.floor(seconds / 10) * 10
  const styleName = findStyle(style)?.name ?? style
  const queued = view?.status === 'queued'
  const stage = startedAt === null ? 'Getting ready…' : queued ? (view.queuePosition === 1 ? 'Next in line' : `Waiting in line: number ${view?.queuePosition ?? '…'}`) : view?.status === 'running' ? 'Designing your bathroom' : 'Sending your photo'

  return (
    <div className="grid gap-6 lg:grid-cols-5 lg:items-center" aria-busy="true">
      <div className="relative overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200 lg:col-span-3" style={{ aspectRatio: photoRatio }}>
        {photoUrl && <img src={photoUrl} alt="" className="h-full w-full object-cover opacity-70 saturate-50" />}
        <div className="absolute inset-0 animate-pulse bg-linear-to-r from-transparent via-white/30 to-transparent motion-reduce:animate-none" />
      </div>
      <div className="lg:col-span-2">
        <h3 className="flex items-center gap-3 text-2xl sm:text-3xl">
          <LoaderCircle aria-hidden="true" className="h-7 w-7 shrink-0 animate-spin text-brand-700 motion-reduce:animate-none" />
          Creating your {styleName} bathroom
        </h3>
        <p className="mt-3 text-ink-600" data-testid="expected-time">
          {queued
            ? `Other designs are ahead of yours${view.queuePosition && view.queuePosition > 1 ? ` (you are number ${view.queuePosition})` : ''}; yours starts as soon as the engine is free.`
            : 'Your design is being made now.'}{' '}
          {view?.typicalDurationMs ? `Designs have recently taken ${typicalWaitWords(view.typicalDurationMs)}.` : 'We show it the moment it is ready.'} You can keep this page open while we work.
        </p>
        <div role="progressbar" aria-label="Transformation progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-valuetext={`${stage}, ${progress}%`} className="mt-6 h-3 overflow-hidden rounded-full bg-sand-200">
          <div className="h-full rounded-full bg-brand-700 transition-[width] duration-1000 ease-out motion-reduce:transition-none" style={{ width: `${Math.max(progress, 3)}%` }} />
        </div>
        <p className="mt-2 flex justify-between gap-3 text-sm tabular-nums text-ink-600">
          <span data-testid="generation-stage">{stage}</span>
          {startedAt !== null && <span>{seconds} s elapsed</span>}
        </p>
        <p className="sr-only" aria-live="polite">
          {queued ? stage : announced > 0 ? `Still working: ${announced} seconds so far.` : ''}
        </p>
      </div>
    </div>
  )
}

/** A sample image: the style's sample photo, or the drawn swatch if even that cannot load. */
function SampleImage({ src, style, ratio }: { src: string; style: StyleId; ratio: string }) {
  const [failed, setFailed] = useState(false)
  const styleInfo = findStyle(style)
  if (failed || !styleInfo) return styleInfo ? <StyleSwatch style={styleInfo} label={`Sample ${styleInfo.name} bathroom`} className="h-full w-full" /> : null
  return <img src={src} alt={`Sample ${styleInfo.name} bathroom`} className="h-full w-full object-cover" style={{ aspectRatio: ratio }} onError={() => setFailed(true)} />
}

function Result({
  generation,
  reused,
  onRetry,
  photoUrl,
  photoRatio,
  style,
  onAccept,
  onBackToStyles,
  share,
}: GenerationStepProps & { generation: FinishedGeneration | null; reused: boolean; onRetry: () => void }) {
  const [downloading, setDownloading] = useState(false)
  const result: GenerationResult | null = generation?.result ?? null
  const isSample = !result || result.fallback
  const image = result?.image ?? sampleImagePath(style)
  const title = result?.title ?? `${findStyle(style)?.name ?? style} Bathroom`
  const overlay = fallbackOverlay(result ? result.errorType : 'timeout')
  const canRecommend = !isSample && !result?.error && !!result?.designId

  async function download() {
    setDownloading(true)
    try {
      await downloadDesignImage(image, wizardDesignFileName(style))
    } catch {
      toast.error(DOWNLOAD_FAILED_MESSAGE)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <ResultInView>
      {(headingRef) => (
        <div className="grid gap-x-8 gap-y-5 lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
          <div className="lg:col-span-2 lg:col-start-4 lg:row-start-1">
            <h3 ref={headingRef} tabIndex={-1} className="text-2xl sm:text-3xl" data-testid="design-title">
              {title}
            </h3>
          </div>

          <div className="lg:col-span-3 lg:col-start-1 lg:row-span-2 lg:row-start-1" data-testid="result-image">
            {isSample ? (
              <div className="relative overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200" style={{ aspectRatio: photoRatio }}>
                <SampleImage src={image} style={style} ratio={photoRatio} />
                <div className="absolute inset-x-0 bottom-0 bg-ink-900/80 px-5 py-4 text-white" data-testid="sample-overlay">
                  <p className="font-display text-xl">{overlay.title}</p>
                  <p className="text-sm text-white/90">{overlay.detail}</p>
                  {result?.error && <p className="mt-1 text-sm text-white/90">{fallbackToast(result)}</p>}
                </div>
              </div>
            ) : photoUrl ? (
              <BeforeAfter before={photoUrl} after={image} title={title} ratio={photoRatio} />
            ) : (
              <div className="overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200" style={{ aspectRatio: photoRatio }}>
                <img src={image} alt={`After: ${title}`} className="h-full w-full object-cover" />
              </div>
            )}
          </div>

          <div className="space-y-4 lg:col-span-2 lg:col-start-4 lg:row-start-2">
            <div className="flex flex-col gap-3 [&>button]:h-auto [&>button]:min-h-11 [&>button]:justify-start [&>button]:py-2.5 [&>button]:text-left">
              <Button onClick={() => void download()} disabled={downloading}>
                {downloading ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : <Download aria-hidden="true" className="h-4 w-4" />}
                Download Your Design
              </Button>
              {canRecommend && result?.designId && share?.(result.designId, title)}
              <Button variant="secondary" disabled={!canRecommend} onClick={() => result?.designId && onAccept(result.designId)}>
                <ShoppingBag aria-hidden="true" className="h-4 w-4" />
                Get Bathroom Product Recommendations
              </Button>
              <Button variant="secondary" onClick={onRetry}>
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                Retry Renovation <CreditCost />
              </Button>
              <Button variant="ghost" onClick={onBackToStyles}>
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                Back to Styles
              </Button>
            </div>
            {reused && <p className="text-sm text-ink-600">You created this design earlier today, so no credit was used. Choose Retry Renovation for a fresh take.</p>}
            {result?.method === LOCAL_ENGINE_METHOD && <EngineNote />}
          </div>
        </div>
      )}
    </ResultInView>
  )
}

/**
 * Issue 22: when a design finishes (or a cached one is shown) the result comes into view and focus moves to its
 * heading, once per result. The page's scroll-padding keeps the heading clear of the sticky header.
 */
function ResultInView({ children }: { children: (headingRef: React.RefObject<HTMLHeadingElement | null>) => React.ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // After the page's own step-change focus (it runs after this child's effect).
    const frame = requestAnimationFrame(() => {
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      containerRef.current?.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
      headingRef.current?.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [])
  return (
    <div ref={containerRef} data-testid="design-result">
      {children(headingRef)}
    </div>
  )
}

export default GenerationStep
