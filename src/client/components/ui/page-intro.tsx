import type { ReactNode } from 'react'

/** The heading block every page opens with. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="container-page pb-8 pt-12 sm:pt-16">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">{eyebrow}</p>}
      <h1 className="mt-2 max-w-3xl text-4xl leading-tight text-ink-900 sm:text-5xl">{title}</h1>
      {children && <div className="mt-4 max-w-2xl text-lg text-ink-600">{children}</div>}
    </div>
  )
}
