import dns from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { resetConfig } from '../config';
import { putWorkflow as putWorkflowContract } from '../../api/contracts/batch';
import { enrolRequestSchema } from '../../api/contracts/onboarding';
import { settingsUpdateSchema } from '../../api/contracts/settings';
import { appRedirectSchema, validationStartSchema } from '../../api/contracts/steps';
import { getDb, schema } from '../db';
import { deliverEvent, emitWebhook } from '../../delivery/webhooks';
import { postWebhook } from '../../delivery/webhooks/client';
import { startReceiver } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { GET as done } from '@/app/p/[requestId]/done/route';
import { GET as openLink } from '@/app/p/[requestId]/[secret]/route';

/**
 * Server-side request forgery: every URL the server will call on an
 * integrator's behalf (step webhookUrl, onboarding callBackUrl, import
 * workflow webhookUrl) is checked when it is given, and again, by the address
 * actually connected to, when it is called. Operator settings (DATAVALID_URL,
 * SMS_HTTP_URL, S3_ENDPOINT, SMTP_URL) are trusted configuration.
 */
const FIELDS: [string, z.ZodType][] = [
  ['steps webhookUrl', validationStartSchema.shape.webhookUrl],
  ['onboarding callBackUrl', enrolRequestSchema.shape.callBackUrl],
  ['import workflow webhookUrl', (putWorkflowContract.body!.schema as z.ZodObject).shape.webhookUrl as z.ZodType],
];

const HOSTILE: [string, string][] = [
  ['http://127.0.0.1/hook', 'loopback'],
  ['http://127.1/hook', 'loopback, short form'],
  ['http://2130706433/hook', 'loopback as one decimal number'],
  ['http://0x7f.1/hook', 'loopback in hex'],
  ['http://0x7f000001/hook', 'loopback as one hex number'],
  ['http://017700000001/hook', 'loopback as one octal number'],
  ['http://0177.0.0.1/hook', 'loopback in octal'],
  ['http://0/hook', 'the unspecified address'],
  ['http://10.0.0.5/hook', 'private 10/8'],
  ['http://172.16.1.1/hook', 'private 172.16/12'],
  ['http://192.168.1.1/hook', 'private 192.168/16'],
  ['http://100.64.0.1/hook', 'carrier-grade NAT'],
  ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
  ['http://169.254.10.20/', 'link-local'],
  ['http://100.100.100.200/', 'Alibaba metadata'],
  ['http://[::1]/hook', 'IPv6 loopback'],
  ['http://[::]/hook', 'IPv6 unspecified'],
  ['http://[fd12:3456::1]/hook', 'IPv6 unique local (fc00::/7)'],
  ['http://[fe80::1]/hook', 'IPv6 link-local'],
  ['http://[fd00:ec2::254]/', 'AWS metadata over IPv6'],
  ['http://[::ffff:127.0.0.1]/hook', 'IPv4-mapped loopback'],
  ['http://[::ffff:a9fe:a9fe]/', 'IPv4-mapped metadata'],
  ['http://[::127.0.0.1]/hook', 'IPv4-compatible (deprecated) loopback'],
  ['http://[64:ff9b::a00:1]/hook', 'NAT64 of a private address'],
  ['http://[2002:7f00:1::1]/hook', '6to4 of loopback'],
  ['http://localhost:3000/hook', 'localhost by name'],
  ['http://localhost./hook', 'localhost with a trailing dot'],
  ['http://api.localhost/hook', 'a .localhost name'],
  ['http://metadata.google.internal/', 'an .internal name'],
  ['http://printer.local/', 'an mDNS .local name'],
  ['file:///etc/passwd', 'file scheme'],
  ['gopher://example.com/_x', 'gopher scheme'],
  ['ftp://example.com/x', 'ftp scheme'],
  ['dict://example.com:11211/stats', 'dict scheme'],
  ['javascript:alert(1)', 'javascript scheme'],
  ['https://user:pass@example.com/hook', 'credentials in the URL'],
  ['https://token@example.com/hook', 'a user name in the URL'],
  ['/relative/hook', 'not absolute'],
];

