import type { Database } from './client'
import { creditPackages } from './schema'

// spec §1/§9: the three packages. Inserted once; an operator's later edits are never overwritten.
export const DEFAULT_PACKAGES = [
  { id: 'starter', name: 'Starter', description: 'Perfect for trying a few styles', credits: 20, priceCents: 900, popular: false },
  { id: 'most-popular', name: 'Most Popular', description: 'Plenty of designs and shopping lists', credits: 50, priceCents: 1900, popular: true },
  { id: 'best-value', name: 'Best Value', description: 'For whole-home projects and pros', credits: 100, priceCents: 4900, popular: false },
] as const

export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(creditPackages)
    .values(DEFAULT_PACKAGES.map((pkg) => ({ ...pkg })))
    .onConflictDoNothing({ target: creditPackages.id })
}
