import { Download, LoaderCircle, Lock, ShoppingBag } from 'lucide-react'
import { describeChanges } from '../../../shared/change-groups'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { toast } from '../../lib/toast'
import { styleTitle } from '../../../shared/catalogue/styles'
import { LOCAL_ENGINE_METHOD } from '../../../shared/generation'
import type { DesignView } from '../../../shared/schemas/designs'
import { PaletteSwatch } from '../../components/ui/palette-swatch'
import { Button, buttonClass } from '../../components/ui/button'
import { designFileName, downloadDesignImage } from '../../lib/download-design'
import { DeleteDesignDialog } from './delete-design-dialog'
import { DesignImage } from './design-image'
import { ShareDesignDialog } from './share-design-dialog'
import { creditsUsedLabel, designDescription, designPalette, formatDesignDate } from './design-format'

// spec §8 Download (My Designs), verbatim.
export const DOWNLOAD_SUCCESS_MESSAGE = 'Design downloaded successfully!'
export const DOWNLOAD_FAILURE_MESSAGE = 'Failed to download design'

type Props = {
  design: DesignView
  /** spec §6: paid members get product recommendations; everyone else an upgrade prompt. */
  isPaid: boolean
  onOpenRecommendations: (design: DesignView) => void
  onDeleted: (designId: string) => void
  /** Move focus to this card's recommendations button (back from the detail view). */
  focusRecommendations?: boolean
}

/** One saved design (spec §2 My Designs card). */
export function DesignCard({ design, isPaid, onOpenRecommendations, onDeleted, focusRecommendations = false }: Props) {
  const titleId = useId()
  const sampleNoteId = useId()
  const recommendationsRef = useRef<HTMLButtonElement>(null)
  const [downloading, setDownloading] = useState(false)
  const title = styleTitle(design.style)
  const date = formatDesignDate(design.created_at)
  const description = designDescription(design)
  const palette = designPalette(design.color_palette)

  useEffect(() => {
    if (focusRecommendations) recommendationsRef.current?.focus()
  }, [focusRecommendations])

  async function download() {
    setDownloading(true)
    try {
      await downloadDesignImage(design.transformed_image_url, designFileName(design.style, design.created_at))
      toast.success(DOWNLOAD_SUCCESS_MESSAGE)
    } catch {
      toast.error(DOWNLOAD_FAILURE_MESSAGE)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200" data-design-id={design.id}>
      <div className="relative">
        <DesignImage src={design.transformed_image_url} alt={`${title} bathroom design`} />
        {design.is_fallback && (
          <span className="absolute left-3 top-3 rounded-full bg-ink-900/85 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-white">Sample</span>
        )}
      </div>

      <div className="flex flex-1 flex-col p-5">
        <h2 id={titleId} className="text-2xl text-ink-900">
          {title}
        </h2>
        <dl className="mt-2 space-y-1 text-sm text-ink-600">
          <div>
            <dt className="sr-only">Created</dt>
            <dd>
              <time dateTime={design.created_at}>{date}</time>
            </dd>
          </div>
          {palette && (
            <div className="flex items-center gap-2">
              <dt className="sr-only">Colour palette</dt>
              <dd className="flex items-center gap-2">
                <PaletteSwatch palette={palette.id} />
                {palette.name}
              </dd>
            </div>
          )}
          <div className="flex gap-1" data-testid="design-changes">
            {/* Decision 0045: what the redesign changed; the rest of the photo was kept. */}
            <dt>Changed:</dt>
            <dd>{describeChanges(design.changes)}</dd>
          </div>
          <div>
            <dt className="sr-only">Credits</dt>
            <dd>{creditsUsedLabel(design.credits_used)}</dd>
          </div>
          {design.method_used === LOCAL_ENGINE_METHOD && (
            <div>
              <dt className="sr-only">Made by</dt>
              <dd>Concept render by Lavo’s built-in engine, not an AI model</dd>
            </div>
          )}
        </dl>

        <div className="mt-auto pt-5">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="flex-1" onClick={download} disabled={downloading} aria-busy={downloading || undefined}>
              {downloading ? (
                <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
              ) : (
                <Download aria-hidden="true" className="h-4 w-4" />
              )}
              Download<span className="sr-only"> {description}</span>
            </Button>
            {!design.is_fallback && <ShareDesignDialog designId={design.id} description={description} />}
            <DeleteDesignDialog designId={design.id} description={description} onDeleted={() => onDeleted(design.id)} />
          </div>

          {isPaid ? (
            <div className="mt-3">
              <Button
                ref={recommendationsRef}
                variant="secondary"
                className="w-full"
                disabled={design.is_fallback}
                aria-describedby={design.is_fallback ? sampleNoteId : undefined}
                onClick={() => onOpenRecommendations(design)}
              >
                <ShoppingBag aria-hidden="true" className="h-4 w-4" />
                Get Product Recommendations<span className="sr-only"> for the {description}</span>
              </Button>
              {design.is_fallback && (
                <p id={sampleNoteId} className="mt-2 text-center text-sm text-ink-600">
                  Not available for sample images.
                </p>
              )}
            </div>
          ) : (
            <div className="mt-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
              <p className="flex items-center gap-2 font-medium text-ink-900">
                <Lock aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                Unlock Product Recommendations
              </p>
              <p className="mt-1 text-sm text-ink-700">Shop this look with a list of matching products from trusted retailers.</p>
              <Link to="/pricing" className={buttonClass('secondary', 'sm', 'mt-3 w-full')}>
                Upgrade Now
              </Link>
            </div>
          )}
        </div>
      </div>
    </article>
  )
}
