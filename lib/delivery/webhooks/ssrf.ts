import dns from 'node:dns/promises';
import net from 'node:net';

/** Never reachable from a webhook, whatever the configuration: metadata, multicast, reserved. */
const ALWAYS_BLOCKED = new net.BlockList();
ALWAYS_BLOCKED.addSubnet('0.0.0.0', 8, 'ipv4');
ALWAYS_BLOCKED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, cloud metadata 169.254.169.254
ALWAYS_BLOCKED.addSubnet('100.100.100.200', 32, 'ipv4'); // Alibaba Cloud metadata
ALWAYS_BLOCKED.addSubnet('192.0.0.0', 24, 'ipv4');
ALWAYS_BLOCKED.addSubnet('192.0.2.0', 24, 'ipv4');
ALWAYS_BLOCKED.addSubnet('198.18.0.0', 15, 'ipv4');
ALWAYS_BLOCKED.addSubnet('198.51.100.0', 24, 'ipv4');
ALWAYS_BLOCKED.addSubnet('203.0.113.0', 24, 'ipv4');
ALWAYS_BLOCKED.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
ALWAYS_BLOCKED.addSubnet('240.0.0.0', 4, 'ipv4'); // reserved and broadcast
ALWAYS_BLOCKED.addAddress('::', 'ipv6');
ALWAYS_BLOCKED.addSubnet('fe80::', 10, 'ipv6'); // link-local
ALWAYS_BLOCKED.addSubnet('ff00::', 8, 'ipv6'); // multicast
ALWAYS_BLOCKED.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
ALWAYS_BLOCKED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
ALWAYS_BLOCKED.addSubnet('fec0::', 10, 'ipv6'); // deprecated site-local
ALWAYS_BLOCKED.addSubnet('100::', 64, 'ipv6'); // discard-only
ALWAYS_BLOCKED.addSubnet('2001::', 32, 'ipv6'); // Teredo: an IPv4 hidden in the address
ALWAYS_BLOCKED.addSubnet('64:ff9b:1::', 48, 'ipv6'); // local-use NAT64

/** Loopback and private ranges: allowed only with WEBHOOK_ALLOW_PRIVATE_NETWORKS (development, tests). */
const PRIVATE = new net.BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6'); // unique local

export type AddressClass = 'public' | 'private' | 'blocked';

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as two). */
function ipv6Groups(ip: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  let hex = ip;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    hex = `${ip.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const [head = '', tail] = hex.split('::');
  if (tail === undefined) return groups(head);
  const [h, t] = [groups(head), groups(tail)];
  return [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * IPv4 carried inside IPv6, judged as the IPv4 it carries: mapped
 * ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96 and 6to4
 * 2002::/16. 'compat' for the deprecated IPv4-compatible ::a.b.c.d, which no
 * webhook has reason to use.
 */
function embeddedIpv4(ip: string): string | 'compat' | undefined {
  const g = ipv6Groups(ip.toLowerCase());
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  if (zeros(0, 6) && (g[6] !== 0 || g[7]! > 1)) return 'compat';
  return undefined;
}

export function classifyAddress(ip: string): AddressClass {
  const family = net.isIP(ip);
  if (family === 0) return 'blocked';
  if (family === 6) {
    const carried = embeddedIpv4(ip);
    if (carried === 'compat') return 'blocked';
    if (carried) return classifyAddress(carried);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (ALWAYS_BLOCKED.check(ip, type)) return 'blocked';
  if (PRIVATE.check(ip, type)) return 'private';
  return 'public';
}

export function addressAllowed(ip: string, allowPrivate: boolean): boolean {
  const cls = classifyAddress(ip);
  return cls === 'public' || (cls === 'private' && allowPrivate);
}

export class BlockedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`Webhook host ${host} resolves to ${address}, which is not a public address.`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * Resolves a host and checks every address. The caller connects to the
 * returned address, so a second lookup (DNS rebinding) cannot change it.
 */
export async function resolveChecked(host: string, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = net.isIP(bare);
  const records = literal ? [{ address: bare, family: literal }] : await dns.lookup(bare, { all: true, verbatim: true });
  if (records.length === 0) throw new Error(`Webhook host ${host} does not resolve.`);
  for (const r of records) if (!addressAllowed(r.address, allowPrivate)) throw new BlockedAddressError(host, r.address);
  const first = records[0]!;
  return { address: first.address, family: first.family as 4 | 6 };
}

/** Static checks of a webhook URL at process start (scheme, host, credentials, literal addresses). */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must use http or https, not ${url.protocol.replace(/:$/, '')}`;
  if (!url.hostname) return 'must include a host';
  if (url.username || url.password) return 'must not embed credentials; use webhookBasicAuth';
  // A trailing dot is the same name (localhost. is localhost).
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (net.isIP(host) && !addressAllowed(host, allowPrivate)) return `must not point at a non-public address (${host})`;
  if (!net.isIP(host) && /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host) && !allowPrivate) return `must not point at an internal host name (${host})`;
  return undefined;
}
