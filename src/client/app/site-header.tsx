import Menu from 'lucide-react/icons/menu'
import X from 'lucide-react/icons/x'
import { useState, type ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { cn } from '../lib/cn'
import { BrandMark } from './brand-mark'

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/styles', label: 'Styles' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/my-designs', label: 'My Designs' },
] as const

/**
 * spec §2 Header. `account` is the signed-in/out area; `status` (the credit badge) stays in the bar on phones, where
 * the account area moves into the menu; `onNavIntent` lets pages prefetch (e.g. My Designs on hover).
 */
export function SiteHeader({ account, status, onNavIntent }: { account?: ReactNode; status?: ReactNode; onNavIntent?: (to: string) => void }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-full px-3 py-2 text-sm font-medium transition-colors', isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-700 hover:bg-sand-100 hover:text-ink-900')

  return (
    <header className="sticky top-0 z-30 border-b border-sand-200 bg-sand-50/90 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="Lavo home">
          <BrandMark />
          <span className="font-display text-2xl font-semibold tracking-tight text-ink-900">Lavo</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={linkClass} prefetch="intent" onMouseEnter={() => onNavIntent?.(link.to)} onFocus={() => onNavIntent?.(link.to)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden sm:flex sm:items-center sm:gap-2">{account}</div>
          {status && <div className="sm:hidden">{status}</div>}
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-sand-200 bg-sand-50 lg:hidden">
          <nav aria-label="Mobile" className="container-page py-3">
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className={({ isActive }) => cn(linkClass({ isActive }), 'block')} onClick={() => setMenuOpen(false)} onFocus={() => onNavIntent?.(link.to)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-sand-200 pt-3 sm:hidden">{account}</div>
          </nav>
        </div>
      )}
    </header>
  )
}
