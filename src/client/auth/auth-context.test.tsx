import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useAuth } from './auth-context'

function ShowsCredits() {
  const auth = useAuth()
  return <p>{auth.credits}</p>
}

describe('useAuth', () => {
  it('A component that reads the auth state outside the AuthProvider fails with a clear message', () => {
    expect(() => renderToString(<ShowsCredits />)).toThrowError(new Error('useAuth must be used within an AuthProvider'))
  })
})
