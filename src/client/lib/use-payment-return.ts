import { useEffect, useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { toast } from './toast'
import { useAuth } from '../auth/auth-context'

export const PAYMENT_CANCELLED_MESSAGE = 'Payment was cancelled. No charges were made.'

const RETURN_PARAMS = ['success', 'session_id', 'cancelled'] as const

/**
 * spec §2/§4 Payment return: the card provider sends buyers back with `success=true&session_id=…` or
 * `cancelled=true`. Shows the page's toast once per visit, refreshes credits and profile after a payment,
 * and removes the parameters (history replaced) so a reload or Back does not repeat the toast.
 */
export function usePaymentReturn(successMessage: string): void {
  const [searchParams, setSearchParams] = useSearchParams()
  const { key: locationKey } = useLocation()
  const { refreshCredits, refreshProfile } = useAuth()
  // Strict mode runs effects twice for the same history entry; each entry is handled once.
  const handledEntry = useRef<string | null>(null)

  const sessionId = searchParams.get('session_id')
  const outcome = searchParams.get('success') === 'true' && sessionId ? 'paid' : searchParams.get('cancelled') === 'true' ? 'cancelled' : null

  useEffect(() => {
    if (!outcome || handledEntry.current === locationKey) return
    handledEntry.current = locationKey

    if (outcome === 'paid') {
      toast.success(successMessage, { id: `payment-return-${sessionId}` })
      void refreshCredits()
      void refreshProfile()
    } else {
      toast.info(PAYMENT_CANCELLED_MESSAGE, { id: 'payment-return-cancelled' })
    }

    const next = new URLSearchParams(searchParams)
    for (const name of RETURN_PARAMS) next.delete(name)
    setSearchParams(next, { replace: true, preventScrollReset: true })
  }, [outcome, sessionId, locationKey, searchParams, setSearchParams, successMessage, refreshCredits, refreshProfile])
}
