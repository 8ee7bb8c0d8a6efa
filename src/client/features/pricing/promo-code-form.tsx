import { useEffect, useRef, useState, type FormEvent } from 'react'
import { PROMO_CODE_MAX, PROMO_MESSAGES, PromoCodeSchema } from '../../../shared/schemas/payments'
import { useAuth } from '../../auth/auth-context'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { ApiError } from '../../lib/api'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { useRedeemPromoCode } from './use-redeem-promo-code'

/**
 * spec §2 Pricing / §5 Promo code: the open form of 'Have a promo code?'. The code is trimmed, upper-cased, at most
 * 20 characters, Enter submits, and redeeming needs an account. Loaded when the box first opens (promo-code-box.tsx),
 * so its schema and zod stay out of the page's first load.
 */
export function PromoCodeForm({ onClose }: { onClose: () => void }) {
  const auth = useAuth()
  const redeem = useRedeemPromoCode()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const inputRef = useRef<HTMLInputElement>(null)

  // The form mounts when the box opens: the code field takes focus.
  useEffect(() => {
    inputRef.current?.focus()
  }, [])

  function submitCode(validCode: string) {
    redeem.mutate(
      { code: validCode },
      {
        onSuccess: (result) => {
          toast.success(result.message)
          void auth.refreshCredits()
          onClose()
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 401) {
            toast.error(PROMO_MESSAGES.signIn)
            auth.openAuthDialog('sign-in', { onSuccess: () => submitCode(validCode) })
            return
          }
          toast.error(failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.message : PROMO_MESSAGES.failed)
        },
      },
    )
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = PromoCodeSchema.safeParse({ code })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PROMO_MESSAGES.empty)
      inputRef.current?.focus()
      return
    }
    setError(undefined)
    if (!auth.loading && !auth.user) {
      toast.error(PROMO_MESSAGES.signIn)
      // After signing in, redeem the code they already typed.
      auth.openAuthDialog('sign-in', { onSuccess: () => submitCode(parsed.data.code) })
      return
    }
    submitCode(parsed.data.code)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="sm:flex-1">
        <FormField label="Promo code" error={error} hint="Codes add free credits to your account.">
          {(props) => (
            <input
              {...props}
              ref={inputRef}
              value={code}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
              type="text"
              name="promo-code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={PROMO_CODE_MAX}
              className={cn(props.className, 'font-mono uppercase tracking-wider')}
            />
          )}
        </FormField>
      </div>
      <div className="flex gap-3 sm:mt-7">
        {/* Secondary: the page's one primary action is buying the popular package. */}
        <Button type="submit" variant="secondary" disabled={redeem.isPending} className="flex-1 sm:flex-none">
          {redeem.isPending ? 'Applying...' : 'Apply'}
        </Button>
        <Button variant="ghost" onClick={onClose} className="flex-1 sm:flex-none">
          Cancel
        </Button>
      </div>
    </form>
  )
}
