import { ImageOff } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { CAPTION_BAND_FRACTION } from '../../../shared/generation'
import { cn } from '../../lib/cn'

// Generated designs are 4:3; the box keeps that shape whatever the file, so nothing moves while it loads.
const BOX_WIDTH = 960
const BOX_HEIGHT = 720
// The picture is drawn taller than its box by the caption band and anchored at the top, so the band (which the
// box would otherwise cut mid-word at its sides) stays below the fold of the box, as a download crops it away.
const CROPPED_HEIGHT = `${(100 / (1 - CAPTION_BAND_FRACTION)).toFixed(3)}%`

type Props = { src: string; alt: string; className?: string; loading?: 'lazy' | 'eager' }

/** A design's picture, without its caption band, in a fixed 4:3 box (lazy by default), with a quiet stand-in if the file is gone. */
export function DesignImage({ src, alt, className, loading = 'lazy' }: Props) {
  const imageRef = useRef<HTMLImageElement>(null)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  // An image can fail before React attaches onError (e.g. served from cache): check once mounted.
  useEffect(() => {
    const image = imageRef.current
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc) setFailedSrc(src)
  }, [src])

  return (
    <div className={cn('relative aspect-[4/3] overflow-hidden bg-sand-100', className)}>
      {failedSrc === src ? (
        <div role="img" aria-label={alt} className="flex h-full w-full flex-col items-center justify-center gap-2 text-ink-600">
          <ImageOff aria-hidden="true" className="h-8 w-8" />
          <span className="text-sm">Image unavailable</span>
        </div>
      ) : (
        <img
          ref={imageRef}
          src={src}
          alt={alt}
          width={BOX_WIDTH}
          height={BOX_HEIGHT}
          loading={loading}
          decoding="async"
          className="absolute inset-x-0 top-0 w-full object-cover object-top"
          style={{ height: CROPPED_HEIGHT }}
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  )
}
