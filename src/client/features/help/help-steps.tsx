import { ImageUp, Palette, ShoppingBag, Sparkles, type LucideIcon } from 'lucide-react'
import { generatorSentence, transformationStepTitle, usePublicConfig } from '../../lib/public-config'

type HelpStep = { icon: LucideIcon; title: string; body: string }

// spec §2 Help/FAQ: upload photo, choose style, get AI transformation, shop your look. Step 3 names AI only where an AI
// model makes the designs (the prerendered page says 'Get Your Transformation' until the server has said which).
const HELP_STEPS: readonly HelpStep[] = [
  { icon: ImageUp, title: 'Upload Photo', body: 'Drag in a photo of your bathroom or choose one from your device. JPEG, PNG, WebP or HEIC, up to 10 MB.' },
  { icon: Palette, title: 'Choose Style', body: 'Pick one of 21 styles and a colour palette, or leave the palette on Surprise Me.' },
  { icon: Sparkles, title: 'Get Your Transformation', body: 'Press Transform My Bathroom. You see your redesign beside your photo, and it is saved to My Designs.' },
  { icon: ShoppingBag, title: 'Shop Your Look', body: 'Members get matching products with links to search at retailers, for 1 credit per list.' },
]

export function HelpSteps() {
  const config = usePublicConfig()
  const generator = config.data?.generator
  const about = generatorSentence(generator)
  return (
    <section aria-labelledby="help-steps-title" className="rounded-3xl bg-sand-100 p-6 ring-1 ring-sand-200 sm:p-8">
      <h2 id="help-steps-title" className="text-2xl text-ink-900 sm:text-3xl">
        How to use Lavo
      </h2>
      <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {HELP_STEPS.map((step, index) => (
          <li key={step.title}>
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-white">
                <step.icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span className="text-sm font-semibold uppercase tracking-widest text-brand-700">Step {index + 1}</span>
            </div>
            <h3 className="mt-3 font-sans text-lg font-semibold text-ink-900">{index === 2 ? transformationStepTitle(generator) : step.title}</h3>
            <p className="mt-1 text-ink-700">{step.body}</p>
          </li>
        ))}
      </ol>
      {/* aria-busy until the server has said which generator it runs: its coming into view starts a public page's app (decision 0051). */}
      <p className="mt-6 min-h-6 text-sm text-ink-700" data-testid="generator-note" aria-busy={config.isPending || undefined}>
        {about}
      </p>
    </section>
  )
}
