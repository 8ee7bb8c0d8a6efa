import { describe, expect, it } from 'vitest'
import { NewPasswordSchema } from './schemas/auth'
import { failedPasswordRules, passwordStrength } from './password-strength'

describe('reset-page password rules (spec §5)', () => {
  it('names every failed rule', () => {
    expect(failedPasswordRules('abc')).toEqual(['At least 8 characters', 'One uppercase letter', 'One number'])
    expect(failedPasswordRules('Abcdefg1')).toEqual([])
  })
  it('is weak when any rule fails, however long', () => expect(passwordStrength('abcdefghijklmnop!')).toBe('weak'))
  it('is weak when the rules pass but it is short and plain', () => expect(passwordStrength('Abcdefg1')).toBe('weak'))
  it('is medium at 10+ characters', () => expect(passwordStrength('Abcdefghi1')).toBe('medium'))
  it('is medium with a special character', () => expect(passwordStrength('Abcdef1!')).toBe('medium'))
  it('is strong at 12+ characters with a special character', () => expect(passwordStrength('Abcdefghij1!')).toBe('strong'))
  it('is medium at 12+ characters without a special character', () => expect(passwordStrength('Abcdefghijk1')).toBe('medium'))
  it('gives the spec message listing the failed rules', () => {
    const result = NewPasswordSchema.safeParse({ token: 't', newPassword: 'short' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Password does not meet requirements: At least 8 characters, One uppercase letter, One number')
  })
})
