import { z } from 'zod'
import type { NewsletterProvider } from './newsletter-provider'

// Kit (ConvertKit) API v4, "Create a subscriber": POST /v4/subscribers with X-Kit-Api-Key. It upserts by
// email and answers 201 (created) or 200 (existing) with { subscriber: { id, email_address, state } }.
const SubscriberResponseSchema = z.object({ subscriber: z.object({ id: z.number(), email_address: z.string(), state: z.string() }) })
const ErrorResponseSchema = z.object({ errors: z.array(z.string()) })

export function createKitNewsletter(options: { apiKey: string; baseUrl?: string; timeoutMs?: number; fetch?: typeof fetch }): NewsletterProvider {
  const baseUrl = options.baseUrl ?? 'https://api.kit.com'
  const doFetch = options.fetch ?? fetch
  return {
    name: 'kit',
    async subscribe(subscriber) {
      const response = await doFetch(`${baseUrl}/v4/subscribers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-kit-api-key': options.apiKey },
        body: JSON.stringify({ email_address: subscriber.email, first_name: subscriber.firstName ?? null, state: 'active' }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      const body: unknown = await response.json().catch(() => undefined)
      if (!response.ok) {
        const errors = ErrorResponseSchema.safeParse(body)
        throw new Error(`Kit refused the subscriber (${response.status}): ${errors.success ? errors.data.errors.join('; ') : 'no error details'}`)
      }
      const parsed = SubscriberResponseSchema.safeParse(body)
      if (!parsed.success) throw new Error('Kit answered with an unexpected body')
    },
  }
}
