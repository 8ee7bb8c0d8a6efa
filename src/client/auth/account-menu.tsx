import CircleUser from 'lucide-react/icons/circle-user'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { Button } from '../components/ui/button'
import { toast } from '../lib/toast'
import { useAuth } from './auth-context'
import { useLeaveNewsletter, useNewsletterStatus } from './newsletter-api'

/**
 * The account menu (issue 22): who is signed in and whether they are on the email list, with a way off it that
 * reaches the newsletter provider. The list status is read when the menu opens.
 */
export function AccountMenu() {
  const auth = useAuth()
  const [open, setOpen] = useState(false)
  const status = useNewsletterStatus(open && Boolean(auth.user))
  const leave = useLeaveNewsletter()
  if (!auth.user) return null

  let listLine: React.ReactNode
  if (status.isPending) listLine = <p className="text-sm text-ink-600">Checking your email list choice…</p>
  else if (status.isError) listLine = <p className="text-sm text-ink-600">Your email list choice could not be read just now.</p>
  else if (status.data.subscribed)
    listLine = (
      <>
        <p className="text-sm text-ink-700">You get design ideas by email.</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2 w-full"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => toast.success('You have left the email list.'),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {leave.isPending ? 'Leaving…' : 'Leave the email list'}
        </Button>
      </>
    )
  else listLine = <p className="text-sm text-ink-700">You are not on our email list.</p>

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100" aria-label="Account">
          <CircleUser aria-hidden="true" className="h-5 w-5" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} className="z-40 w-72 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-sand-200" aria-label="Account">
          <p className="text-xs font-semibold uppercase tracking-wider text-ink-600">Signed in as</p>
          <p className="mt-1 truncate font-medium text-ink-900">{auth.user.email}</p>
          <div className="mt-3 border-t border-sand-200 pt-3">{listLine}</div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
