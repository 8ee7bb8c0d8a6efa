// spec §3/§4: cookie preferences and consent status, kept in localStorage under the spec's keys.
export const CONSENT_KEY = 'cookie-consent'
export const PREFERENCES_KEY = 'cookie-preferences'

export type ConsentStatus = 'pending' | 'accepted' | 'rejected' | 'customized'
export type CookiePreferences = { necessary: true; analytics: boolean; marketing: boolean; functional: boolean }

export const ALL_ON: CookiePreferences = { necessary: true, analytics: true, marketing: true, functional: true }
export const ONLY_NECESSARY: CookiePreferences = { necessary: true, analytics: false, marketing: false, functional: false }

export type ConsentState = { status: ConsentStatus; preferences: CookiePreferences }

const STATUSES: readonly ConsentStatus[] = ['accepted', 'rejected', 'customized']

export function readConsent(storage: Storage): ConsentState {
  try {
    const status = storage.getItem(CONSENT_KEY)
    if (!status || !STATUSES.includes(status as ConsentStatus)) return { status: 'pending', preferences: ONLY_NECESSARY }
    const raw = JSON.parse(storage.getItem(PREFERENCES_KEY) ?? 'null') as Partial<CookiePreferences> | null
    return {
      status: status as ConsentStatus,
      preferences: { necessary: true, analytics: raw?.analytics === true, marketing: raw?.marketing === true, functional: raw?.functional === true },
    }
  } catch {
    return { status: 'pending', preferences: ONLY_NECESSARY }
  }
}

export function writeConsent(storage: Storage, state: ConsentState): void {
  if (state.status === 'pending') {
    storage.removeItem(CONSENT_KEY)
    storage.removeItem(PREFERENCES_KEY)
    return
  }
  storage.setItem(CONSENT_KEY, state.status)
  storage.setItem(PREFERENCES_KEY, JSON.stringify({ ...state.preferences, necessary: true }))
}

/** The §4 transitions. */
export const consentActions = {
  acceptAll: (): ConsentState => ({ status: 'accepted', preferences: ALL_ON }),
  rejectAll: (): ConsentState => ({ status: 'rejected', preferences: ONLY_NECESSARY }),
  save: (choices: Omit<CookiePreferences, 'necessary'>): ConsentState => ({ status: 'customized', preferences: { necessary: true, ...choices } }),
  reset: (): ConsentState => ({ status: 'pending', preferences: ONLY_NECESSARY }),
}
