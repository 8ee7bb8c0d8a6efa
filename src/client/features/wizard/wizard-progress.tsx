import { Check } from 'lucide-react'
import { cn } from '../../lib/cn'
import { stepNumber, WIZARD_STEPS, type WizardStep } from './wizard-state'

const LABELS: Record<WizardStep, string> = {
  upload: 'Upload',
  style: 'Style',
  generate: 'Transform',
  products: 'Products',
}

/** The four steps, the current one marked for assistive technology with aria-current="step". */
export function WizardProgress({ step }: { step: WizardStep }) {
  const current = stepNumber(step)
  return (
    <ol aria-label="Wizard progress" className="grid grid-cols-4 gap-2">
      {WIZARD_STEPS.map((item, index) => {
        const number = index + 1
        const done = number < current
        const active = number === current
        return (
          <li key={item} aria-current={active ? 'step' : undefined} className="flex min-w-0 flex-col gap-2">
            <span className={cn('h-1.5 rounded-full', done || active ? 'bg-brand-700' : 'bg-sand-200')} />
            <span className={cn('flex items-center gap-1.5 text-xs font-medium sm:text-sm', active ? 'text-ink-900' : 'text-ink-600')}>
              <span
                className={cn(
                  'hidden h-5 w-5 shrink-0 items-center justify-center rounded-full text-[0.7rem] sm:flex',
                  done ? 'bg-brand-700 text-white' : active ? 'bg-ink-900 text-white' : 'bg-sand-200 text-ink-700',
                )}
                aria-hidden="true"
              >
                {done ? <Check className="h-3 w-3" /> : number}
              </span>
              <span className="truncate">
                <span className="sr-only">Step {number}: </span>
                {LABELS[item]}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </span>
          </li>
        )
      })}
    </ol>
  )
}