describe('SSRF', () => {
  afterAll(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    resetConfig();
  });

  describe.each(FIELDS)('%s', (_field, field) => {
    it.each(HOSTILE)('refuses %s (%s)', (url) => {
      expect(field.safeParse(url).success).toBe(false);
    });
    it('accepts a public https URL', () => expect(field.safeParse('https://hooks.example.com/atesta?x=1').success).toBe(true));
  });

  it('WEBHOOK_ALLOW_PRIVATE_NETWORKS (development) opens loopback and private ranges, never metadata or link-local', () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
    resetConfig();
    const field = FIELDS[0]![1];
    expect(field.safeParse('http://127.0.0.1:9000/hook').success).toBe(true);
    for (const url of ['http://169.254.169.254/', 'http://[fe80::1]/', 'http://[::ffff:a9fe:a9fe]/', 'http://[::127.0.0.1]/']) expect(field.safeParse(url).success, url).toBe(false);
    delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    resetConfig();
  });

  describe('at connect time', () => {
    // Private networks stay refused here: the receiver is started apart, not through the fixture.
    const ctx = withTestIntegrator();
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let port: string;
    beforeAll(async () => {
      receiver = await startReceiver(() => ({ status: 200 }));
      port = new URL(receiver.url).port;
    });
    afterAll(async () => {
      await receiver.close();
    });
    const post = (url: string, allowPrivate = false) => postWebhook(url, '{}', { 'content-type': 'application/json' }, { timeoutMs: 2000, allowPrivate });

    it('a name that resolves to a private address when called is refused, whatever it was when saved (DNS rebinding)', async () => {
      const t = ctx.tenant;
      const d = await getDb();
      // Stored as if it had passed the start-time check, then its DNS changed.
      const [id = ''] = await d.transaction((tx) => emitWebhook(tx, { integratorId: t.integratorId, type: 'step.completed', url: `http://localhost:${port}/hook`, subjectId: 's', data: {} }));
      expect(await deliverEvent(id)).toBe('failed'); // a blocked address is not retried
      const [attempt] = await d.select().from(schema.webhookAttempts).where(eq(schema.webhookAttempts.eventId, id));
      expect(attempt!.error).toMatch(/resolves to (127\.0\.0\.1|::1), which is not a public address/);
      expect(receiver.calls).toHaveLength(0);
    });

    it('literal and encoded private addresses are refused before any connection', async () => {
      for (const url of [`http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, 'http://169.254.169.254/']) {
        expect((await post(url)).error, url).toMatch(/not a public address/);
      }
      expect(receiver.calls).toHaveLength(0);
    });

    it('the name is resolved once and the connection goes to that very address', async () => {
      const real = dns.lookup;
      const lookup = vi.spyOn(dns, 'lookup').mockImplementation((async () => [{ address: lookup.mock.calls.length === 1 ? '127.0.0.1' : '10.255.255.1', family: 4 }]) as unknown as typeof real);
      try {
        const result = await post(`http://rebinding.example:${port}/hook`, true);
        expect(result.status).toBe(200);
        expect(lookup).toHaveBeenCalledTimes(1);
        expect(receiver.calls.at(-1)!.headers.host).toBe(`rebinding.example:${port}`);
      } finally {
        lookup.mockRestore();
      }
    });

    it('redirects are not followed: a 302 to an internal address is a failed attempt', async () => {
      const internal = await startReceiver(() => ({ status: 200 }));
      const redirecting = await startReceiver(() => ({ status: 302, headers: { location: `${internal.url}/admin` } }));
      try {
        const result = await post(`${redirecting.url}/hook`, true);
        expect(result.status).toBe(302);
        expect(internal.calls).toHaveLength(0);
      } finally {
        await internal.close();
        await redirecting.close();
      }
    });
  });

  describe('open redirects', () => {
    it.each([
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example/',
      ' //evil.example/',
      'http://evil.example/',
      'https://',
      'blob:https://evil.example/x',
      'about:blank',
    ])('appRedirect %s is refused', (value) => {
      expect(appRedirectSchema.safeParse(value).success).toBe(false);
    });

    // A path stays on the integrator's app origin (surrounding blanks are trimmed first).
    it.each(['https://app.example.com/done', 'myapp://done', '/after', '\t/after', 'http://localhost:3000/back'])('appRedirect %s is accepted', (value) => {
      expect(appRedirectSchema.safeParse(value).success).toBe(true);
    });

    it('the app origin must be an https origin', () => {
      for (const appOrigin of ['javascript:alert(1)', 'http://app.example.com', 'https://app.example.com/path', 'https://app.example.com/?next=//evil']) {
        expect(settingsUpdateSchema.safeParse({ appOrigin }).success, appOrigin).toBe(false);
      }
      expect(settingsUpdateSchema.parse({ appOrigin: 'https://app.example.com/' }).appOrigin).toBe('https://app.example.com');
    });

    it('the step routes redirect only to their own pages or the stored appRedirect, whatever the address carries', async () => {
      const leave = await done(new Request('http://atesta.test/p/x/done?next=https://evil.example'), { params: Promise.resolve({ requestId: '//evil.example' }) });
      expect(leave.headers.get('location')).toBe('/p/%2F%2Fevil.example');
      const opened = await openLink(new Request('http://atesta.test/p/x/y?lang=//evil.example'), { params: Promise.resolve({ requestId: '/\\evil.example', secret: 'y' }) });
      expect(opened.headers.get('location')).toBe('/p/%2F%5Cevil.example?lang=%2F%2Fevil.example&link=invalid');
    }, 120_000);
  });
});
