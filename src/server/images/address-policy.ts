import { BlockList, isIP } from 'node:net'

// Addresses a server-side fetch must never reach: loopback, private, link-local (cloud metadata at
// 169.254.169.254), carrier-grade NAT, unique-local, multicast, documentation, unspecified, and every
// IPv4-mapped or NAT64 IPv6 form that could smuggle one of them.
// Separate lists: Node's BlockList matches IPv4 addresses against IPv6 rules through their mapped form.
const blockedV4 = new BlockList()
const blockedV6 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blockedV4.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) blockedV6.addSubnet(network, prefix, 'ipv6')

/** true only for a routable public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return family === 4 ? !blockedV4.check(address, 'ipv4') : !blockedV6.check(address, 'ipv6')
}
