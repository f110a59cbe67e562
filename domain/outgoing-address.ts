/**
 * Which addresses the shop may send a request to when staff or a buyer typed the URL (webhook
 * receivers, a buyer's invoice address; docs/decisions/0036): no server-side request forgery into the
 * shop's own network or the cloud's metadata service. Checked on the URL when staff save it, and again
 * on every address the host resolves to at each attempt, on the address the connection then uses (a
 * name that resolved to a public address yesterday may resolve to 127.0.0.1 today). The sender is
 * functions/lib/outgoing-request.ts.
 *
 * Addresses come as the WHATWG URL parser and the resolver write them: the parser already turns the
 * decimal, hexadecimal, octal and shortened IPv4 forms (`2130706433`, `0x7f.1`, `0177.0.0.1`,
 * `127.1`) into dotted quads, and writes IPv6 in brackets.
 */

export const INSECURE_URL_MESSAGE = 'The URL must start with https://.';
export const PRIVATE_ADDRESS_MESSAGE =
  'This URL points into a private network; the shop sends requests only to public addresses.';

type Range = [base: number, prefixLength: number];

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const NON_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const NON_PUBLIC_V4_RANGES: Range[] = NON_PUBLIC_V4.map(([base, length]) => [parseIPv4(base) as number, length]);
const LOOPBACK_V4: Range = [parseIPv4('127.0.0.0') as number, 8];

/** A dotted quad as a 32-bit number; null for anything else. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** An IPv6 address (brackets, a zone and an embedded dotted quad allowed) as eight 16-bit groups; null for anything else. */
export function parseIPv6(text: string): number[] | null {
  let address = text
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (quad) {
    const v4 = parseIPv4(quad[1] as string);
    if (v4 === null) return null;
    address = `${address.slice(0, -(quad[1] as string).length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function inV4Range(address: number, [base, prefixLength]: Range): boolean {
  const size = 2 ** (32 - prefixLength);
  return Math.floor(address / size) === Math.floor(base / size);
}

function isPublicIPv4(address: number): boolean {
  return !NON_PUBLIC_V4_RANGES.some((range) => inV4Range(address, range));
}

function isPublicIPv6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedV4 = g6 * 65536 + g7;
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, :: and ::1 among them) reach the IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) {
    return g5 === 0xffff ? isPublicIPv4(embeddedV4) : false;
  }
  // NAT64 (64:ff9b::/96, 64:ff9b:1::/48) reaches the embedded IPv4 address through a translator.
  if (g0 === 0x64 && g1 === 0xff9b)
    return g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 ? isPublicIPv4(embeddedV4) : false;
  // 6to4 (2002::/16) embeds an IPv4 address in its second and third groups.
  if (g0 === 0x2002) return isPublicIPv4(g1 * 65536 + g2);
  // Only global unicast (2000::/3) is public: this leaves out ULA fc00::/7, link-local fe80::/10,
  // site-local fec0::/10, multicast ff00::/8 and the discard prefix 100::/64.
  if ((g0 & 0xe000) !== 0x2000) return false;
  // 2001::/23 (IETF protocol assignments, Teredo 2001::/32 among them) and documentation 2001:db8::/32.
  if (g0 === 0x2001 && (g1 < 0x200 || g1 === 0xdb8)) return false;
  return true;
}

/** Whether `address` (an IPv4 or IPv6 literal) is on the public internet; anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return isPublicIPv4(v4);
  const v6 = parseIPv6(address);
  return v6 !== null && isPublicIPv6(v6);
}

/**
 * Whether `address` is this machine's own (127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6):
 * what the local stack's receivers listen on, and all it allows beyond public addresses.
 */
export function isLoopbackAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return inV4Range(v4, LOOPBACK_V4);
  const v6 = parseIPv6(address);
  if (v6 === null || v6.slice(0, 5).some((group) => group !== 0)) return false;
  const [g5, g6 = 0, g7 = 0] = v6.slice(5);
  if (g5 === 0xffff) return inV4Range(g6 * 65536 + g7, LOOPBACK_V4);
  return g5 === 0 && g6 === 0 && g7 === 1;
}

/** The address literal a URL's host is (as the URL parser normalised it), or null for a name to resolve. */
export function addressLiteralOf(hostname: string): string | null {
  if (parseIPv4(hostname) !== null) return hostname;
  if (hostname.startsWith('[')) return hostname.slice(1, -1);
  return null;
}
