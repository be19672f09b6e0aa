import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the panel connects a server at (SECURITY.md, SSRF; issue 25 finding 7). Users
 * manage servers on private networks, so RFC 1918, shared (100.64/10, CGNAT and Tailscale) and
 * unique-local IPv6 stay allowed, as do the documentation ranges (they reach nothing). Refused:
 * whatever is the panel's own host or a cloud's control plane, or is no host at all: unspecified,
 * loopback, link-local (169.254.169.254 and the other metadata services), the known metadata
 * addresses outside it, multicast, broadcast and reserved ranges. An IPv6 form that carries an IPv4
 * address (mapped, SIIT, NAT64, 6to4) is judged by that IPv4 address.
 *
 * The agent's remote download has its own, stricter policy (apps/agent/src/files/address-policy.ts:
 * public addresses only); the two share no rule but the parsing, so they are kept apart.
 */

const refusedV4 = new BlockList();
// prettier-ignore
const REFUSED_V4_SUBNETS: readonly [string, number][] = [
  ['0.0.0.0', 8],      // "this network", 0.0.0.0 unspecified
  ['127.0.0.0', 8],    // loopback
  ['169.254.0.0', 16], // link-local: 169.254.169.254 (AWS, GCP, Azure…), 169.254.0.23 (Tencent)
  ['192.0.0.0', 24],   // IETF protocol assignments: 192.0.0.192 is Oracle Cloud's metadata
  ['198.18.0.0', 15],  // benchmarking
  ['224.0.0.0', 4],    // multicast
  ['240.0.0.0', 4],    // reserved, with 255.255.255.255 broadcast
];
for (const [network, bits] of REFUSED_V4_SUBNETS) refusedV4.addSubnet(network, bits, 'ipv4');
// Alibaba Cloud's metadata service, inside the shared range that stays allowed.
refusedV4.addAddress('100.100.100.200', 'ipv4');

const refusedV6 = new BlockList();
// prettier-ignore
const REFUSED_V6_SUBNETS: readonly [string, number][] = [
  ['::', 96],          // :: unspecified, ::1 loopback, deprecated IPv4-compatible ::a.b.c.d
  ['100::', 64],       // discard-only
  ['2001::', 23],      // IETF protocol assignments (Teredo, ORCHID…)
  ['fd00:ec2::', 64],  // AWS: fd00:ec2::254 metadata, ::253 DNS, ::123 time
  ['fe80::', 10],      // link-local
  ['fec0::', 10],      // site-local (deprecated)
  ['ff00::', 8],       // multicast
];
for (const [network, bits] of REFUSED_V6_SUBNETS) refusedV6.addSubnet(network, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address, or null (a zone id `%eth0` is not an address here). */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('%')) return null;
  // The URL parser writes any IPv6 form (dotted tail included) as compressed hex groups.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 address an IPv6 address carries (mapped, SIIT, NAT64, 6to4), or null. */
function embeddedIpv4(groups: readonly number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeros = (...values: number[]) => values.every((value) => value === 0);
  if (zeros(g0, g1, g2, g3, g4) && g5 === 0xffff) return dotted(g6, g7); // ::ffff:a.b.c.d
  if (zeros(g0, g1, g2, g3) && g4 === 0xffff && g5 === 0) return dotted(g6, g7); // ::ffff:0:a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return dotted(g6, g7); // 64:ff9b::/96
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return dotted(g6, g7); // 64:ff9b:1::/48
  if (g0 === 0x2002) return dotted(g1, g2); // 6to4
  return null;
}

/** True when the panel must not connect a server at this IP address (or at anything not one). */
export function isRefusedServerAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return refusedV4.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const carried = embeddedIpv4(groups);
  if (carried !== null) return isRefusedServerAddress(carried);
  return refusedV6.check(address, 'ipv6');
}

/** Refused before anything is opened, with one message whatever the port: nothing to scan. */
export class ServerAddressRefusedError extends Error {
  constructor(readonly address: string) {
    super(`The panel does not connect servers at ${address}`);
    this.name = 'ServerAddressRefusedError';
  }
}

export type AddressLookup = (host: string) => Promise<string[]>;
const lookupAll: AddressLookup = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The one address to connect to for `host`. An IP address is checked as it is; a name is resolved
 * once, refused if any of its addresses is, and the first is returned, so that the connection
 * goes to the address that was checked (DNS rebinding cannot switch it). Server addresses are IP
 * addresses today (contracts ipSchema); names are handled so that the rule does not depend on that.
 */
export async function pinServerAddress(host: string, resolve: AddressLookup = lookupAll): Promise<string> {
  if (isIP(host)) {
    if (isRefusedServerAddress(host)) throw new ServerAddressRefusedError(host);
    return host;
  }
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0 || addresses.some(isRefusedServerAddress))
    throw new ServerAddressRefusedError(host);
  return addresses[0]!;
}
