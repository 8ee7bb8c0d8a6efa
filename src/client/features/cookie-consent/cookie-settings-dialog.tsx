import { Dialog, Switch } from 'radix-ui'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { useCookieConsent } from './use-cookie-consent'

const CATEGORIES = [
  { key: 'necessary', label: 'Necessary', description: 'Required for the site to function.' },
  { key: 'analytics', label: 'Analytics', description: 'Helps us understand how visitors use the site.' },
  { key: 'marketing', label: 'Marketing', description: 'Shows relevant advertising and tracks campaign performance.' },
  { key: 'functional', label: 'Functional', description: 'Remembers your preferences and provides enhanced features.' },
] as const

/** spec §2 Cookie settings: one switch per category; Save stores the choice, Cancel discards it. */
export function CookieSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="font-display text-2xl">Cookie Settings</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-600">Choose which cookies you allow. Necessary cookies are always on.</Dialog.Description>
          {/* Mounted only while open, so Cancel discards unsaved choices. */}
          <CookieChoices onSaved={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function CookieChoices({ onSaved }: { onSaved: () => void }) {
  const consent = useCookieConsent()
  const stored = consent.state?.preferences
  const [choices, setChoices] = useState({ analytics: stored?.analytics ?? false, marketing: stored?.marketing ?? false, functional: stored?.functional ?? false })

  return (
    <>
      <ul className="mt-5 divide-y divide-sand-200">
        {CATEGORIES.map((category) => {
          const id = `cookie-${category.key}`
          const isNecessary = category.key === 'necessary'
          const checked = isNecessary ? true : choices[category.key]
          return (
            <li key={category.key} className="flex items-start justify-between gap-4 py-3">
              <div>
                <label htmlFor={id} className="font-medium text-ink-900">
                  {category.label}
                </label>
                <p id={`${id}-description`} className="text-sm text-ink-600">
                  {category.description}
                </p>
              </div>
              <Switch.Root
                id={id}
                checked={checked}
                disabled={isNecessary}
                aria-describedby={`${id}-description`}
                onCheckedChange={(value) => {
                  if (!isNecessary) setChoices((previous) => ({ ...previous, [category.key]: value }))
                }}
                className="relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-ink-500 transition-colors data-[state=checked]:bg-brand-700 disabled:opacity-70"
              >
                <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
              </Switch.Root>
            </li>
          )
        })}
      </ul>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button
          onClick={() => {
            consent.save(choices)
            onSaved()
          }}
        >
          Save Settings
        </Button>
      </div>
    </>
  )
}
