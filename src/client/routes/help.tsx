import { PageIntro } from '../components/ui/page-intro'
import { FaqAccordion } from '../features/help/faq-accordion'
import { FAQ_GROUPS } from '../features/help/faq-content'
import { HelpSteps } from '../features/help/help-steps'
import { StillNeedHelp } from '../features/help/still-need-help'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Help & FAQ', 'How to use Lavo, and answers about credits, pricing, refunds, photos and designs.')

export default function HelpPage() {
  return (
    <>
      <PageIntro eyebrow="Help centre" title="Help & FAQ">
        How Lavo works, what credits buy and what makes a good photo. If your question isn’t here, we’re a message away.
      </PageIntro>
      <div className="container-page space-y-16">
        <HelpSteps />
        <div className="grid gap-12 lg:grid-cols-[1fr_20rem] lg:items-start">
          <div>
            <nav aria-label="FAQ topics" className="mb-10">
              <ul className="flex flex-wrap gap-2">
                {FAQ_GROUPS.map((group) => (
                  <li key={group.id}>
                    <a href={`#${group.id}`} className="inline-flex h-10 items-center rounded-full bg-white px-4 text-sm font-medium text-ink-700 ring-1 ring-sand-300 hover:bg-sand-100 hover:text-ink-900">
                      {group.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <FaqAccordion groups={FAQ_GROUPS} />
          </div>
          <div className="lg:sticky lg:top-24">
            <StillNeedHelp />
          </div>
        </div>
      </div>
    </>
  )
}
