/** spec §3 credit_packages, as GET /api/credit-packages returns them. */
export type CreditPackage = {
  id: string
  name: string
  description: string
  credits: number
  price_cents: number
  popular: boolean
}

/**
 * spec §3: test packages are hidden — name 'Test Package', or 50 credits at 50 cents, or a description
 * mentioning a test package or live mode testing.
 */
export function isTestPackage(pkg: Pick<CreditPackage, 'name' | 'credits' | 'price_cents' | 'description'>): boolean {
  const description = pkg.description.toLowerCase()
  return (
    pkg.name === 'Test Package' ||
    (pkg.credits === 50 && pkg.price_cents === 50) ||
    description.includes('test package') ||
    description.includes('live mode testing')
  )
}

/** spec §9: prices shown in USD from cents. */
export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100)
}

/** spec §2 Header: 'N credit(s)', singular for 1. */
export function creditsLabel(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit' : 'credits'}`
}
