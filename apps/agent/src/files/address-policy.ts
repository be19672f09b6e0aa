import { isIP } from 'node:net';

/**
 * Which resolved addresses a remote download may connect to (SECURITY.md, SSRF): public unicast
 * only. Refused: unspecified, loopback, private (RFC 1918, ULA), shared/CGNAT, link-local (which
 * holds the 169.254.169.254 metadata service), multicast, broadcast, reserved, documentation and
 * benchmarking ranges, and the IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d,
 * NAT64, 6to4, SIIT) are judged by that IPv4 address.
 */

type Prefix = readonly [bytes: readonly number[], bits: number];

// prettier-ignore
const REFUSED_V4: readonly Prefix[] = [
  [[0], 8], [[10], 8], [[100, 64], 10], [[127], 8], [[169, 254], 16], [[172, 16], 12],
  [[192, 0, 0], 24], [[192, 0, 2], 24], [[192, 31, 196], 24], [[192, 52, 193], 24], [[192, 88, 99], 24],
  [[192, 168], 16], [[192, 175, 48], 24], [[198, 18], 15], [[198, 51, 100], 24], [[203, 0, 113], 24],
  [[224], 4], [[240], 4],
];

// prettier-ignore
const REFUSED_V6: readonly Prefix[] = [
  [[0x00], 96],                        // ::/96: unspecified, loopback, deprecated IPv4-compatible
  [[0x00, 0x64, 0xff, 0x9b, 0, 1], 48], // 64:ff9b:1::/48 local-use NAT64
  [[0x01, 0x00], 64],                  // 100::/64 discard
  [[0x20, 0x01, 0x00], 23],            // 2001::/23 protocol assignments (Teredo, ORCHID…)
  [[0x20, 0x01, 0x0d, 0xb8], 32],      // documentation
  [[0x3f, 0xff], 20],                  // documentation
  [[0x5f, 0x00], 16],                  // segment routing
  [[0xfc], 7],                         // unique local (private)
  [[0xfe, 0x80], 10],                  // link-local
  [[0xfe, 0xc0], 10],                  // site-local
  [[0xff], 8],                         // multicast
];

/** IPv6 prefixes whose last (or, for 6to4, bytes 2-5) four bytes are an IPv4 address. */
// prettier-ignore
const EMBEDDED_V4: readonly [Prefix, offset: number][] = [
  [[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96], 12],       // ::ffff:a.b.c.d mapped
  [[[0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96], 12],       // ::ffff:0:a.b.c.d SIIT
  [[[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96], 12], // 64:ff9b::/96 NAT64
  [[[0x20, 0x02], 16], 2],                                        // 2002::/16 6to4
];

function matches(bytes: readonly number[], [prefix, bits]: Prefix): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function parseV4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.map(Number);
}

/** 16 bytes of an IPv6 address (with an optional dotted IPv4 tail), or null. */
export function parseV6(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('%')) return null;
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseV4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail.push(...v4);
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups =
    rest === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...restGroups];
  const bytes = groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

/** True for a public unicast IPv4 or IPv6 address (a bracketed or zoned IPv6 is not an address here). */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const bytes = parseV4(address);
    return bytes !== null && !REFUSED_V4.some((prefix) => matches(bytes, prefix));
  }
  const bytes = parseV6(address);
  if (!bytes) return false;
  for (const [prefix, offset] of EMBEDDED_V4) {
    if (matches(bytes, prefix)) return isPublicAddress(bytes.slice(offset, offset + 4).join('.'));
  }
  return !REFUSED_V6.some((prefix) => matches(bytes, prefix));
}
