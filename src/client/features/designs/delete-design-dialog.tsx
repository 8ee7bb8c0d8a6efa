import { LoaderCircle, Trash2 } from 'lucide-react'
import { AlertDialog } from 'radix-ui'
import { useState, type MouseEvent } from 'react'
import { toast } from '../../lib/toast'
import { buttonClass } from '../../components/ui/button'
import { ApiError } from '../../lib/api'
import { useDeleteDesign } from './design-api'

export const DESIGN_DELETED_MESSAGE = 'Design deleted'
const DELETE_FAILED_MESSAGE = 'Failed to delete design'

type Props = {
  designId: string
  /** e.g. "Coastal design from November 23, 2026", for the button's accessible name and the question. */
  description: string
  /** Runs once the design is gone (its card unmounts with this dialog, so focus needs a new home). */
  onDeleted: () => void
}

/** Delete with a confirmation (Radix AlertDialog); the dialog stays open, busy, until the server answers. */
export function DeleteDesignDialog({ designId, description, onDeleted }: Props) {
  const [open, setOpen] = useState(false)
  const deletion = useDeleteDesign()

  function confirm(event: MouseEvent) {
    // Keep the dialog open while the request runs; close it ourselves when it is done.
    event.preventDefault()
    deletion.mutate(designId, {
      onSuccess: () => {
        setOpen(false)
        toast.success(DESIGN_DELETED_MESSAGE)
        onDeleted()
      },
      onError: (error) => {
        toast.error(error instanceof ApiError && error.status === 404 ? 'This design was already deleted' : DELETE_FAILED_MESSAGE)
      },
    })
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !deletion.isPending && setOpen(next)}>
      <AlertDialog.Trigger className={buttonClass('ghost', 'md', 'text-red-800 hover:bg-red-50')}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete<span className="sr-only"> {description}</span>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-xl sm:p-8">
          <AlertDialog.Title className="font-display text-2xl leading-tight text-ink-900">Delete this design?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-ink-600">
            The {description}, its images and its shopping list will be removed for good. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('secondary', 'md')} disabled={deletion.isPending}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('primary', 'md', 'bg-red-700 hover:bg-red-800')} disabled={deletion.isPending} onClick={confirm}>
              {deletion.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
                  Deleting…
                </>
              ) : (
                'Delete design'
              )}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
