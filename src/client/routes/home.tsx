import { RotateCcw } from 'lucide-react'
import { Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useSearchParams } from 'react-router'
import type { ChangeGroup } from '../../shared/change-groups'
import type { PaletteId } from '../../shared/catalogue/palettes'
import type { StyleId } from '../../shared/catalogue/styles'
import { useAuth } from '../auth/auth-context'
import { afterNextPaint } from '../lib/after-paint'
import { useMountedRef } from '../lib/use-mounted-ref'
import { Button } from '../components/ui/button'
import { HeroPair } from '../features/hero/hero-pair'
import { UploadStep } from '../features/upload/upload-step'
import { WizardProgress } from '../features/wizard/wizard-progress'
import {
  backToStyles,
  backToTransformations,
  backToUpload,
  changesChosen,
  compareStyleToggled,
  compareToggled,
  isMissingData,
  paletteChosen,
  photoAccepted,
  readWizard,
  redirectHome,
  resetWizard,
  styleChosen,
  transformationAccepted,
  transformRequested,
  writeWizard,
  type WizardState,
  type WizardStep,
} from '../features/wizard/wizard-state'
import { clearPhoto, clearWizardStorage, loadPhoto, readChoices, savePaletteChoice, savePhoto, saveRoomType, saveStyleChoice, type StoredPhoto } from '../lib/browser-storage'
import { lazyWithRecovery } from '../lib/lazy-with-recovery'
import { pageMeta } from '../lib/meta'
import { usePaymentReturn } from '../lib/use-payment-return'

// Only the upload step is part of the page's first load. The later steps load when a visitor gets to them: the style
// step as soon as there is a photo (it is the next step), the generation screen (and react-compare-slider with it) at
// step 3, the products and the packages (with their API schemas and zod) at step 4.
const loadStyleStep = () => import('../features/wizard/style-step')
// A step that fails to download is retried, then the page reloaded once, never "Unexpected Application Error!".
const StyleStep = lazyWithRecovery(loadStyleStep, (module) => module.StyleStep)
const GenerationStep = lazyWithRecovery(() => import('../features/generation/generation-step'), (module) => module.GenerationStep)
const CompareStep = lazyWithRecovery(() => import('../features/generation/compare-step'), (module) => module.CompareStep)
// The result's Share button (issue 19 §4): My Designs' dialog, composed here because features do not import each other.
const loadShareDialog = () => import('../features/designs/share-design-dialog')
const ShareDesignDialog = lazyWithRecovery(loadShareDialog, (module) => module.ShareDesignDialog)
const ProductRecommendations = lazyWithRecovery(() => import('../features/products/product-recommendations'), (module) => module.ProductRecommendations)
const PackagePicker = lazyWithRecovery(() => import('../features/pricing/package-picker'), (module) => module.PackagePicker)

export const meta = () => pageMeta('Lavo', 'Upload a photo of your bathroom, choose from 21 styles and 10 colour palettes, and see your own room redesigned. Your first 2 designs are free.')

const STEP_COPY: Record<WizardStep, { title: string; intro: string }> = {
  upload: { title: 'Upload a photo of your bathroom', intro: 'Drag it in, paste it, choose a file, or try one of our sample bathrooms.' },
  style: { title: 'Choose your style', intro: 'Pick one of 21 styles and, if you like, a colour palette. We keep the layout of your room and change the look.' },
  generate: { title: 'Your transformation', intro: 'We keep the layout of your room and restyle its surfaces, colours and finishes.' },
  products: { title: 'Product recommendations', intro: 'Everything you need to build this look, from fixtures to finishing touches.' },
}

const COMPARE_COPY = { title: 'Your styles side by side', intro: 'Each style is its own design: it appears here as soon as it is ready, next to your photo.' }

const NO_PARAMS = new URLSearchParams()
const noSubscription = () => () => {}

/** False while prerendering and hydrating, true after: the first render must match the prerendered HTML. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/** An object URL for a blob, revoked when the blob changes or the page unmounts. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) {
      setUrl(null)
      return
    }
    const next = URL.createObjectURL(blob)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [blob])
  return url
}

/** spec §2: a payment started from the wizard returns here. */
const PAYMENT_SUCCESS_MESSAGE = 'Payment successful! Your designs have been saved to My Designs where you can generate product recommendations.'

