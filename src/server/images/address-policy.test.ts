import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './address-policy'

describe('server-side fetches reach only public addresses', () => {
  it.each(['127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', 'fc00::1', 'fd12:3456::1', 'fe80::1', '64:ff9b::7f00:1', '224.0.0.1', 'not-an-ip'])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '1.1.1.1'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})
