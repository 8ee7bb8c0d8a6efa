import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api'
import { AUTH_ERROR_MESSAGE, authErrorMessage } from './auth-error-message'

describe('authErrorMessage', () => {
  it("A refused sign-in shows the server's message", () => {
    expect(authErrorMessage(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'))).toBe('Invalid email or password')
  })

  it('A sign-in that cannot reach Lavo shows the generic authentication error', () => {
    expect(authErrorMessage(new ApiError(0, 'network', 'We could not reach Lavo. Check your connection and try again.'))).toBe('An error occurred during authentication')
  })

  it('A sign-in that times out shows the generic authentication error', () => {
    expect(authErrorMessage(new ApiError(0, 'timeout', 'Lavo took too long to answer. Please try again.'))).toBe(AUTH_ERROR_MESSAGE)
  })

  it('A server fault shows the generic authentication error, not its text', () => {
    expect(authErrorMessage(new ApiError(500, 'internal', 'Something went wrong. Please try again.'))).toBe(AUTH_ERROR_MESSAGE)
  })

  it('An unexpected failure shows the generic authentication error', () => {
    expect(authErrorMessage(new TypeError('boom'))).toBe(AUTH_ERROR_MESSAGE)
  })

  it('Sign-up passes its own generic message', () => {
    expect(authErrorMessage(new ApiError(0, 'network', 'We could not reach Lavo.'), 'An error occurred during sign up')).toBe('An error occurred during sign up')
    expect(authErrorMessage(new ApiError(422, 'USER_ALREADY_EXISTS', 'User already exists'), 'An error occurred during sign up')).toBe('User already exists')
  })
})
