import { ChevronDown, Ticket } from 'lucide-react'
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { lazyWithRecovery } from '../../lib/lazy-with-recovery'
import { cn } from '../../lib/cn'

// The form (with the shared promo-code schema and zod) is downloaded when a visitor opens the box, or points at it.
const loadPromoCodeForm = () => import('./promo-code-form')
const PromoCodeForm = lazyWithRecovery(loadPromoCodeForm, (module) => module.PromoCodeForm)

/** spec §2 Pricing / §5 Promo code: 'Have a promo code?', collapsed by default. */
export function PromoCodeBox() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const focusToggleOnClose = useRef(false)

  useEffect(() => {
    if (!open && focusToggleOnClose.current) {
      focusToggleOnClose.current = false
      toggleRef.current?.focus()
    }
  }, [open])

  function close() {
    focusToggleOnClose.current = true
    setOpen(false)
  }

  return (
    <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={() => void loadPromoCodeForm().catch(() => undefined)}
        onFocus={() => void loadPromoCodeForm().catch(() => undefined)}
        className="flex w-full items-center justify-between gap-3 rounded-xl text-left font-medium text-ink-900"
      >
        <span className="flex items-center gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-clay-600/10 text-clay-600">
            <Ticket aria-hidden="true" className="h-5 w-5" />
          </span>
          Have a promo code?
        </span>
        <ChevronDown aria-hidden="true" className={cn('h-5 w-5 text-ink-600 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          // Usually already downloaded by the time of the click (pointer enter / focus start it).
          <Suspense fallback={<div className="mt-5 h-12" aria-busy="true" />}>
            <PromoCodeForm onClose={close} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
