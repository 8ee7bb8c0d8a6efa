import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifiedToken } from './session'

const SECRET = 'a-secret-that-is-long-enough-for-tests-0001'
const NAME = 'better-auth.session_token'
const sign = (token: string, secret = SECRET) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)

describe('verifiedToken', () => {
  it('returns the token of a cookie signed with the secret, among other cookies', () => {
    expect(verifiedToken(`lavo_consent=1; ${NAME}=${sign('abc123')}; other=x`, NAME, SECRET)).toBe('abc123')
  })

  it('refuses a token signed with another secret, a bare token and a tampered token', () => {
    expect(verifiedToken(`${NAME}=${sign('abc123', 'another-secret-another-secret-another-0001')}`, NAME, SECRET)).toBeUndefined()
    expect(verifiedToken(`${NAME}=abc123`, NAME, SECRET)).toBeUndefined()
    const tampered = sign('abc123').replace('abc123', 'abc124')
    expect(verifiedToken(`${NAME}=${tampered}`, NAME, SECRET)).toBeUndefined()
  })

  it('refuses signatures of the wrong shape and answers undefined without a cookie', () => {
    const signature = createHmac('sha256', SECRET).update('abc123').digest('base64')
    expect(verifiedToken(`${NAME}=${encodeURIComponent(`abc123.${signature.slice(0, -1)}`)}`, NAME, SECRET)).toBeUndefined()
    expect(verifiedToken(`${NAME}=${encodeURIComponent(`abc123.${signature}x`)}`, NAME, SECRET)).toBeUndefined()
    expect(verifiedToken(undefined, NAME, SECRET)).toBeUndefined()
    expect(verifiedToken('other=1', NAME, SECRET)).toBeUndefined()
  })

  it('reads only the exact cookie name, not one that merely contains it', () => {
    expect(verifiedToken(`__Secure-${NAME}=${sign('abc123')}`, NAME, SECRET)).toBeUndefined()
  })
})
