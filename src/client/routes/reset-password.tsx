import { useMutation, useQuery } from '@tanstack/react-query'
import { Check, X } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from '../lib/toast'
import { failedPasswordRules, PASSWORD_RULES, passwordStrength } from '../../shared/password-strength'
import { checkResetToken, resetPassword } from '../auth/auth-api'
import { Button } from '../components/ui/button'
import { FormField } from '../components/ui/form-field'
import { ApiError } from '../lib/api'
import { cn } from '../lib/cn'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Reset password', 'Choose a new password for your Lavo account.')

const INVALID_LINK = 'Invalid or expired reset link. Please request a new password reset.'

const STRENGTH_STYLE = {
  weak: { label: 'Weak', bar: 'w-1/3 bg-red-700', text: 'text-red-800' },
  medium: { label: 'Medium', bar: 'w-2/3 bg-amber-600', text: 'text-amber-800' },
  strong: { label: 'Strong', bar: 'w-full bg-brand-600', text: 'text-brand-800' },
} as const

/** spec §2/§4/§5 Reset password. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const token = searchParams.get('token') ?? ''
  const linkError = searchParams.get('error')
  const check = useQuery({ queryKey: ['reset-token', token], queryFn: () => checkResetToken(token), enabled: Boolean(token) && !linkError, retry: 1, staleTime: Infinity, gcTime: 0 })
  const invalid = !token || Boolean(linkError) || check.isError || check.data?.valid === false

  useEffect(() => {
    if (!invalid) return
    toast.error(INVALID_LINK)
    navigate('/', { replace: true })
  }, [invalid, navigate])

  if (!check.data?.valid) {
    return (
      <section className="container-page flex min-h-[50vh] items-center justify-center py-16" aria-live="polite">
        <h1 className="sr-only">Reset your password</h1>
        <p className="flex items-center gap-3 text-lg text-ink-700">
          <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          Verifying reset link...
        </p>
      </section>
    )
  }
  return <NewPasswordForm token={token} onDone={() => navigate('/', { replace: true })} />
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | undefined>()
  const strength = passwordStrength(password)
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      toast.success('Password updated successfully!')
      onDone()
    },
    onError: (failure) => {
      const message = failure instanceof ApiError ? failure.message : 'Failed to update password'
      if (failure instanceof ApiError && /token/i.test(failure.code + failure.message)) {
        toast.error(INVALID_LINK)
        return onDone()
      }
      setError(message || 'Failed to update password')
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (password !== confirm) return setError('Passwords do not match')
    const failed = failedPasswordRules(password)
    if (failed.length > 0) return setError(`Password does not meet requirements: ${failed.join(', ')}`)
    setError(undefined)
    mutation.mutate({ token, newPassword: password })
  }

  const style = STRENGTH_STYLE[strength]
  return (
    <section className="container-page flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200 sm:p-8">
        <h1 className="text-3xl">Choose a new password</h1>
        <p className="mt-2 text-ink-600">Pick something you have not used here before.</p>
        <form noValidate onSubmit={submit} className="mt-6 space-y-4" aria-label="Choose a new password">
          <FormField label="New password">
            {(props) => <input {...props} type="password" autoComplete="new-password" minLength={8} required value={password} onChange={(event) => setPassword(event.target.value)} aria-describedby="password-strength password-rules" />}
          </FormField>
          <div id="password-strength" aria-live="polite">
            <div className="h-2 overflow-hidden rounded-full bg-sand-200" aria-hidden="true">
              <div className={cn('h-full rounded-full transition-all', password ? style.bar : 'w-0')} />
            </div>
            <p className={cn('mt-1 text-sm font-medium', password ? style.text : 'text-ink-600')}>Password strength: {password ? style.label : '—'}</p>
          </div>
          <ul id="password-rules" className="space-y-1 text-sm" aria-label="Password requirements">
            {PASSWORD_RULES.map((rule) => {
              const met = rule.test(password)
              return (
                <li key={rule.id} className={cn('flex items-center gap-2', met ? 'text-brand-800' : 'text-ink-600')}>
                  {met ? <Check aria-hidden="true" className="h-4 w-4" /> : <X aria-hidden="true" className="h-4 w-4" />}
                  {rule.label}
                  <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
                </li>
              )
            })}
          </ul>
          <FormField label="Confirm new password">
            {(props) => <input {...props} type="password" autoComplete="new-password" minLength={8} required value={confirm} onChange={(event) => setConfirm(event.target.value)} />}
          </FormField>
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? 'Updating…' : 'Update Password'}
          </Button>
        </form>
      </div>
    </section>
  )
}
