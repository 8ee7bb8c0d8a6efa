import { z } from 'zod'
import type { NewsletterProvider } from './newsletter-provider'

// Kit (ConvertKit) API v4, "Create a subscriber": POST /v4/subscribers with X-Kit-Api-Key. It upserts by
// email and answers 201 (created) or 200 (existing) with { subscriber: { id, email_address, state } }.
const SubscriberResponseSchema = z.object({ subscriber: z.object({ id: z.number(), email_address: z.string(), state: z.string() }) })
const ErrorResponseSchema = z.object({ errors: z.array(z.string()) })
// "List subscribers" filtered by email_address answers { subscribers: [{ id, ... }] }; "Unsubscribe subscriber" is
// POST /v4/subscribers/{id}/unsubscribe and answers 204.
const SubscriberListSchema = z.object({ subscribers: z.array(z.object({ id: z.number() })) })

async function refusal(response: Response, what: string): Promise<Error> {
  const body: unknown = await response.json().catch(() => undefined)
  const errors = ErrorResponseSchema.safeParse(body)
  return new Error(`Kit refused ${what} (${response.status}): ${errors.success ? errors.data.errors.join('; ') : 'no error details'}`)
}

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
    async unsubscribe(email) {
      const headers = { accept: 'application/json', 'x-kit-api-key': options.apiKey }
      const found = await doFetch(`${baseUrl}/v4/subscribers?${new URLSearchParams({ email_address: email, status: 'all' }).toString()}`, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) })
      if (!found.ok) throw await refusal(found, 'the subscriber lookup')
      const list = SubscriberListSchema.safeParse(await found.json().catch(() => undefined))
      if (!list.success) throw new Error('Kit answered the subscriber lookup with an unexpected body')
      for (const subscriber of list.data.subscribers) {
        const response = await doFetch(`${baseUrl}/v4/subscribers/${subscriber.id}/unsubscribe`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        })
        if (!response.ok && response.status !== 404) throw await refusal(response, 'the unsubscription')
      }
    },
  }
}