/**
 * The wizard's query string after a transition, started from the address as it is now, not as it was at the last
 * render: the router commits in a transition, a sign-up continuation runs 500 ms after the click that scheduled it,
 * and a choice on step 2 writes the address before the router renders it.
 */
function addressAfter(transition: (state: WizardState) => WizardState): URLSearchParams {
  const current = new URLSearchParams(window.location.search)
  return writeWizard(current, transition(readWizard(current)))
}

export default function HomePage() {
  const auth = useAuth()
  usePaymentReturn(PAYMENT_SUCCESS_MESSAGE)
  const hydrated = useHydrated()
  const [searchParams, setSearchParams] = useSearchParams()
  const wizard = readWizard(hydrated ? searchParams : NO_PARAMS)
  const [stored, setStored] = useState<{ loaded: boolean; photo: StoredPhoto | null }>({ loaded: false, photo: null })
  const photo = stored.photo
  const photoUrl = useObjectUrl(photo?.preview ?? null)
  const photoRatio = photo?.width && photo.height ? `${photo.width} / ${photo.height}` : '4 / 3'
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Compare mode is on while styles are being compared, or once the visitor turns it on (before ticking any).
  const [compareSwitch, setCompareSwitch] = useState(false)
  const compareOn = compareSwitch || wizard.compare.length > 0

  // The photo lives in IndexedDB (docs/decisions/0005): read after hydration, never during render.
  useEffect(() => {
    let cancelled = false
    void loadPhoto().then((loaded) => {
      if (!cancelled) setStored({ loaded: true, photo: loaded })
    })
    return () => {
      cancelled = true
    }
  }, [])

  // A new step starts at the top of the page; a choice within a step leaves the page where the visitor scrolled it
  // (the router's scroll restoration would otherwise jump to the top on every address change).
  const update = useCallback(
    (transition: (state: WizardState) => WizardState, within: 'step' | 'new-step' = 'new-step') => {
      setSearchParams(addressAfter(transition), { replace: true, preventScrollReset: within === 'step' })
    },
    [setSearchParams],
  )

  // A choice on step 2 is written to the address at once, so a reload straight after it keeps it; the router's render
  // of the new address follows once the choice has painted, coalesced to the last of a quick run (issue 17 §4).
  const routerSyncPending = useRef(false)
  // A link followed in that moment has left the page: its address is not this step's to rewrite.
  const mounted = useMountedRef()
  const updateAfterPaint = useCallback(
    (transition: (state: WizardState) => WizardState) => {
      const next = addressAfter(transition).toString()
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${next ? `?${next}` : ''}${window.location.hash}`)
      if (routerSyncPending.current) return
      routerSyncPending.current = true
      afterNextPaint(() => {
        routerSyncPending.current = false
        if (mounted.current) setSearchParams(new URLSearchParams(window.location.search), { replace: true, preventScrollReset: true })
      })
    },
    [mounted, setSearchParams],
  )

  useEffect(() => {
    if (photo) loadStyleStep().catch(() => undefined)
  }, [photo])

  const ready = hydrated && stored.loaded
  const missingData = ready && isMissingData(wizard, photo !== null)

  // Step 4 for a design that is not the signed-in user's own real design: home, as steps 2 and 3 do.
  const goHome = useCallback(() => update(redirectHome), [update])

  // spec §4: reloading on a later step with missing data redirects home.
  useEffect(() => {
    if (missingData) update(redirectHome)
  }, [missingData, update])

  // Each step change moves focus to the step's heading, which announces it.
  const shownStep: WizardStep | null = ready && !missingData ? wizard.step : null
  const lastStep = useRef<WizardStep | null>(null)
  useEffect(() => {
    if (shownStep === null) return
    if (lastStep.current !== null && lastStep.current !== shownStep) headingRef.current?.focus()
    lastStep.current = shownStep
  }, [shownStep])

  async function acceptPhoto(next: StoredPhoto) {
    // Shown at once; kept in IndexedDB meanwhile (savePhoto holds it in memory first, so nothing waits for the disk).
    const saving = savePhoto(next)
    saveRoomType(wizard.room)
    setStored({ loaded: true, photo: next })
    await saving
  }

  function continueToStyles() {
    // spec §3: choices made before a reload come back (the address wins when it has them).
    const remembered = readChoices()
    const hasPalette = searchParams.has('palette')
    saveRoomType(wizard.room)
    update((state) => {
      const withStyle = state.style ?? remembered.style
      return photoAccepted({ ...state, style: withStyle, palette: hasPalette ? state.palette : (remembered.palette ?? state.palette) }, state.room)
    })
  }

  const chooseStyle = useCallback(
    (style: StyleId) => {
      saveStyleChoice(style)
      updateAfterPaint((state) => styleChosen(state, style))
    },
    [updateAfterPaint],
  )

  const choosePalette = useCallback(
    (palette: PaletteId) => {
      savePaletteChoice(palette)
      updateAfterPaint((state) => paletteChosen(state, palette))
    },
    [updateAfterPaint],
  )

  const goGenerate = () => update(transformRequested)

  function chooseChanges(changes: ChangeGroup[]) {
    update((state) => changesChosen(state, changes), 'step')
  }

  function toggleCompare(on: boolean) {
    setCompareSwitch(on)
    update((state) => compareToggled(state, on), 'step')
  }

  const buyCreditsHref = `/pricing?${new URLSearchParams({ return: `/?${writeWizard(NO_PARAMS, { ...wizard, step: 'style', design: null }).toString()}` }).toString()}`

  function transform() {
    if (compareOn) {
      if (wizard.compare.length < 2) return
      if (!auth.loading && !auth.user) auth.openAuthDialog('sign-up', { onSuccess: goGenerate })
      else goGenerate()
      return
    }
    if (!wizard.style) return
    saveStyleChoice(wizard.style)
    savePaletteChoice(wizard.palette)
    // spec §4: a signed-out visitor sees the sign-up gate; after sign-up the transformation continues.
    if (!auth.loading && !auth.user) auth.openAuthDialog('sign-up', { onSuccess: goGenerate })
    else goGenerate()
  }

  function goBackToStyles() {
    saveStyleChoice(null)
    savePaletteChoice(null)
    update(backToStyles)
  }

  async function startOver() {
    setCompareSwitch(false)
    await clearWizardStorage()
    setStored({ loaded: true, photo: null })
    update(resetWizard)
  }

  async function forgetPhoto() {
    await clearPhoto()
    setStored({ loaded: true, photo: null })
  }

  const step = shownStep ?? (hydrated && wizard.step !== 'upload' ? null : 'upload')
  // Fetched while the design is made, so the result's Share button is there with the others.
  useEffect(() => {
    if (step === 'generate') loadShareDialog().catch(() => undefined)
  }, [step])
  const copy = step === 'generate' && wizard.compare.length >= 2 ? COMPARE_COPY : STEP_COPY[step ?? wizard.step]

  let content: React.ReactNode
  if (step === null) {
    content = <StepSkeleton />
  } else if (step === 'upload') {
    content = <UploadStep photo={photo} photoUrl={photoUrl} onPhoto={acceptPhoto} onContinue={continueToStyles} onClear={() => void forgetPhoto()} />
  } else if (step === 'style') {
    content = (
      <Suspense fallback={<StepSkeleton />}>
        <StyleStep
          style={wizard.style}
          palette={wizard.palette}
          photoUrl={photoUrl}
          photoRatio={photoRatio}
          onStyleChange={chooseStyle}
          onPaletteChange={choosePalette}
          onTransform={transform}
          onBack={() => update(backToUpload)}
          changes={wizard.changes}
          onChangesChange={chooseChanges}
          compare={wizard.compare}
          compareOn={compareOn}
          onCompareToggle={toggleCompare}
          onCompareStyleToggle={(style) => update((state) => compareStyleToggled(state, style), 'step')}
          buyCreditsHref={buyCreditsHref}
        />
      </Suspense>
    )
  } else if (step === 'generate' && photo && wizard.compare.length >= 2) {
    content = (
      <Suspense fallback={<StepSkeleton />}>
        <CompareStep
          key={`${photo.hash}:${wizard.compare.join(',')}:${wizard.palette}:${wizard.room}:${wizard.changes.join(',')}`}
          photo={photo}
          photoUrl={photoUrl}
          photoRatio={photoRatio}
          styles={wizard.compare}
          palette={wizard.palette}
          roomType={wizard.room}
          changes={wizard.changes}
          onBackToStyles={() => {
            setCompareSwitch(false)
            goBackToStyles()
          }}
          buyCreditsHref={buyCreditsHref}
        />
      </Suspense>
    )
  } else if (step === 'generate' && photo && wizard.style) {
    content = (
      <Suspense fallback={<StepSkeleton />}>
        <GenerationStep
          key={`${photo.hash}:${wizard.style}:${wizard.palette}:${wizard.room}:${wizard.changes.join(',')}`}
          photo={photo}
          photoUrl={photoUrl}
          photoRatio={photoRatio}
          style={wizard.style}
          palette={wizard.palette}
          roomType={wizard.room}
          changes={wizard.changes}
          onAccept={(designId) => update((state) => transformationAccepted(state, designId))}
          share={(designId, description) => (
            <Suspense fallback={null}>
              <ShareDesignDialog designId={designId} description={description} />
            </Suspense>
          )}
          buyCreditsHref={buyCreditsHref}
          onBackToStyles={goBackToStyles}
        />
      </Suspense>
    )
  } else if (step === 'products') {
    content = wizard.design ? (
      // spec §2 step 4: paid members get the products for this design; others the upgrade panel and the packages.
      <Suspense fallback={<StepSkeleton />}>
        <ProductRecommendations
          designId={wizard.design}
          onBack={() => update(backToTransformations)}
          onStartOver={() => void startOver()}
          onMissing={goHome}
          renderPackages={() => <PackagePicker isProductFlow returnPath="here" />}
        />
      </Suspense>
    ) : (
      <StepSkeleton />
    )
  } else {
    content = <StepSkeleton />
  }

  return (
    <>
      <section className="container-page pb-6 pt-10 sm:pt-14 lg:grid lg:grid-cols-[minmax(0,1fr)_30rem] lg:items-center lg:gap-12">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Bathroom redesign from a photo</p>
          <h1 className="mt-3 max-w-4xl text-3xl leading-tight sm:text-5xl">See your bathroom redesigned before you pick a single tile.</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-600">Upload a photo, choose one of 21 styles and a colour palette, and see your own room redesigned. Your first 2 designs are free.</p>
        </div>
        <HeroPair />
      </section>

      <section aria-labelledby="wizard-heading" className="container-page pb-16 sm:pb-24">
        <div className="rounded-[2rem] bg-white/70 p-4 shadow-sm ring-1 ring-sand-200 sm:p-8">
          <WizardProgress step={step ?? wizard.step} />
          <div className="mt-6 flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
            <div className="min-w-0">
              <h2 id="wizard-heading" ref={headingRef} tabIndex={-1} className="text-2xl text-ink-900 sm:text-3xl">
                {copy.title}
              </h2>
              <p className="mt-1 text-ink-600">{copy.intro}</p>
            </div>
            {(step === 'style' || step === 'generate') && (
              <Button variant="ghost" size="sm" onClick={() => void startOver()}>
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                Start over
              </Button>
            )}
          </div>
          <div className="mt-6">{content}</div>
        </div>
      </section>
    </>
  )
}

function StepSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-5">
      <p className="sr-only" role="status">
        Loading your photo…
      </p>
      <div className="aspect-[4/3] animate-pulse rounded-2xl bg-sand-100 motion-reduce:animate-none lg:col-span-3" />
      <div className="space-y-3 lg:col-span-2">
        <div className="h-8 w-2/3 animate-pulse rounded-lg bg-sand-100 motion-reduce:animate-none" />
        <div className="h-4 w-full animate-pulse rounded bg-sand-100 motion-reduce:animate-none" />
        <div className="h-12 w-48 animate-pulse rounded-full bg-sand-100 motion-reduce:animate-none" />
      </div>
    </div>
  )
}
