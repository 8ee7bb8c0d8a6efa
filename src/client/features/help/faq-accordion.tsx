import { ChevronDown } from 'lucide-react'
import { useEffect } from 'react'
import type { FaqGroup } from './faq-content'

/** Every item shares this name: the browser keeps one open on the whole page (exclusive <details>). */
const FAQ_NAME = 'faq'

/**
 * spec §2 Help/FAQ: three accordion groups with one item open on the whole page, collapsible. Each item is a native
 * <details> disclosure, all under one name, so the browser itself opens one at a time, by mouse, touch and keyboard,
 * before and without any script (the page needs none to work, and hydrating it costs nothing). The answers are in the
 * prerendered HTML, so they are indexable. A link to `/help#<item id>` opens that item.
 */
export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  useEffect(() => {
    const openLinkedItem = () => {
      const id = decodeURIComponent(window.location.hash.slice(1))
      const item = id ? document.getElementById(id) : null
      if (!(item instanceof HTMLDetailsElement)) return
      item.open = true
      item.scrollIntoView({ block: 'start' })
    }
    openLinkedItem()
    window.addEventListener('hashchange', openLinkedItem)
    return () => window.removeEventListener('hashchange', openLinkedItem)
  }, [])

  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
          <h2 id={`${group.id}-title`} className="text-2xl text-ink-900 sm:text-3xl">
            {group.title}
          </h2>
          <div className="mt-5 divide-y divide-sand-200 rounded-2xl bg-white shadow-sm ring-1 ring-sand-200">
            {group.items.map((item) => (
              <details key={item.id} id={item.id} name={FAQ_NAME} className="group scroll-mt-24">
                <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-sans text-base font-semibold text-ink-900 hover:bg-sand-50 sm:px-6 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 group-open:rotate-180" />
                </summary>
                <div className="px-5 pb-5 text-ink-700 sm:px-6 [&_li]:mt-1.5 [&_p+p]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ul+p]:mt-3">{item.answer}</div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
