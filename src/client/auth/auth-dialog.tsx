import { useMutation, useQuery } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from '../lib/toast'
import { PasswordResetRequestSchema, SignInSchema, SignUpSchema } from '../../shared/schemas/auth'
import { NEWSLETTER_CONSENT_WORDING } from '../../shared/newsletter'
import { Button } from '../components/ui/button'
import { FormField } from '../components/ui/form-field'
import { ApiError } from '../lib/api'
import { authErrorMessage } from './auth-error-message'
import { fetchAuthConfig, requestPasswordReset, signInWithPassword, signUpWithPassword, startGoogleSignIn } from './auth-api'

export type AuthDialogMode = 'sign-in' | 'reset' | 'sign-up'

type Props = {
  mode: AuthDialogMode | null
  onModeChange: (mode: AuthDialogMode | null) => void
  onAuthenticated: (how: 'signed-up' | 'signed-in') => void
}

const TITLES: Record<AuthDialogMode, string> = {
  'sign-in': 'Welcome back',
  reset: 'Reset Your Password',
  'sign-up': 'Get Started with Your Free Design!',
}

/** spec §2 Sign-in and Sign-up dialogs, and §4: switching closes one and opens the other. */
export function AuthDialog({ mode, onModeChange, onAuthenticated }: Props) {
  return (
    <Dialog.Root open={mode !== null} onOpenChange={(open) => !open && onModeChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-xl sm:p-8">
          {mode && (
            <>
              <Dialog.Title className="pr-8 font-display text-3xl leading-tight">{TITLES[mode]}</Dialog.Title>
              <Dialog.Close className="absolute right-4 top-4 inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-600 hover:bg-sand-100" aria-label="Close">
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
              {mode === 'sign-in' && <SignInForm onModeChange={onModeChange} onAuthenticated={() => onAuthenticated('signed-in')} />}
              {mode === 'reset' && <ResetForm onModeChange={onModeChange} />}
              {mode === 'sign-up' && <SignUpForm onModeChange={onModeChange} onAuthenticated={() => onAuthenticated('signed-up')} />}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

type Fields = Record<string, string>

function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Fields {
  const errors: Fields = {}
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message
  return errors
}

/** The field errors the server gave, and the form's message (spec §8). */
function failureErrors(error: unknown, fallback?: string): Fields {
  return { ...(error instanceof ApiError ? error.fields : undefined), form: authErrorMessage(error, fallback) }
}

function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {children}
    </p>
  )
}

function GoogleButton() {
  const config = useQuery({ queryKey: ['auth-config'], queryFn: fetchAuthConfig, staleTime: Infinity })
  const [failed, setFailed] = useState(false)
  if (!config.data?.googleSignIn) return null
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-ink-600">
        <span className="h-px flex-1 bg-sand-200" /> or <span className="h-px flex-1 bg-sand-200" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => {
          setFailed(false)
          startGoogleSignIn().catch(() => setFailed(true))
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
        </svg>
        Continue with Google
      </Button>
      {failed && <FormAlert>Failed to sign in with Google</FormAlert>}
    </div>
  )
}

function SignInForm({ onModeChange, onAuthenticated }: { onModeChange: Props['onModeChange']; onAuthenticated: () => void }) {
  const [values, setValues] = useState({ email: '', password: '' })
  const [errors, setErrors] = useState<Fields>({})
  const mutation = useMutation({
    mutationFn: signInWithPassword,
    onSuccess: (result) => {
      if (!result) return setErrors({ form: 'Sign in failed. Please try again.' })
      onAuthenticated()
    },
    onError: (error) => setErrors(failureErrors(error)),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = SignInSchema.safeParse(values)
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues))
    setErrors({})
    mutation.mutate(parsed.data)
  }

  return (
    <div className="mt-3 space-y-5">
      <Dialog.Description className="text-ink-600">Sign in to see your credits and saved designs.</Dialog.Description>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Sign in">
        <FormField label="Email" error={errors.email}>
          {(props) => <input {...props} type="email" autoComplete="email" required value={values.email} onChange={(event) => setValues({ ...values, email: event.target.value })} />}
        </FormField>
        <FormField label="Password" error={errors.password}>
          {(props) => <input {...props} type="password" autoComplete="current-password" required value={values.password} onChange={(event) => setValues({ ...values, password: event.target.value })} />}
        </FormField>
        <div className="flex justify-end">
          <button type="button" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline" onClick={() => onModeChange('reset')}>
            Forgot password?
          </button>
        </div>
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <GoogleButton />
      <p className="text-center text-sm text-ink-600">
        New to Lavo?{' '}
        <button type="button" className="font-medium text-brand-700 underline underline-offset-4" onClick={() => onModeChange('sign-up')}>
          Get started with 2 free credits
        </button>
      </p>
    </div>
  )
}

function ResetForm({ onModeChange }: { onModeChange: Props['onModeChange'] }) {
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<Fields>({})
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      toast.success('Password reset email sent! Check your inbox and follow the link to reset your password.')
      onModeChange('sign-in')
    },
    onError: (error) => setErrors(failureErrors(error)),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = PasswordResetRequestSchema.safeParse({ email })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues))
    setErrors({})
    mutation.mutate(parsed.data)
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Reset your password">
      <Dialog.Description className="text-ink-600">Enter the email you signed up with and we will send you a link to choose a new password.</Dialog.Description>
      <FormField label="Email" error={errors.email}>
        {(props) => <input {...props} type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />}
      </FormField>
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Send Reset Email'}
      </Button>
      <button type="button" className="block w-full text-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline" onClick={() => onModeChange('sign-in')}>
        Back to sign in
      </button>
    </form>
  )
}

