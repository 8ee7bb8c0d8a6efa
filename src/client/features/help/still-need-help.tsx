import { LifeBuoy } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button'

/** spec §2 Help/FAQ: the 'Still Need Help?' card linking to the contact page. */
export function StillNeedHelp() {
  return (
    <section aria-labelledby="still-need-help-title" className="rounded-3xl bg-brand-700 p-6 text-white sm:p-8">
      <LifeBuoy aria-hidden="true" className="h-8 w-8 text-brand-100" />
      <h2 id="still-need-help-title" className="mt-4 text-2xl sm:text-3xl">
        Still Need Help?
      </h2>
      <p className="mt-2 text-brand-50">
        Can’t find your answer? Send us a message and a real person will reply within 24-48 hours on business days.
      </p>
      <Link to="/contact" className={buttonClass('secondary', 'md', 'mt-6 ring-0')}>
        Contact Support
      </Link>
      <p className="mt-4 text-sm text-brand-50">
        Or email{' '}
        <a href="mailto:support@lavo.design" className="font-medium text-white underline underline-offset-4">
          support@lavo.design
        </a>
      </p>
    </section>
  )
}
