import { describe, expect, it } from 'vitest'
import { creditsLabel, formatUsd, isTestPackage } from './packages'

const real = { name: 'Starter', credits: 20, price_cents: 900, description: 'Perfect for trying a few styles' }

describe('test packages are hidden by the spec rule', () => {
  it('keeps a real package', () => expect(isTestPackage(real)).toBe(false))
  it('hides a package named Test Package', () => expect(isTestPackage({ ...real, name: 'Test Package' })).toBe(true))
  it('hides 50 credits at 50 cents', () => expect(isTestPackage({ ...real, credits: 50, price_cents: 50 })).toBe(true))
  it('keeps 50 credits at another price', () => expect(isTestPackage({ ...real, credits: 50, price_cents: 1900 })).toBe(false))
  it('hides a description mentioning a test package', () => expect(isTestPackage({ ...real, description: 'A TEST PACKAGE for QA' })).toBe(true))
  it('hides a description mentioning live mode testing', () => expect(isTestPackage({ ...real, description: 'for Live Mode Testing only' })).toBe(true))
})

describe('display text', () => {
  it('formats whole dollars without cents', () => expect(formatUsd(900)).toBe('$9'))
  it('formats cents when there are some', () => expect(formatUsd(1999)).toBe('$19.99'))
  it('says credit for one and credits otherwise', () => {
    expect(creditsLabel(1)).toBe('1 credit')
    expect(creditsLabel(0)).toBe('0 credits')
    expect(creditsLabel(2)).toBe('2 credits')
  })
})