function SignUpForm({ onModeChange, onAuthenticated }: { onModeChange: Props['onModeChange']; onAuthenticated: () => void }) {
  const [values, setValues] = useState({ email: '', password: '', newsletter: false })
  const [errors, setErrors] = useState<Fields>({})
  const newsletterId = useId()
  const mutation = useMutation({
    mutationFn: signUpWithPassword,
    onSuccess: () => onAuthenticated(),
    onError: (error) => setErrors(failureErrors(error, 'An error occurred during sign up')),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = SignUpSchema.safeParse(values)
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues))
    setErrors({})
    mutation.mutate(parsed.data)
  }

  return (
    <div className="mt-3 space-y-5">
      <Dialog.Description className="text-ink-600">
        Create your account and get <strong className="text-ink-900">2 free credits</strong> — that is 2 complete redesigns. No card needed. You can also join our email list for design ideas: tick the box below if you would like to (leave it any time).
      </Dialog.Description>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Create your account">
        <FormField label="Email" error={errors.email}>
          {(props) => <input {...props} type="email" autoComplete="email" required value={values.email} onChange={(event) => setValues({ ...values, email: event.target.value })} />}
        </FormField>
        <FormField label="Password" error={errors.password}>
          {(props) => (
            <input {...props} type="password" autoComplete="new-password" required minLength={6} placeholder="Minimum 6 characters" value={values.password} onChange={(event) => setValues({ ...values, password: event.target.value })} />
          )}
        </FormField>
        {/* Issue 22: consent to marketing email is asked, never assumed: unticked until its owner ticks it. */}
        <div className="flex items-start gap-3">
          <input
            id={newsletterId}
            type="checkbox"
            className="mt-0.5 h-6 w-6 shrink-0 rounded border-sand-300 accent-brand-700"
            checked={values.newsletter}
            onChange={(event) => setValues({ ...values, newsletter: event.target.checked })}
          />
          <label htmlFor={newsletterId} className="text-sm text-ink-700">
            {NEWSLETTER_CONSENT_WORDING}
          </label>
        </div>
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating your account…' : 'Create Free Account'}
        </Button>
      </form>
      <GoogleButton />
      <p className="text-center text-sm text-ink-600">
        Already have an account?{' '}
        <button type="button" className="font-medium text-brand-700 underline underline-offset-4" onClick={() => onModeChange('sign-in')}>
          Sign in
        </button>
      </p>
    </div>
  )
}
