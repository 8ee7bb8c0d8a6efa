import type { Logger } from '../../lib/logger'
import { createKitNewsletter } from './kit-newsletter'
import type { NewsletterProvider } from './newsletter-provider'

/** Kit when KIT_API_KEY is set; otherwise 'none', which only logs. */
export function createNewsletterProvider(config: { kitApiKey?: string; kitBaseUrl?: string }, logger: Logger): NewsletterProvider {
  if (config.kitApiKey) return createKitNewsletter({ apiKey: config.kitApiKey, baseUrl: config.kitBaseUrl })
  return {
    name: 'none',
    async subscribe(subscriber) {
      logger.info('newsletter subscription (no provider configured)', { email: subscriber.email })
    },
    async unsubscribe(email) {
      logger.info('newsletter unsubscription (no provider configured)', { email })
    },
  }
}
