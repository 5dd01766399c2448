import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MSG } from '@portal/domain';

/**
 * Where a webhook may go (SSRF guard). A company's URL must not reach our own network: loopback, private ranges,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), CGNAT, multicast and the other reserved ranges,
 * in IPv4 and IPv6, IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) judged by that address.
 */

/** [first bytes, prefix length in bits] of every refused IPv4 range. */
const V4_REFUSED: [number[], number][] = [
  [[0], 8], // "this" network
  [[10], 8], // private
  [[100, 64], 10], // CGNAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local, metadata
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved and broadcast
];

const V6_REFUSED: [number[], number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96], // unspecified, loopback, IPv4-compatible (deprecated)
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48], // local-use NAT64
  [[1, 0, 0, 0, 0, 0, 0, 0], 64], // discard
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x01, 0, 0], 23], // IETF protocol assignments (Teredo included)
  [[0xfc], 7], // unique local (fd00:ec2::254 metadata included)
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function inRange(bytes: number[], [prefix, bits]: [number[], number]): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (with '::' and a dotted IPv4 tail). */
function v6Bytes(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const [a, b, c, d] = v4Bytes(tail[1]);
    text = text.slice(0, -tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const r = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? h : [...h, ...new Array<number>(8 - h.length - r.length).fill(0), ...r];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** True when a webhook may not connect to this IP address. */
export function isRefusedAddress(address: string): boolean {
  const version = isIP(address.split('%')[0]);
  if (version === 4) return V4_REFUSED.some((range) => inRange(v4Bytes(address), range));
  if (version !== 6) return true; // not an address at all: never connect
  const bytes = v6Bytes(address);
  // IPv4-mapped (::ffff:a.b.c.d), well-known NAT64 (64:ff9b::a.b.c.d): the IPv4 address inside decides.
  if (
    inRange(bytes, [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96]) ||
    inRange(bytes, [[0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96])
  ) {
    return isRefusedAddress(bytes.slice(12).join('.'));
  }
  // 6to4 (2002:a.b.c.d::/48) routes to the IPv4 address in bytes 2-5.
  if (inRange(bytes, [[0x20, 0x02], 16])) return isRefusedAddress(bytes.slice(2, 6).join('.'));
  return V6_REFUSED.some((range) => inRange(bytes, range));
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
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedTargetError(WEBHOOK_MSG.unresolvable);
    }
  }
  if (!addresses.length) throw new RefusedTargetError(WEBHOOK_MSG.unresolvable);
  if (!allowPrivate && addresses.some((a) => isRefusedAddress(a.address)))
    throw new RefusedTargetError(WEBHOOK_MSG.privateAddress);
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
