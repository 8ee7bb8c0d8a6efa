import { useEffect, useRef } from 'react'
import { toast } from '../../lib/toast'
import { styleTitle } from '../../../shared/catalogue/styles'
import { ApiError } from '../../lib/api'
import { useDesign } from './design-api'
import { DesignImage } from './design-image'
import { creditsUsedLabel, designPalette, formatDesignDate } from './design-format'

type Props = {
  designId: string
  /** The design is not (or no longer) the member's: the page goes back to the grid. */
  onMissing: () => void
}

/** The top of the My Designs detail view: which design the recommendations are for. */
export function DesignDetailHeader({ designId, onMissing }: Props) {
  const design = useDesign(designId)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const missing = design.error instanceof ApiError && design.error.status === 404

  // Opening the detail view moves focus to its heading, so screen readers announce the new view.
  useEffect(() => {
    headingRef.current?.focus()
  }, [designId])

  useEffect(() => {
    if (!missing) return
    toast.error('Design not found')
    onMissing()
  }, [missing, onMissing])

  const data = design.data

  const palette = data ? designPalette(data.color_palette) : null
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="w-full shrink-0 overflow-hidden rounded-2xl shadow-sm ring-1 ring-sand-200 sm:w-64">
        {data ? <DesignImage src={data.transformed_image_url} alt={`${styleTitle(data.style)} bathroom design`} loading="eager" /> : <div className="aspect-[4/3] animate-pulse bg-sand-200 motion-reduce:animate-none" />}
      </div>
      <div className="min-w-0">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Product recommendations</p>
        <h1 ref={headingRef} tabIndex={-1} className="mt-2 text-4xl leading-tight text-ink-900 focus:outline-none sm:text-5xl">
          {data ? `${styleTitle(data.style)} bathroom` : 'Your design'}
        </h1>
        <p className="mt-3 min-h-7 text-lg text-ink-600">
          {data && (
            <>
              <time dateTime={data.created_at} className="whitespace-nowrap">
                {formatDesignDate(data.created_at)}
              </time>
              {palette && (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">{palette.name}</span>
                </>
              )}
              {' · '}
              <span className="whitespace-nowrap">{creditsUsedLabel(data.credits_used)}</span>
            </>
          )}
        </p>
      </div>
    </div>
  )
}
