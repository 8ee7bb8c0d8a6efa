import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NewsletterStatus } from '../../shared/newsletter'
import { apiFetch } from '../lib/api'

const NEWSLETTER_QUERY_KEY = ['me', 'newsletter'] as const

/** Whether the signed-in account is on the email list (read when the account menu opens). */
export function useNewsletterStatus(enabled: boolean) {
  return useQuery({ queryKey: NEWSLETTER_QUERY_KEY, queryFn: () => apiFetch<NewsletterStatus>('/api/me/newsletter'), enabled, staleTime: 0 })
}

/** Leaves the email list; the server tells the newsletter provider before it answers. */
export function useLeaveNewsletter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<NewsletterStatus>('/api/me/newsletter', { method: 'DELETE' }),
    onSuccess: (status) => queryClient.setQueryData(NEWSLETTER_QUERY_KEY, status),
  })
}
