import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

const base = { NODE_ENV: 'production', AUTH_SECRET: 'config-test-secret-config-test-secret-01' }

describe('configuration', () => {
  it('With no Stripe keys the built-in test checkout is used', () => {
    expect(loadConfig({ ...base }).stripe).toBeUndefined()
  })

  it('With all three Stripe keys Stripe is used', () => {
    const config = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })
    expect(config.stripe).toMatchObject({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', publishableKey: 'pk_test_1' })
  })

  it('A half-finished Stripe setup refuses to start rather than fall back to the free test checkout', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY: required when any Stripe key is set/)
    expect(() => loadConfig({ ...base, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toThrow(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required/)
  })

  it('Without a public address, localhost and 127.0.0.1 on the server’s own port are one origin', () => {
    const config = loadConfig({ ...base, PORT: '4321' })
    expect(config.publicUrl).toBe('http://localhost:4321')
    expect(config.trustedOrigins).toEqual(expect.arrayContaining(['http://localhost:4321', 'http://127.0.0.1:4321']))
    expect(config.trustedOrigins).not.toContain('http://127.0.0.1:3000')
  })

  it('With a public address configured, only that origin (and the listed trusted ones) counts', () => {
    const config = loadConfig({ ...base, PORT: '4321', PUBLIC_URL: 'https://lavo.example', TRUSTED_ORIGINS: 'https://admin.lavo.example' })
    expect(config.trustedOrigins).toEqual(['https://admin.lavo.example'])
  })
})
