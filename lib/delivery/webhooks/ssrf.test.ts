import { describe, expect, it } from 'vitest';
import { addressAllowed, classifyAddress, resolveChecked, webhookUrlProblem } from './ssrf';

describe('SSRF guard: address classes', () => {
  const cases: [string, string, 'public' | 'private' | 'blocked'][] = [
    ['loopback v4', '127.0.0.1', 'private'],
    ['loopback v4 range', '127.8.9.10', 'private'],
    ['loopback v6', '::1', 'private'],
    ['private 10/8', '10.1.2.3', 'private'],
    ['private 172.16/12', '172.31.255.1', 'private'],
    ['private 192.168/16', '192.168.0.10', 'private'],
    ['carrier-grade NAT', '100.64.0.1', 'private'],
    ['unique local v6', 'fd12:3456::1', 'private'],
    ['link-local v4', '169.254.10.1', 'blocked'],
    ['cloud metadata v4', '169.254.169.254', 'blocked'],
    ['Alibaba metadata', '100.100.100.200', 'blocked'],
    ['AWS metadata v6', 'fd00:ec2::254', 'blocked'],
    ['link-local v6', 'fe80::1', 'blocked'],
    ['multicast v4', '224.0.0.251', 'blocked'],
    ['multicast v6', 'ff02::1', 'blocked'],
    ['unspecified v4', '0.0.0.0', 'blocked'],
    ['unspecified v6', '::', 'blocked'],
    ['broadcast', '255.255.255.255', 'blocked'],
    ['documentation v4', '203.0.113.5', 'blocked'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1', 'private'],
    ['IPv4-mapped loopback (hex)', '::ffff:7f00:1', 'private'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254', 'blocked'],
    ['IPv4-mapped metadata (hex)', '::ffff:a9fe:a9fe', 'blocked'],
    ['NAT64 of private', '64:ff9b::10.0.0.1', 'private'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1', 'private'],
    ['6to4 of loopback', '2002:7f00:1::1', 'private'],
    ['6to4 of metadata', '2002:a9fe:a9fe::', 'blocked'],
    ['IPv4-compatible (deprecated)', '::7f00:1', 'blocked'],
    ['IPv4-compatible public', '::8.8.8.8', 'blocked'],
    ['Teredo', '2001:0:4136:e378::1', 'blocked'],
    ['site-local (deprecated)', 'fec0::1', 'blocked'],
    ['local-use NAT64', '64:ff9b:1::a00:1', 'blocked'],
    ['public v4', '8.8.8.8', 'public'],
    ['public v6', '2001:4860:4860::8888', 'public'],
    ['IPv4-mapped public', '::ffff:8.8.8.8', 'public'],
    ['not an address', 'example', 'blocked'],
  ];
  it.each(cases)('%s (%s) is %s', (_name, ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it('WEBHOOK_ALLOW_PRIVATE_NETWORKS opens loopback and private ranges, never metadata or multicast', () => {
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('10.0.0.1', true)).toBe(true);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
    expect(addressAllowed('ff02::1', true)).toBe(false);
  });

  it('checks every address a host name resolves to', async () => {
    await expect(resolveChecked('localhost', false)).rejects.toThrow(/not a public address/);
    await expect(resolveChecked('localhost', true)).resolves.toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    await expect(resolveChecked('[::ffff:169.254.169.254]', true)).rejects.toThrow(/not a public address/);
  });
});

describe('webhook URL validation at process start', () => {
  it.each([
    ['ftp://example.com/x', /http or https/],
    ['javascript:alert(1)', /http or https/],
    ['http://', /absolute/],
    ['not a url', /absolute/],
    ['/relative/path', /absolute/],
    ['https://user:pw@example.com/hook', /credentials/],
    ['http://169.254.169.254/latest/meta-data', /non-public/],
    ['http://[::1]:8080/hook', /non-public/],
    ['http://127.0.0.1/hook', /non-public/],
    ['http://localhost:3000/hook', /internal host/],
    ['http://metadata.google.internal/', /internal host/],
  ])('%s is refused', (url, message) => {
    expect(webhookUrlProblem(url, false)).toMatch(message);
  });

  it('accepts public http(s) URLs, and loopback when private networks are allowed', () => {
    expect(webhookUrlProblem('https://hooks.example.com/atesta?x=1', false)).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', true)).toBeUndefined();
    expect(webhookUrlProblem('http://169.254.169.254/', true)).toMatch(/non-public/);
  });
});
