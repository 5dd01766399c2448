import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MSG } from '@portal/domain';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (SSRF guard). A company's URL must not reach our own network: loopback, private ranges,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), CGNAT, multicast and every other special range,
 * in IPv4 and IPv6; IPv6 forms that carry an IPv4 address (mapped, well-known NAT64, 6to4) are judged by that address.
 * The ranges are ipaddr.js's (maintained against the IANA special-purpose registries), not tables of our own: an
 * address is allowed only when the library calls it plain 'unicast', so a range it learns later is refused, not let by.
 */

/** IPv6 ranges that carry the IPv4 address that decides (::ffff:0:0/96 is ipaddr.js's 'ipv4Mapped'). */
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
/** IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291): ipaddr.js calls them unicast, nothing routes them. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/** IANA's global unicast space; anything else in IPv6 is unassigned or special. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function refusedV4(address: ipaddr.IPv4): boolean {
  return address.range() !== 'unicast';
}

function refusedV6(address: ipaddr.IPv6): boolean {
  const range = address.range();
  // ::ffff:a.b.c.d reaches a.b.c.d; 64:ff9b::a.b.c.d reaches it through a NAT64 gateway.
  if (range === 'ipv4Mapped' || address.match(WELL_KNOWN_NAT64))
    return refusedV4(new ipaddr.IPv4(address.toByteArray().slice(12)));
  // 2002:aabb:ccdd::/48 routes to aa.bb.cc.dd.
  if (address.match(SIX_TO_FOUR)) return refusedV4(new ipaddr.IPv4(address.toByteArray().slice(2, 6)));
  // Everything else special is refused, the IPv4-translated ::ffff:0:0:0/96 (rfc6145), Teredo and local NAT64 included.
  if (range !== 'unicast' || address.match(IPV4_COMPATIBLE)) return true;
  return !address.match(GLOBAL_UNICAST);
}

/** True when a webhook may not connect to this IP address. */
export function isRefusedAddress(address: string): boolean {
  // Node's own strict reading first: ipaddr.js also accepts forms no resolver returns (0x7f.1, 127.1).
  const bare = address.split('%')[0];
  const version = isIP(bare);
  if (version === 4) return refusedV4(ipaddr.IPv4.parse(bare));
  if (version === 6) return refusedV6(ipaddr.IPv6.parse(bare));
  return true; // not an address at all: never connect
}

export class RefusedTargetError extends Error {}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to: checked, so a second DNS answer (rebinding) cannot send us elsewhere. */
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a webhook URL's host and checks every address it has; refuses when any is refused (a host that also
 * resolves to a private address is not trusted to pick the public one). With allowPrivate, http:// and any address
 * are accepted (development, tests).
 */
type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });
let resolve: Resolve = systemResolve;

/**
 * Tests only: the names of the table resolved by it, any other by DNS (a reserved `.invalid` name standing for a
 * public host, so no test names a real one). Returns the restore.
 */
export function resolveNamesWith(table: Record<string, string>): () => void {
  resolve = async (host) => {
    const address = table[host];
    return address ? [{ address, family: isIP(address) }] : systemResolve(host);
  };
  return () => {
    resolve = systemResolve;
  };
}

export async function checkTarget(rawUrl: string, allowPrivate: boolean): Promise<CheckedTarget> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new RefusedTargetError(WEBHOOK_MSG.httpsRequired);
  if (url.username || url.password) throw new RefusedTargetError(WEBHOOK_MSG.credentialsInUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new RefusedTargetError(WEBHOOK_MSG.unresolvable);
    }
  }
  if (!addresses.length) throw new RefusedTargetError(WEBHOOK_MSG.unresolvable);
  if (!allowPrivate && addresses.some((a) => isRefusedAddress(a.address)))
    throw new RefusedTargetError(WEBHOOK_MSG.privateAddress);
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
