import { describe, expect, it } from 'vitest'
import { isSafeReturnPath, withCheckoutOutcome } from './return-path'

describe('isSafeReturnPath', () => {
  it('accepts paths of this site', () => {
    for (const path of ['/', '/pricing', '/?step=products&style=coastal&design=abc', '/my-designs?design=1#top']) expect(isSafeReturnPath(path), path).toBe(true)
  })

  it('refuses anything a browser could read as another site', () => {
    for (const path of ['', 'pricing', '//evil.example', '///evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example/', 'javascript:alert(1)', ' /pricing', '/pri cing']) {
      expect(isSafeReturnPath(path), JSON.stringify(path)).toBe(false)
    }
  })
})

describe('withCheckoutOutcome', () => {
  it('adds the outcome, replacing an earlier one, and keeps a provider placeholder literal', () => {
    expect(withCheckoutOutcome('/?step=generate&style=glam', { sessionId: '{CHECKOUT_SESSION_ID}' })).toBe('/?step=generate&style=glam&success=true&session_id={CHECKOUT_SESSION_ID}')
    expect(withCheckoutOutcome('/pricing?cancelled=true&success=true&session_id=old', 'cancelled')).toBe('/pricing?cancelled=true')
    expect(withCheckoutOutcome('/pricing', 'cancelled')).toBe('/pricing?cancelled=true')
  })

  it('falls back to the home page for an unsafe path', () => {
    expect(withCheckoutOutcome('//evil.example', 'cancelled')).toBe('/?cancelled=true')
  })
})
