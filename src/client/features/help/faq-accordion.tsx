import { ChevronDown } from 'lucide-react'
import { Accordion } from 'radix-ui'
import { useEffect, useState } from 'react'
import type { FaqGroup } from './faq-content'

/**
 * spec §2 Help/FAQ: three accordion groups with one item open on the whole page, collapsible. Each Radix
 * group is single + collapsible; the page holds the one open id so opening an item in one group closes the
 * item open in another. A link to `/help#<item id>` opens that item.
 */
export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  const [openItem, setOpenItem] = useState('')

  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (groups.some((group) => group.items.some((item) => item.id === id))) {
      setOpenItem(id)
      document.getElementById(id)?.scrollIntoView({ block: 'start' })
    }
  }, [groups])

  return (
    <div className="space-y-12">
      {groups.map((group) => {
        const value = group.items.some((item) => item.id === openItem) ? openItem : ''
        return (
          <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
            <h2 id={`${group.id}-title`} className="text-2xl text-ink-900 sm:text-3xl">
              {group.title}
            </h2>
            <Accordion.Root type="single" collapsible value={value} onValueChange={setOpenItem} className="mt-5 divide-y divide-sand-200 rounded-2xl bg-white shadow-sm ring-1 ring-sand-200">
              {group.items.map((item) => (
                <Accordion.Item key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
                  <Accordion.Header className="font-sans text-base">
                    <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-ink-900 hover:bg-sand-50 sm:px-6">
                      {item.question}
                      <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 group-data-[state=open]:rotate-180" />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  {/* forceMount keeps the answers in the prerendered HTML (hidden while closed) so they are indexable. */}
                  <Accordion.Content
                    forceMount
                    className="px-5 pb-5 text-ink-700 data-[state=closed]:hidden sm:px-6 [&_li]:mt-1.5 [&_p+p]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ul+p]:mt-3"
                  >
                    {item.answer}
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </section>
        )
      })}
    </div>
  )
}
