import Menu from 'lucide-react/icons/menu'
import X from 'lucide-react/icons/x'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
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

type SiteHeaderProps = {
  account?: ReactNode
  /** The account area as the phone menu shows it (defaults to `account`). */
  menuAccount?: ReactNode
  /** What stays in the bar on phones, beside the menu button: the credit badge, or 'Get Started' when signed out. */
  status?: ReactNode
  onNavIntent?: (to: string) => void
  /** Changes whenever who is signed in changes (sign-in, sign-up, sign-out): the menu closes then. */
  sessionKey?: string
}

/**
 * spec §2 Header. `account` is the signed-in/out area; `status` stays in the bar on phones, where the account area
 * moves into the menu; `onNavIntent` lets pages prefetch (e.g. My Designs on hover).
 *
 * Issue 22: the mobile menu never covers the task. It closes on every navigation (address change), when who is signed
 * in changes, on Escape and on a tap outside it, and focus goes back to its button when it closed from inside.
 */
export function SiteHeader({ account, menuAccount = account, status, onNavIntent, sessionKey }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-full px-3 py-2 text-sm font-medium transition-colors', isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-700 hover:bg-sand-100 hover:text-ink-900')

  /** Closes the menu; focus returns to the menu button if it was inside the menu (or nowhere). */
  const closeMenu = useRef(() => {})
  closeMenu.current = () => {
    const active = document.activeElement
    const focusWasInside = !active || active === document.body || Boolean(menuRef.current?.contains(active))
    setMenuOpen(false)
    if (focusWasInside) buttonRef.current?.focus({ preventScroll: true })
  }

  // Every navigation (path, query or hash) and every change of who is signed in closes it.
  const where = `${location.pathname}${location.search}${location.hash}`
  const [seen, setSeen] = useState({ where, sessionKey })
  if (seen.where !== where || seen.sessionKey !== sessionKey) {
    setSeen({ where, sessionKey })
    if (menuOpen) setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu.current()
    }
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null
      if (target && (menuRef.current?.contains(target) || buttonRef.current?.contains(target))) return
      // A popover or dialog opened from the menu (the account menu, sign-in) is part of it, though drawn elsewhere.
      if (target instanceof Element && target.closest('[data-radix-popper-content-wrapper], [role="dialog"], [role="alertdialog"]')) return
      closeMenu.current()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [menuOpen])

  return (
    <header className="sticky top-0 z-30 border-b border-sand-200 bg-sand-50/90 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-4">
        <Link to="/" className="flex min-h-11 items-center gap-2 rounded-md" aria-label="Lavo home">
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
            ref={buttonRef}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => (menuOpen ? closeMenu.current() : setMenuOpen(true))}
          >
            {menuOpen ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" ref={menuRef} className="border-t border-sand-200 bg-sand-50 lg:hidden">
          <nav aria-label="Mobile" className="container-page py-3">
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className={({ isActive }) => cn(linkClass({ isActive }), 'block py-3')} onClick={() => closeMenu.current()} onFocus={() => onNavIntent?.(link.to)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-sand-200 pt-3 sm:hidden">{menuAccount}</div>
          </nav>
        </div>
      )}
    </header>
  )
}
