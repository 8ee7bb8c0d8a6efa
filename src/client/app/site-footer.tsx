import { Link } from 'react-router'
import { BrandMark } from './brand-mark'

const COLUMNS = [
  {
    title: 'Explore',
    links: [
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/styles', label: 'Styles' },
      { to: '/gallery', label: 'Gallery' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/my-designs', label: 'My Designs' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about-me', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/help', label: 'Help & FAQ' },
      { href: 'https://blog.lavo.design', label: 'Blog' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
] as const

const SOCIAL = [
  { href: 'https://www.instagram.com/lavo.design', label: 'Instagram' },
  { href: 'https://www.pinterest.com/lavodesign', label: 'Pinterest' },
  { href: 'https://www.youtube.com/@lavodesign', label: 'YouTube' },
] as const

/** spec §2 Footer: Explore, Company (with the external blog), Legal, social links, the current year. */
export function SiteFooter({ onCookieSettings }: { onCookieSettings: () => void }) {
  const linkClass = 'rounded text-sm text-ink-600 hover:text-ink-900 hover:underline underline-offset-4'
  return (
    <footer className="mt-24 border-t border-sand-200 bg-sand-100">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 rounded-md" aria-label="Lavo home">
            <BrandMark />
            <span className="font-display text-xl font-semibold">Lavo</span>
          </Link>
          <p className="mt-3 max-w-xs text-sm text-ink-600">See your bathroom redesigned in 21 styles before you spend a cent on tiles.</p>
          <ul className="mt-4 flex gap-4" aria-label="Social links">
            {SOCIAL.map((social) => (
              <li key={social.href}>
                <a href={social.href} className={linkClass} target="_blank" rel="noopener noreferrer">
                  {social.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-ink-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  {'to' in link ? (
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  ) : (
                    <a href={link.href} className={linkClass} target="_blank" rel="noopener noreferrer">
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
              {column.title === 'Legal' && (
                <li>
                  <button type="button" className={linkClass} onClick={onCookieSettings}>
                    Cookie settings
                  </button>
                </li>
              )}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-sand-200">
        <p className="container-page py-5 text-sm text-ink-600">© {new Date().getFullYear()} Lavo. Designs are concept images for entertainment only.</p>
      </div>
    </footer>
  )
}
