import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

// `button-primary` styles nothing: it marks the one main action of a view, which the e2e suite counts (decision 0048).
const VARIANTS = {
  primary: 'button-primary bg-brand-700 text-white hover:bg-brand-800 shadow-sm',
  secondary: 'bg-white text-ink-900 ring-1 ring-inset ring-sand-300 hover:bg-sand-100',
  ghost: 'text-ink-700 hover:bg-sand-100',
  accent: 'bg-clay-600 text-white hover:bg-clay-700 shadow-sm',
} as const

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-[0.95rem]',
  lg: 'h-12 px-6 text-base',
} as const

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof VARIANTS
  size?: keyof typeof SIZES
}

export function buttonClass(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors disabled:pointer-events-none disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  )
}

// A link that looks like a button uses buttonClass() on the <Link> itself: no Radix Slot on every page for that.
export function Button({ variant = 'primary', size = 'md', className, type, ...props }: ButtonProps) {
  return <button className={buttonClass(variant, size, className)} type={type ?? 'button'} {...props} />
}
