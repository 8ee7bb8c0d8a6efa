import { Mail } from 'lucide-react'
import { PageIntro } from '../components/ui/page-intro'
import { ContactForm } from '../features/contact/contact-form'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Contact', 'Questions about a design, credits or your account? Send us a message.')

export default function ContactPage() {
  return (
    <>
      <PageIntro eyebrow="Contact" title="Get in touch">
        Questions about a design, your credits or your account? Send a message and a real person will answer.
      </PageIntro>
      <div className="container-page grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200 sm:p-8">
          <ContactForm />
        </div>
        <aside className="space-y-6 text-ink-700">
          <p className="flex items-center gap-2">
            <Mail aria-hidden="true" className="h-5 w-5 text-brand-700" />
            <span>
              Email us at{' '}
              <a className="font-medium text-brand-700 underline underline-offset-4" href="mailto:support@lavo.design">
                support@lavo.design
              </a>
            </span>
          </p>
          <p className="text-sm text-ink-600">We reply within 24-48 hours on business days.</p>
          <div>
            <h2 className="text-xl">Planning a remodel?</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <a className="text-brand-700 underline underline-offset-4" href="https://blog.lavo.design/bathroom-budget-worksheet" target="_blank" rel="noopener noreferrer">
                  Free bathroom budget worksheet
                </a>
              </li>
              <li>
                <a className="text-brand-700 underline underline-offset-4" href="https://www.youtube.com/@lavodesign" target="_blank" rel="noopener noreferrer">
                  Remodel walkthroughs on our video channel
                </a>
              </li>
              <li>
                <a className="text-brand-700 underline underline-offset-4" href="https://blog.lavo.design" target="_blank" rel="noopener noreferrer">
                  Ideas and guides on the Lavo blog
                </a>
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </>
  )
}
