import type { ReactNode } from 'react'

// spec §2 Legal pages: each dated effective and last updated August 6, 2025.
export const LEGAL_EFFECTIVE_DATE = 'August 6, 2025'
export const LEGAL_UPDATED_DATE = 'August 6, 2025'
export const SUPPORT_EMAIL = 'support@lavo.design'

export type LegalSection = { id: string; title: string; content: ReactNode }

/** The body styles of a legal text, so section content can be plain paragraphs, lists and tables. */
const PROSE =
  'text-ink-700 leading-relaxed [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-800 [&_code]:rounded [&_code]:bg-sand-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-ink-900 [&_h3]:mt-6 [&_h3]:font-sans [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-ink-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5'

/** A static legal document: title, dates, a plain-language summary, a table of contents and numbered sections. */
export function LegalPage({ title, intro, summary, sections }: { title: string; intro: ReactNode; summary: readonly string[]; sections: readonly LegalSection[] }) {
  return (
    <div className="container-page pb-8 pt-12 sm:pt-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Legal</p>
        <h1 className="mt-2 text-4xl leading-tight text-ink-900 sm:text-5xl">{title}</h1>
        <div className="mt-4 flex flex-col gap-1 text-sm text-ink-600 sm:flex-row sm:gap-6">
          <p>{`Effective date: ${LEGAL_EFFECTIVE_DATE}`}</p>
          <p>{`Last updated: ${LEGAL_UPDATED_DATE}`}</p>
        </div>
        <div className="mt-6 text-lg text-ink-700">{intro}</div>
      </header>

      <section aria-labelledby="legal-summary-title" className="mt-10 max-w-3xl rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
        <h2 id="legal-summary-title" className="font-sans text-base font-semibold uppercase tracking-widest text-brand-800">
          In short
        </h2>
        <ul className="mt-4 space-y-2 text-ink-700">
          {summary.map((point) => (
            <li key={point} className="flex gap-3">
              <span aria-hidden="true" className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-700" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink-600">This summary is for convenience; the full text below is what applies.</p>
      </section>

      <div className="mt-12 grid gap-10 lg:grid-cols-[15rem_1fr] lg:gap-16">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="font-sans text-sm font-semibold uppercase tracking-widest text-ink-900">On this page</h2>
          <ol className="mt-3 space-y-1 border-l border-sand-300 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="-ml-px block border-l-2 border-transparent py-1 pl-4 text-ink-600 hover:border-brand-600 hover:text-ink-900">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="min-w-0 max-w-3xl">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24 border-t border-sand-200 py-8 first:border-t-0 first:pt-0">
              <h2 id={`${section.id}-title`} className="text-2xl text-ink-900 sm:text-3xl">
                {index + 1}. {section.title}
              </h2>
              <div className={PROSE}>{section.content}</div>
            </section>
          ))}
          <p className="mt-4 rounded-2xl bg-sand-100 p-5 text-ink-700">
            Questions about this page? Email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline underline-offset-4">
              {SUPPORT_EMAIL}
            </a>{' '}
            and we’ll reply within 24-48 hours on business days.
          </p>
        </article>
      </div>
    </div>
  )
}
