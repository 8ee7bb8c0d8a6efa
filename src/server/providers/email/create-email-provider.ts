import path from 'node:path'
import type { Config } from '../../config'
import type { EmailProvider } from './email-provider'
import { createOutboxEmail } from './outbox-email'
import { createSmtpEmail } from './smtp-email'

/** The one place that chooses how email leaves: SMTP when SMTP_URL is set, else .eml files in data/outbox. */
export function createEmailProvider(config: Pick<Config, 'smtpUrl' | 'emailFrom' | 'dataDir'>): EmailProvider {
  if (config.smtpUrl) return createSmtpEmail({ url: config.smtpUrl, from: config.emailFrom })
  return createOutboxEmail({ dir: path.join(config.dataDir, 'outbox'), from: config.emailFrom })
}
