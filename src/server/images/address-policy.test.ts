import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './address-policy'

describe('server-side fetches reach only public addresses', () => {
  it.each([
    // IPv4 special ranges
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6 special ranges
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    // IPv4 carried in IPv6: mapped, translated (::ffff:0:0:0/96), compatible (::/96), NAT64
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '::127.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    '64:ff9b::7f00:1',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::a00:1',
    // Tunnels: Teredo 2001::/32 (whatever it embeds) and 6to4 2002::/16 (here with 127.0.0.1 and 10.0.0.1 inside)
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2002:7f00:1::1',
    '2002:a00:1::',
    '2002:808:808::1',
    // Not addresses at all, or inet_aton shorthands
    'not-an-ip',
    '127.1',
    '0x7f000001',
    '2130706433',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '1.1.1.1', '2a00:1450:4001:80b::200e'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})
