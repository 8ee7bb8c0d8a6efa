import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** A 4:3 photo tile (its size reserved, so nothing moves while the picture loads) with a small corner label such as "Before". */
export function LabelledPhoto({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('relative aspect-[4/3] overflow-hidden rounded-2xl bg-sand-200 shadow-sm', className)}>
      {children}
      <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-ink-900 shadow-sm">{label}</span>
    </div>
  )
}
