import { useEffect, useRef, useState, type ReactNode } from 'react'
import { preload } from 'react-dom'
import type { ImageSources } from '../../../shared/catalogue/images'
import { cn } from '../../lib/cn'

type Props = {
  sources: ImageSources
  sizes: string
  /** Empty for a decorative image whose control or caption already names it. */
  alt: string
  className?: string
  /** Shown instead when the image cannot load (e.g. a render that is not committed yet). */
  fallback: ReactNode
  loading?: 'lazy' | 'eager'
  /** 'high' for the image that is the page's largest paint, so the browser fetches it ahead of the rest. */
  fetchPriority?: 'high' | 'low' | 'auto'
}

/**
 * A catalogue image as AVIF/WebP/JPEG with its intrinsic size (no layout shift), falling back to a drawn
 * stand-in when the file is missing.
 */
export function CataloguePicture({ sources, sizes, alt, className, fallback, loading = 'lazy', fetchPriority }: Props) {
  const imageRef = useRef<HTMLImageElement>(null)
  const [failed, setFailed] = useState(false)
  // The page's largest paint: announced in <head> of the prerendered page, so it downloads beside the stylesheet
  // rather than after the body has been parsed (browsers without AVIF skip it and find the <picture> as before).
  if (fetchPriority === 'high') preload(sources.jpg, { as: 'image', imageSrcSet: sources.avif, imageSizes: sizes, type: 'image/avif', fetchPriority: 'high' })
  // A prerendered <img> can fail before React attaches onError: check once mounted.
  useEffect(() => {
    const image = imageRef.current
    if (image?.complete && image.naturalWidth === 0) setFailed(true)
  }, [])
  if (failed) return <>{fallback}</>
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img
        ref={imageRef}
        src={sources.jpg}
        width={sources.width}
        height={sources.height}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={cn('object-cover', className)}
        onError={() => setFailed(true)}
      />
    </picture>
  )
}
