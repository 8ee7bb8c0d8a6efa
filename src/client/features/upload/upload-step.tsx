import { CircleAlert, ImageOff, ImageUp, Info, LoaderCircle } from 'lucide-react'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { Button } from '../../components/ui/button'
import type { StoredPhoto } from '../../lib/browser-storage'
import { cn } from '../../lib/cn'
import { warmUpImageWorker } from '../../lib/image-worker-client'
import { usePasteKeys } from './paste-hint'
import { readDropContent, type TransferLike } from './drop-content'
import { checkFile, dataUrlToFile, importWebImage, PhotoError, preparePhoto, type PreparedPhoto } from './prepare-photo'
import { checkPhotoCanBeUsed, type PhotoRefusal } from './photo-check-api'
import { STOCK_PHOTOS, StockThumbnail, stockPhotoFile, type StockPhoto } from './stock-photos'
import { PROCESSING_FAILED_MESSAGE, TEMPLATE_FAILED_MESSAGE, UPLOAD_ACCEPT } from '../../../shared/upload-rules'

type Props = {
  /** The photo already stored, shown as the preview. */
  photo: StoredPhoto | null
  /** An object URL for the photo's preview. */
  photoUrl: string | null
  /** Stores a freshly prepared photo. */
  onPhoto: (photo: StoredPhoto) => Promise<void>
  /** 'Continue to Styles →' */
  onContinue: () => void
  /** Forgets the stored photo so another can be chosen. */
  onClear: () => void
}

type Busy = null | 'preparing' | 'fetching' | 'checking'

/** Stands for a photo check that has not answered yet. */
const UNANSWERED = Symbol('unanswered')

/** Whether the paste happened in a place where text is being typed (then it is not ours). */
function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
}

