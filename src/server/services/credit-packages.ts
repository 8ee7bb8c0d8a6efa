import { asc, eq } from 'drizzle-orm'
import { isTestPackage, type CreditPackage } from '../../shared/packages'
import type { Database } from '../db/client'
import { creditPackages } from '../db/schema'

/** spec §3/§7: active packages, cheapest first, with test packages hidden. */
export async function listCreditPackages(db: Database): Promise<CreditPackage[]> {
  const rows = await db.select().from(creditPackages).where(eq(creditPackages.active, true)).orderBy(asc(creditPackages.priceCents), asc(creditPackages.id))
  return rows
    .map((row) => ({ id: row.id, name: row.name, description: row.description, credits: row.credits, price_cents: row.priceCents, popular: row.popular }))
    .filter((pkg) => !isTestPackage(pkg))
}
