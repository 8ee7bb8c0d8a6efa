import { randomBytes } from 'node:crypto'
import type { PaymentProvider } from './payment-provider'

/**
 * The offline default: a checkout page of our own (/checkout/test/:sessionId), clearly marked as test
 * mode. Its Pay button fulfils through the same service a Stripe webhook uses.
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async createCheckoutSession() {
      const sessionId = `cs_test_lavo_${randomBytes(12).toString('hex')}`
      return { sessionId, url: `/checkout/test/${sessionId}` }
    },
  }
}
