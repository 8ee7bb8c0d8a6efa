import { Check, Copy, Link2, Link2Off, LoaderCircle, Share2, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useEffect, useId, useRef, useState } from 'react'
import { buttonClass, Button } from '../../components/ui/button'
import { ApiError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useCreateShareLink, useRevokeShareLink, useShareLink } from './share-api'

export const LINK_COPIED_MESSAGE = 'Link copied'
export const LINK_TURNED_OFF_MESSAGE = 'Link turned off. It no longer opens your design.'
const LINK_FAILED_MESSAGE = 'The link could not be changed. Please try again.'

type Props = {
  designId: string
  /** e.g. "Coastal design from November 23, 2026", for the button's accessible name. */
  description: string
}

/** Share: make a public link to this design, copy it, or turn it off (decision 0043-share-links). */
export function ShareDesignDialog({ designId, description }: Props) {
  const [open, setOpen] = useState(false)
  const [copied, setCopied] = useState(false)
  const linkInputId = useId()
  const linkInput = useRef<HTMLInputElement>(null)
  const link = useShareLink(designId, open)
  const create = useCreateShareLink(designId)
  const revoke = useRevokeShareLink(designId)
  const busy = create.isPending || revoke.isPending
  const url = link.data?.url ?? null
  const createButton = useRef<HTMLButtonElement>(null)
  const copyButton = useRef<HTMLButtonElement>(null)

  // Once the dialog knows whether there is a link (and after making or turning one off), focus goes to the next step.
  const settled = open && !link.isLoading && !link.isError
  useEffect(() => {
    if (!settled) return
    ;(url ? copyButton : createButton).current?.focus()
  }, [settled, url])

  const failed = (error: unknown) => toast.error(error instanceof ApiError && error.status !== 0 ? error.message : LINK_FAILED_MESSAGE)

  async function copy() {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected for the visitor to copy.
      linkInput.current?.select()
      return
    }
    setCopied(true)
    toast.success(LINK_COPIED_MESSAGE)
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setCopied(false)
      }}
    >
      <Dialog.Trigger className={buttonClass('secondary', 'md')}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share<span className="sr-only"> {description}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-xl sm:p-8" data-testid="share-dialog">
          <Dialog.Title className="font-display text-2xl leading-tight text-ink-900">Share this design</Dialog.Title>
          <Dialog.Description className="mt-3 text-ink-600">
            Anyone with the link can see the before and after pictures, the style and the palette, without an account. Nothing else from your account is shown. You can turn the link off at any
            time.
          </Dialog.Description>

          <div className="mt-6" aria-live="polite" aria-busy={link.isLoading || busy}>
            {link.isLoading ? (
              <p className="flex items-center gap-2 text-ink-700">
                <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
                Checking for a link…
              </p>
            ) : link.isError ? (
              <p className="text-red-800">We could not check this design’s link. Close this window and try again.</p>
            ) : url ? (
              <div>
                <label htmlFor={linkInputId} className="text-sm font-medium text-ink-900">
                  Link to this design
                </label>
                <div className="mt-2 flex flex-col gap-2 sm:flex-row">
                  <input
                    ref={linkInput}
                    id={linkInputId}
                    readOnly
                    value={url}
                    onFocus={(event) => event.currentTarget.select()}
                    className="h-11 min-w-0 flex-none rounded-xl border sm:flex-1 border-sand-300 bg-sand-50 px-3 text-sm text-ink-900"
                  />
                  <Button ref={copyButton} onClick={() => void copy()}>
                    {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                </div>
                <Button
                  variant="ghost"
                  className="mt-4 text-red-800 hover:bg-red-50"
                  disabled={busy}
                  onClick={() =>
                    revoke.mutate(undefined, {
                      onSuccess: () => {
                        setCopied(false)
                        toast.success(LINK_TURNED_OFF_MESSAGE)
                      },
                      onError: failed,
                    })
                  }
                >
                  {revoke.isPending ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : <Link2Off aria-hidden="true" className="h-4 w-4" />}
                  Turn off link
                </Button>
              </div>
            ) : (
              <Button ref={createButton} disabled={busy} onClick={() => create.mutate(undefined, { onError: failed })}>
                {create.isPending ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : <Link2 aria-hidden="true" className="h-4 w-4" />}
                Create link
              </Button>
            )}
          </div>

          <Dialog.Close className={buttonClass('ghost', 'sm', 'absolute right-3 top-3 h-10 w-10 px-0')} aria-label="Close">
            <X aria-hidden="true" className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
