import { Hono } from 'hono'
import type { CreditPackage } from '../../shared/packages'
import type { Database } from '../db/client'
import { listCreditPackages } from '../services/credit-packages'

/** How long one API process reuses the public package list; browsers are told they may keep it 60 s. */
export const PACKAGE_LIST_TTL_MS = 5_000

export function creditPackageRoutes(deps: { db: Database }) {
  // The list is public and the same for everyone, so concurrent readers share one query, and a
  // change made with the admin CLI shows within PACKAGE_LIST_TTL_MS. A failed read is not kept.
  let cached: { at: number; packages: Promise<CreditPackage[]> } | undefined
  const packages = () => {
    if (!cached || Date.now() - cached.at >= PACKAGE_LIST_TTL_MS) {
      const read = listCreditPackages(deps.db)
      cached = { at: Date.now(), packages: read }
      read.catch(() => {
        if (cached?.packages === read) cached = undefined
      })
    }
    return cached.packages
  }
  return new Hono().get('/', async (c) => {
    const list = await packages()
    c.header('Cache-Control', 'public, max-age=60')
    return c.json({ packages: list })
  })
}