/** Step 1: drag and drop, choose, paste or pick a stock photo; then a preview with 'Continue to Styles →' (spec §2). */
export function UploadStep({ photo, photoUrl, onPhoto, onContinue, onClear }: Props) {
  const inputId = useId()
  const pasteKeys = usePasteKeys()
  const fileInputRef = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const [busy, setBusy] = useState<Busy>(null)
  const [error, setError] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<PhotoRefusal | null>(null)
  const refusalRef = useRef<HTMLDivElement>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const continueRef = useRef<HTMLButtonElement>(null)
  const focusContinue = useRef(false)

  // The photo check still under way for the photo on show (decision 0042): 'Continue to Styles →' waits for it, and a
  // refusal that arrives takes the photo's place. Null when there is none (our own photos, or the check has answered).
  const pendingCheck = useRef<Promise<PhotoRefusal | null> | null>(null)

  async function acceptFile(file: File, options: { ours?: boolean } = {}) {
    setError(null)
    setNotice(null)
    setRefusal(null)
    pendingCheck.current = null
    try {
      setNotice(checkFile(file).notice)
      setBusy('preparing')
      // Our own sample photos are known to pass (bench/photo-screening.bench.ts); every other photo is checked now,
      // from a small copy sent while the photo is still being compressed.
      let early: Promise<PhotoRefusal | null> | undefined
      const prepared = await preparePhoto(file, options.ours ? undefined : (copy) => (early = checkPhotoCanBeUsed(copy, file.name)))
      if (options.ours) return await keepPhoto(prepared)
      const check = early ?? checkPhotoCanBeUsed(prepared.photo.blob, prepared.photo.name)
      // A check that has answered already decides at once; one still under way goes on while the photo is shown.
      const answered = await Promise.race([check, Promise.resolve(UNANSWERED)])
      if (answered === UNANSWERED) return await keepPhoto(prepared, check)
      if (answered) return refuse(answered)
      await keepPhoto(prepared)
    } catch (caught) {
      setError(caught instanceof PhotoError ? caught.message : PROCESSING_FAILED_MESSAGE)
    } finally {
      setBusy(null)
    }
  }

  /** Decision 0042: a photo of a person, or no photo of a room, is refused: the refusal takes the photo's place. */
  function refuse(found: PhotoRefusal) {
    pendingCheck.current = null
    setNotice(null)
    setRefusal(found)
    onClear()
  }

  /** A prepared photo from a web address, checked before it is kept (the server has it already, so it is quick). */
  async function refused(prepared: PreparedPhoto): Promise<boolean> {
    setBusy('checking')
    const found = await checkPhotoCanBeUsed(prepared.photo.blob, prepared.photo.name)
    if (!found) return false
    refuse(found)
    return true
  }

  async function keepPhoto(prepared: PreparedPhoto, check?: Promise<PhotoRefusal | null>) {
    pendingCheck.current = check ?? null
    // Set first: the photo is on show (and its Continue enabled) before onPhoto has finished keeping it.
    focusContinue.current = true
    setBusy(null)
    try {
      await onPhoto(prepared.photo)
    } catch (error) {
      focusContinue.current = false
      throw error
    }
    // Only once the photo is on show, so a refusal always comes after it (and takes its place).
    void check?.then((found) => {
      if (found && pendingCheck.current === check) refuse(found)
    })
  }

  /** 'Continue to Styles →': at once when the photo has passed its check; otherwise once the check answers. */
  async function continueWhenChecked() {
    const check = pendingCheck.current
    if (!check) return onContinue()
    setBusy('checking')
    const found = await check
    setBusy(null)
    // Another photo was chosen meanwhile, or the refusal has already taken this one's place.
    if (pendingCheck.current !== check) return
    pendingCheck.current = null
    if (found) refuse(found)
    else onContinue()
  }

  function choosePhotoAgain() {
    pendingCheck.current = null
    onClear()
  }

  async function acceptTransfer(transfer: TransferLike) {
    const content = readDropContent(transfer)
    setError(null)
    setNotice(null)
    setRefusal(null)
    try {
      switch (content.kind) {
        case 'file':
          return await acceptFile(content.file)
        case 'data-url':
          return await acceptFile(dataUrlToFile(content.url))
        case 'web-url': {
          setBusy('fetching')
          // The server has normalised it already: it is stored as it comes.
          const imported = await importWebImage(content.url)
          if (!(await refused(imported))) await keepPhoto(imported)
          return setBusy(null)
        }
        case 'error':
          setError(content.message)
      }
    } catch (caught) {
      setBusy(null)
      setError(caught instanceof PhotoError ? caught.message : PROCESSING_FAILED_MESSAGE)
    }
  }

  async function acceptStock(stock: StockPhoto) {
    setError(null)
    setNotice(null)
    setBusy('preparing')
    let file: File
    try {
      file = await stockPhotoFile(stock)
    } catch {
      setBusy(null)
      setError(TEMPLATE_FAILED_MESSAGE)
      return
    }
    await acceptFile(file, { ours: true })
  }

  // A refusal takes the focus, so it is heard and its 'Choose another photo' is the next stop.
  // It may arrive while the photo is on show: the photo then goes, and the refusal is drawn again in the upload view.
  useEffect(() => {
    if (refusal) refusalRef.current?.focus()
  }, [refusal, photo])

  // Keyboard users land on 'Continue to Styles →' once their photo is ready.
  useEffect(() => {
    if (photo && focusContinue.current) {
      focusContinue.current = false
      continueRef.current?.focus()
    }
  }, [photo])

  // spec §2: paste from the clipboard anywhere on step 1.
  const acceptTransferRef = useRef(acceptTransfer)
  const acceptFileRef = useRef(acceptFile)
  useEffect(() => {
    acceptTransferRef.current = acceptTransfer
    acceptFileRef.current = acceptFile
  })
  // The file input works before the page is hydrated (its label opens the picker): a file chosen then is taken now.
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const input = inputRef.current
    const file = input?.files?.[0]
    if (!input || !file) return
    input.value = ''
    void acceptFileRef.current(file)
  }, [])
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (!event.clipboardData || isTypingTarget(event.target)) return
      event.preventDefault()
      void acceptTransferRef.current(event.clipboardData)
    }
    // A file dropped beside the drop zone must not make the browser leave the page to show it.
    const stopNavigation = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault()
    }
    window.addEventListener('paste', onPaste)
    window.addEventListener('dragover', stopNavigation)
    window.addEventListener('drop', stopNavigation)
    return () => {
      window.removeEventListener('paste', onPaste)
      window.removeEventListener('dragover', stopNavigation)
      window.removeEventListener('drop', stopNavigation)
    }
  }, [])

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      event.preventDefault()
      warmUpImageWorker()
      setDragging(true)
    },
    onDragOver: (event: DragEvent) => {
      event.preventDefault()
      event.dataTransfer.dropEffect = 'copy'
      if (!dragging) setDragging(true)
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault()
      setDragging(false)
      if (busy) return
      void acceptTransfer(event.dataTransfer)
    },
  }

  const messages = (
    <div className="min-h-0 space-y-2">
      {refusal && (
        <div ref={refusalRef} tabIndex={-1} role="alert" data-testid="photo-refusal" className="rounded-2xl bg-red-50 px-4 py-4 text-red-900 ring-1 ring-red-200 focus:outline-2 focus:outline-offset-2 focus:outline-red-700">
          <p className="flex items-start gap-2 font-semibold">
            <ImageOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            We can't use this photo
          </p>
          <p className="mt-1 text-sm">{refusal.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => (fileInputRef.current ? fileInputRef.current.click() : choosePhotoAgain())}>
            Choose another photo
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {error}
        </p>
      )}
      <div role="status" aria-live="polite">
        {notice && (
          <p className="flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {notice}
          </p>
        )}
        {busy && (
          <p className="mt-2 flex items-center gap-2 text-sm text-ink-700">
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
            {busy === 'fetching' ? 'Fetching the image…' : busy === 'checking' ? 'Checking your photo…' : 'Preparing your photo…'}
          </p>
        )}
      </div>
    </div>
  )

  if (photo) {
    const ratio = photo.width && photo.height ? `${photo.width} / ${photo.height}` : '4 / 3'
    return (
      <div className="grid gap-6 lg:grid-cols-5 lg:items-start" {...dropHandlers}>
        <figure className="lg:col-span-3">
          <div className="overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200" style={{ aspectRatio: ratio }}>
            {photoUrl ? (
              <img src={photoUrl} alt="Your bathroom photo" width={photo.width ?? 1024} height={photo.height ?? 768} className="h-full w-full object-cover" />
            ) : (
              <div className="flex h-full items-center justify-center p-6 text-center text-ink-600">
                <p>Your photo is ready. Its preview cannot be shown in this browser, but it will be used as it is.</p>
              </div>
            )}
          </div>
          <figcaption className="mt-2 truncate text-sm text-ink-600">{photo.name}</figcaption>
        </figure>
        <div className="space-y-4 lg:col-span-2">
          <p className="text-lg text-ink-700">Looking good. Next, choose the style you would like to see in this room.</p>
          <Button ref={continueRef} size="lg" className="w-full sm:w-auto" onClick={() => void continueWhenChecked()} disabled={busy !== null}>
            Continue to Styles →
          </Button>
          <div>
            <Button variant="secondary" className="w-full sm:w-auto" onClick={choosePhotoAgain} disabled={busy !== null}>
              Choose a different photo
            </Button>
          </div>
          {messages}
        </div>
      </div>
    )
  }

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <div className="flex flex-col lg:col-span-3">
        <div
          {...dropHandlers}
          data-testid="photo-drop-zone"
          // A click on the zone before the app is live is held by the boot script and replayed (boot.ts).
          data-hold-press=""
          aria-busy={busy !== null}
          // spec §2 step 1 'drag and drop or click': a click anywhere in the zone opens the file picker. The file input is
          // the zone's one keyboard stop (no nested controls), and Enter or Space on it opens the picker too.
          onClick={(event) => {
            if ((event.target as Element).closest('label, input, button, a')) return
            fileInputRef.current?.click()
          }}
          onKeyDown={(event) => {
            if (event.target !== fileInputRef.current || (event.key !== 'Enter' && event.key !== ' ')) return
            event.preventDefault()
            fileInputRef.current?.click()
          }}
          className={cn(
            'flex min-h-72 flex-1 cursor-pointer flex-col items-center justify-center gap-4 rounded-3xl border-2 border-dashed bg-white px-6 py-10 text-center transition-colors has-[:focus-visible]:border-brand-600',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-sand-300',
          )}
        >
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ImageUp aria-hidden="true" className="h-7 w-7" />
          </span>
          <div>
            <p className="text-lg font-medium text-ink-900">Drag and drop a photo of your bathroom</p>
            {pasteKeys && <p className="mt-1 text-sm text-ink-600">or paste one with {pasteKeys}</p>}
          </div>
          <div>
            <input
              ref={fileInputRef}
              id={inputId}
              type="file"
              accept={UPLOAD_ACCEPT}
              className="peer sr-only"
              aria-describedby={hintId}
              disabled={busy !== null}
              onFocus={warmUpImageWorker}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0]
                event.currentTarget.value = ''
                if (file) void acceptFile(file)
              }}
            />
            <label
              htmlFor={inputId}
              // The photo is prepared in a worker: start it while the visitor is still choosing the file.
              onPointerDown={warmUpImageWorker}
              className="inline-flex h-12 cursor-pointer items-center justify-center gap-2 rounded-full bg-brand-700 px-6 font-medium text-white shadow-sm transition-colors hover:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
            >
              Choose a photo
            </label>
          </div>
          <p id={hintId} className="max-w-sm text-sm text-ink-600">
            JPEG, PNG, WebP or HEIC up to 10 MB. A clear, well-lit photo of at least 1024×768 works best. No people in the photo, please.
          </p>
        </div>
        <div className="mt-4">{messages}</div>
      </div>

      <div className="lg:col-span-2">
        <h3 className="font-sans text-base font-semibold text-ink-900">No photo to hand? Try one of ours</h3>
        <ul className="mt-3 grid grid-cols-2 gap-3">
          {STOCK_PHOTOS.map((stock) => (
            <li key={stock.id}>
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void acceptStock(stock)}
                className="group block w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md disabled:opacity-60"
              >
                <span className="block aspect-[4/3] overflow-hidden">
                  <StockThumbnail photo={stock} className="h-full w-full transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none" />
                </span>
                <span className="block px-3 py-2 text-sm font-medium text-ink-900">
                  <span className="sr-only">Use the sample photo: </span>
                  {stock.label}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
