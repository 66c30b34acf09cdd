// Webhook URLs are chosen by merchants, so a delivery is a request we make on their behalf from
// inside our network. This guard keeps those requests on the public internet: it classifies every
// address a URL's host resolves to and refuses the URL if any one of them is internal (a host that
// resolves to one public and one private address could be reached through either). The caller
// must then connect only to the addresses returned here (see post-webhook.ts); resolving again at
// connect time would let a DNS-rebinding host swap in a private address after the check.
import { promises as dns } from 'node:dns';
import { isIP, isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback' // 127/8, ::1
  | 'private' // RFC 1918, and NAT64 local-use 64:ff9b:1::/48
  | 'link-local' // 169.254/16 (incl. cloud metadata 169.254.169.254), fe80::/10
  | 'cgnat' // 100.64/10 shared address space (RFC 6598)
  | 'unspecified' // 0/8 "this network", ::
  | 'multicast' // 224/4, ff00::/8
  | 'broadcast' // 255.255.255.255
  | 'reserved' // 240/4, IETF protocol ranges, anything in IPv6 outside global unicast 2000::/3
  | 'documentation' // 192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20
  | 'benchmarking' // 198.18/15, 2001:2::/48
  | 'unique-local' // fc00::/7
  | 'invalid'; // not an IP address at all (fails closed)

type Range = {
  readonly network: bigint;
  readonly prefix: number;
  readonly class: Exclude<AddressClass, 'public' | 'invalid'>;
};

function v4Range(cidr: string, addressClass: Range['class']): Range {
  const [ip, prefix] = cidr.split('/') as [string, string];
  return { network: ipv4ToBigInt(ip), prefix: Number(prefix), class: addressClass };
}

function v6Range(cidr: string, addressClass: Range['class']): Range {
  const [ip, prefix] = cidr.split('/') as [string, string];
  return { network: ipv6ToBigInt(ip), prefix: Number(prefix), class: addressClass };
}

// Most specific first: the first match wins.
const v4Ranges: readonly Range[] = [
  v4Range('255.255.255.255/32', 'broadcast'),
  v4Range('0.0.0.0/8', 'unspecified'),
  v4Range('10.0.0.0/8', 'private'),
  v4Range('100.64.0.0/10', 'cgnat'),
  v4Range('127.0.0.0/8', 'loopback'),
  v4Range('169.254.0.0/16', 'link-local'),
  v4Range('172.16.0.0/12', 'private'),
  v4Range('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  v4Range('192.0.2.0/24', 'documentation'),
  v4Range('192.88.99.0/24', 'reserved'), // deprecated 6to4 relay anycast
  v4Range('192.168.0.0/16', 'private'),
  v4Range('198.18.0.0/15', 'benchmarking'),
  v4Range('198.51.100.0/24', 'documentation'),
  v4Range('203.0.113.0/24', 'documentation'),
  v4Range('224.0.0.0/4', 'multicast'),
  v4Range('240.0.0.0/4', 'reserved'),
];

const v6Ranges: readonly Range[] = [
  v6Range('::/128', 'unspecified'),
  v6Range('::1/128', 'loopback'),
  v6Range('64:ff9b:1::/48', 'private'), // local-use NAT64 (RFC 8215)
  v6Range('2001:2::/48', 'benchmarking'),
  v6Range('2001:db8::/32', 'documentation'),
  v6Range('2001::/23', 'reserved'), // IETF protocol assignments, incl. Teredo
  v6Range('3fff::/20', 'documentation'), // RFC 9637
  v6Range('fc00::/7', 'unique-local'),
  v6Range('fe80::/10', 'link-local'),
  v6Range('ff00::/8', 'multicast'),
];

// Prefixes whose addresses carry an IPv4 address in their low bits; a NAT64 or 6to4 gateway
// would forward to that IPv4 address, so it is what gets classified.
const IPV4_MAPPED = v6Range('::ffff:0:0/96', 'reserved');
const NAT64_WELL_KNOWN = v6Range('64:ff9b::/96', 'reserved');
const SIX_TO_FOUR = v6Range('2002::/16', 'reserved');
const GLOBAL_UNICAST = v6Range('2000::/3', 'reserved');

function inRange(address: bigint, bits: number, range: Range): boolean {
  const shift = BigInt(bits - range.prefix);
  return address >> shift === range.network >> shift;
}

function ipv4ToBigInt(ip: string): bigint {
  return ip.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

/** Expands a valid IPv6 text (`::`, embedded dotted quad) to its 128-bit value. */
function ipv6ToBigInt(ip: string): bigint {
  let text = ip;
  const groups: number[] = [];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  let tail: number[] = [];
  if (dotted?.[1]) {
    const v4 = Number(ipv4ToBigInt(dotted[1]));
    tail = [v4 >>> 16, v4 & 0xffff];
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  const right = [...parse(rest ?? ''), ...tail];
  const missing = 8 - left.length - right.length;
  groups.push(...left, ...(rest === undefined ? [] : new Array<number>(missing).fill(0)), ...right);
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

function classifyV4(value: bigint): AddressClass {
  for (const range of v4Ranges) if (inRange(value, 32, range)) return range.class;
  return 'public';
}

function classifyV6(value: bigint): AddressClass {
  if (inRange(value, 128, IPV4_MAPPED) || inRange(value, 128, NAT64_WELL_KNOWN))
    return classifyV4(value & 0xffff_ffffn);
  if (inRange(value, 128, SIX_TO_FOUR)) return classifyV4((value >> 80n) & 0xffff_ffffn);
  for (const range of v6Ranges) if (inRange(value, 128, range)) return range.class;
  // Everything outside global unicast is unassigned, deprecated (site-local fec0::/10,
  // IPv4-compatible ::a.b.c.d) or special-purpose (discard 100::/64): none is a webhook receiver.
  return inRange(value, 128, GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/**
 * Classifies an IP address literal (dotted-quad IPv4 or IPv6, optionally in brackets or with a
 * zone id). IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses
 * are classified by the IPv4 address they embed. Anything that is not an IP literal is 'invalid'.
 */
export function classifyAddress(ip: string): AddressClass {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1 && isIPv6(text.slice(0, zone))) text = text.slice(0, zone);
  if (isIPv4(text)) return classifyV4(ipv4ToBigInt(text));
  if (isIPv6(text)) return classifyV6(ipv6ToBigInt(text));
  return 'invalid';
}

export type Resolver = (host: string) => Promise<string[]>;

export type UndeliverableReason =
  | 'invalid-url'
  | 'unsupported-scheme' // not http(s) at all
  | 'insecure-scheme' // http while insecure postbacks are off
  | 'credentials' // user:password@ in the URL
  | 'dns-failure'
  | 'non-public-address';

export class UndeliverableUrlError extends Error {
  readonly reason: UndeliverableReason;
  /** The offending address and its class, for 'non-public-address'. */
  readonly address: string | undefined;
  readonly addressClass: AddressClass | undefined;
  constructor(reason: UndeliverableReason, message: string, address?: { ip: string; class: AddressClass }) {
    super(message);
    this.name = 'UndeliverableUrlError';
    this.reason = reason;
    this.address = address?.ip;
    this.addressClass = address?.class;
  }
}

export const defaultResolver: Resolver = async (host) => {
  // `order: 'verbatim'` is the current spelling of `verbatim: true`: addresses as the OS gave them.
  const found = await dns.lookup(host, { all: true, order: 'verbatim' });
  return found.map((entry) => entry.address);
};

export type DeliverableUrlOptions = {
  /** ALLOW_INSECURE_POSTBACK: permits http and internal addresses (local development, tests). */
  allowInsecure: boolean;
  resolve?: Resolver;
};

/** The host of a parsed URL without IPv6 brackets. */
export function urlHost(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Checks a webhook URL right before delivery and returns the addresses its host resolves to
 * (an IP literal is its own single address). Throws UndeliverableUrlError otherwise.
 * Numeric tricks such as `http://2130706433/` or `http://0x7f.1/` need no special case: WHATWG
 * URL parsing normalises them to dotted quads (127.0.0.1), which are then classified.
 */
export async function assertDeliverableUrl(url: string, options: DeliverableUrlOptions): Promise<string[]> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UndeliverableUrlError('invalid-url', 'postbackUrl: is not a valid absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new UndeliverableUrlError(
      'unsupported-scheme',
      `postbackUrl: scheme ${parsed.protocol} is not supported (use https)`,
    );
  }
  if (parsed.protocol === 'http:' && !options.allowInsecure) {
    throw new UndeliverableUrlError('insecure-scheme', 'postbackUrl: must use https');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new UndeliverableUrlError(
      'credentials',
      'postbackUrl: must not contain credentials (user:password@)',
    );
  }
  const host = urlHost(parsed);
  if (host === '') throw new UndeliverableUrlError('invalid-url', 'postbackUrl: has no host');

  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolver)(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      throw new UndeliverableUrlError(
        'dns-failure',
        `postbackUrl: host ${host} could not be resolved${code ? ` (${code})` : ''}`,
      );
    }
    if (addresses.length === 0)
      throw new UndeliverableUrlError('dns-failure', `postbackUrl: host ${host} has no addresses`);
  }

  for (const ip of addresses) {
    const addressClass = classifyAddress(ip);
    // An unparseable resolver answer cannot be pinned to, even in insecure mode.
    if (addressClass === 'invalid') {
      throw new UndeliverableUrlError(
        'dns-failure',
        `postbackUrl: host ${host} resolved to an invalid address`,
      );
    }
    if (addressClass !== 'public' && !options.allowInsecure) {
      throw new UndeliverableUrlError(
        'non-public-address',
        `postbackUrl: host ${host} resolves to a ${addressClass} address; only public addresses receive webhooks`,
        { ip, class: addressClass },
      );
    }
  }
  return addresses;
}

export const POSTBACK_URL_MAX_LENGTH = 2048;

/**
 * Purchase-time check, without DNS: an absolute http(s) URL with a host, no credentials (they
 * would be refused at every delivery), no whitespace or control characters, ≤ 2048 characters.
 * Whether https is required and where the host points are decided at delivery.
 */
export function isSyntacticallyValidPostbackUrl(url: string): boolean {
  if (url.length === 0 || url.length > POSTBACK_URL_MAX_LENGTH) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are refused
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return urlHost(parsed) !== '';
}
