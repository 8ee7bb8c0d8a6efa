import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useAuth } from '../../auth/auth-context'
import { Button } from '../../components/ui/button'

/** The card a design step shows in place of its result: sign up first, no credits, something went wrong. */
export function StepPanel({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-sand-200 sm:p-10">
      {icon && <span className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>}
      <h3 className="text-2xl sm:text-3xl">{title}</h3>
      <div className="mx-auto max-w-xl">{children}</div>
    </div>
  )
}

export function BackToStylesButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Styles
    </Button>
  )
}

/** A signed-out visitor reaches a design step: their photo and choices are kept, and one button opens sign-up. */
export function SignUpPanel({ title, children, onBackToStyles }: { title: string; children: ReactNode; onBackToStyles: () => void }) {
  const auth = useAuth()
  return (
    <StepPanel title={title}>
      <p className="mt-3 text-ink-600">{children}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => auth.openAuthDialog('sign-up')}>
          Create Free Account
        </Button>
        <BackToStylesButton onClick={onBackToStyles} />
      </div>
    </StepPanel>
  )
}
