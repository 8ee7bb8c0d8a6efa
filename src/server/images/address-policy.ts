import ipaddr from 'ipaddr.js'

// The address classes come from ipaddr.js (a maintained list of IANA special-purpose ranges), not a hand
// list: a server-side fetch may reach only what it calls 'unicast'. That refuses loopback, private,
// link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, reserved and documentation ranges,
// multicast, broadcast, and every IPv6 form that can carry an IPv4 address or tunnel somewhere else:
// IPv4-mapped ::ffff:0:0/96, IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48,
// 6to4 2002::/16, Teredo 2001::/32, unique-local, site-local and discard.
// IPv6 must also lie in the global unicast block 2000::/3: the library calls the deprecated IPv4-compatible
// ::/96 (e.g. ::7f00:1, i.e. ::127.0.0.1) and other unassigned space 'unicast'.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3')

/** true only for a routable public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(address)
  } catch {
    return false
  }
  if (parsed.kind() === 'ipv4') {
    // ipaddr.js also accepts inet_aton shorthands ('127.1', '0x7f.1'); only dotted quads are addresses here.
    return ipaddr.IPv4.isValidFourPartDecimal(address) && parsed.range() === 'unicast'
  }
  const v6 = parsed as ipaddr.IPv6
  if (v6.zoneId) return false
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6)
}
