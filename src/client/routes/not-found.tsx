import { Link } from 'react-router'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Page not found', 'This page does not exist.')

export default function NotFound() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="font-display text-7xl text-brand-700">404</p>
      <h1 className="mt-4 text-4xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-ink-600">The page you are looking for has moved or never existed.</p>
      <Link to="/" className="mt-8 inline-flex h-11 items-center rounded-full bg-brand-700 px-6 font-medium text-white hover:bg-brand-800">
        Return home
      </Link>
    </section>
  )
}
