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

/** IPv4 carried inside IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96): judged as the IPv4 it carries. */
function embeddedIpv4(ip: string): string | undefined {
  const lower = ip.toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return mapped[1];
  const hex = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower) ?? /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const a = parseInt(hex[1]!, 16);
    const b = parseInt(hex[2]!, 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return undefined;
}

export function classifyAddress(ip: string): AddressClass {
  const family = net.isIP(ip);
  if (family === 0) return 'blocked';
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    if (v4) return classifyAddress(v4);
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !addressAllowed(host, allowPrivate)) return `must not point at a non-public address (${host})`;
  if (!net.isIP(host) && /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host) && !allowPrivate) return `must not point at an internal host name (${host})`;
  return undefined;
}
