import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKER_VERSION } from '../http/vendor';
import { ensureWebBuild, freePort, startWebProcess, type ChildServer } from '../../testing';

/**
 * The headers as the built server sends them (`npm start`, NODE_ENV=production):
 * set in scripts/server.ts for every response, pages, API and static files alike.
 */
describe('security headers of the running server', () => {
  let server: ChildServer;
  let base: string;
  let dataDir: string;
  const apiKey = 'atk_sec_0123456789abcdefghijklmnop';

  beforeAll(async () => {
    await ensureWebBuild();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-headers-'));
    server = await startWebProcess({
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      FRAME_ANCESTORS: 'self https://app.example.com',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false',
      ATESTA_DEMO: 'true',
      ATESTA_DEMO_USERNAME: 'sec.admin',
      ATESTA_DEMO_PASSWORD: 'sec-password-123456',
      ATESTA_DEMO_API_KEY: apiKey,
    });
  }, 600_000);
  afterAll(() => {
    server?.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (p: string, init: RequestInit = {}) => fetch(`${base}${p}`, { redirect: 'manual', ...init });
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

  it('pages: a per-request nonce that Next.js puts on every script, and nothing without it', async () => {
    for (const p of ['/', '/docs', '/p/00000000-0000-4000-8000-000000000000', '/no-such-page']) {
      const res = await get(p, { headers: { 'content-security-policy': "script-src 'nonce-chosen-by-client'" } });
      const csp = res.headers.get('content-security-policy');
      const nonce = nonceOf(csp);
      expect(nonce, p).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp).toContain("frame-ancestors 'self' https://app.example.com");
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, p).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, p).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain('chosen-by-client');
      // Only one origin may frame besides our own: X-Frame-Options cannot say that, so it is absent.
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
    const a = nonceOf((await get('/')).headers.get('content-security-policy'));
    const b = nonceOf((await get('/')).headers.get('content-security-policy'));
    expect(a).not.toBe(b);
  });

  it('every response: nosniff and HSTS in production; no Referer from step pages', async () => {
    const responses = {
      page: await get('/'),
      stepPage: await get('/p/00000000-0000-4000-8000-000000000000'),
      json: await get('/healthz'),
      problem: await get('/services/api/v1/api-keys'),
      unknownApi: await get('/services/api/v1/nothing-here'),
      openapi: await get('/services/api/v1/openapi.json'),
      vendor: await get(`/vendor/human/${TRACKER_VERSION}/models/blazeface.json`),
    };
    expect(responses.problem.headers.get('content-type')).toBe('application/problem+json');
    for (const [name, res] of Object.entries(responses)) {
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), name).toBe('max-age=63072000; includeSubDomains');
      expect(res.headers.get('referrer-policy'), name).toBe(name === 'stepPage' ? 'no-referrer' : 'strict-origin-when-cross-origin');
    }
    const html = await (await get('/')).text();
    const asset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!;
    expect((await get(asset)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the local outbox (codes in clear) is off in production', async () => {
    expect((await get('/dev/outbox/messages')).status).toBe(404);
  });

  it('a capability URL: no Referer, no cache, and its secret never reaches the request log', async () => {
    const started = await fetch(`${base}/onboarding/api/v1/steps/liveness`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ cpf: '52998224725', appRedirect: 'https://app.example.com/done' }),
    });
    expect(started.status).toBe(200);
    const { requestProcessUrl, requestId } = (await started.json()) as { requestProcessUrl: string; requestId: string };
    const secret = new URL(requestProcessUrl).pathname.split('/')[3]!;
    const opened = await get(new URL(requestProcessUrl).pathname);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('location')).toBe(`/p/${requestId}`);
    expect(opened.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    const deadline = Date.now() + 5000;
    while (!server.output().includes(`/p/${requestId}/[secret]`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toContain(`/p/${requestId}/[secret]`);
    expect(server.output()).not.toContain(secret);
  });
});
