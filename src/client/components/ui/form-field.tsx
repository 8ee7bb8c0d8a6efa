import { useId, type ReactElement } from 'react'

type ControlProps = {
  id: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
  className: string
}

export const INPUT_CLASS =
  'block w-full rounded-xl border border-sand-300 bg-white px-4 py-3 text-ink-900 placeholder:text-ink-500 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-700'

/** A labelled control with its error message wired up for screen readers. */
export function FormField({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: (props: ControlProps) => ReactElement }) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-900">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: INPUT_CLASS })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
