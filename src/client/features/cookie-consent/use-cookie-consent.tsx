import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { consentActions, readConsent, writeConsent, type ConsentState, type CookiePreferences } from './consent-storage'

type CookieConsentContextValue = {
  /** undefined until the stored choice has been read in the browser. */
  state: ConsentState | undefined
  acceptAll: () => void
  rejectAll: () => void
  save: (choices: Omit<CookiePreferences, 'necessary'>) => void
  /** Returns to pending: clears the stored choice and shows the banner again. */
  reset: () => void
}

const CookieConsentContext = createContext<CookieConsentContextValue | undefined>(undefined)

export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConsentState | undefined>(undefined)

  useEffect(() => {
    setState(readConsent(window.localStorage))
  }, [])

  const apply = useCallback((next: ConsentState) => {
    writeConsent(window.localStorage, next)
    setState(next)
  }, [])

  const value = useMemo<CookieConsentContextValue>(
    () => ({
      state,
      acceptAll: () => apply(consentActions.acceptAll()),
      rejectAll: () => apply(consentActions.rejectAll()),
      save: (choices) => apply(consentActions.save(choices)),
      reset: () => apply(consentActions.reset()),
    }),
    [state, apply],
  )
  return <CookieConsentContext.Provider value={value}>{children}</CookieConsentContext.Provider>
}

export function useCookieConsent(): CookieConsentContextValue {
  const value = useContext(CookieConsentContext)
  if (!value) throw new Error('useCookieConsent must be used within a CookieConsentProvider')
  return value
}
