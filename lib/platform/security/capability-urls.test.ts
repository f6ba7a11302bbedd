import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, schema } from '../db';
import { deliverMessage, listOutbox } from '../../delivery/notify';
import { stepPageModel } from '../../processes/steps/page-model';
import { expireDue } from '../../processes/steps';
import { call, codeIn } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { POST as startValidation } from '@/app/services/api/v1/steps/validation/route';
import { POST as cancelApi } from '@/app/services/api/v1/steps/[requestId]/cancel/route';
import { GET as openLink } from '@/app/p/[requestId]/[secret]/route';
import { POST as beginApi } from '@/app/p/[requestId]/api/begin/route';
import { POST as verifyApi } from '@/app/p/[requestId]/api/verify/route';
import { POST as resendApi } from '@/app/p/[requestId]/api/resend/route';
import { POST as handoffApi } from '@/app/p/[requestId]/api/handoff/route';

/**
 * Capability URLs: the requestProcessUrl (and the one-time handoff link made
 * from it) opens a session only while its process runs; once the process is
 * finished, expired or canceled, neither a new opening nor an old session can
 * do anything with it. Referer and request-log redaction are checked against
 * the running server (served-headers.test.ts) and in the browser (e2e/security.spec.ts).
 */
describe('capability URLs cannot be replayed', () => {
  const t = withTestIntegrator();

  let phones = 0;
  async function started() {
    const phone = `119666${String(++phones).padStart(5, '0')}`;
    const res = await call(startValidation, '/x', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/done', cellphone: phone, useIntroPage: false }, headers: t.auth });
    return { url: res.data.requestProcessUrl as string, requestId: res.data.requestId as string, phone };
  }
  /** Opens a capability link as a browser would: the session cookie it sets, if any. */
  async function open(url: string) {
    const [, , requestId, secret] = new URL(url).pathname.split('/');
    const res = await openLink(new Request(url), { params: Promise.resolve({ requestId: requestId!, secret: secret! }) });
    expect(res.status).toBe(303);
    return res.headers.get('set-cookie')?.split(';')[0];
  }
  async function latestCode(to: string) {
    const d = await getDb();
    for (const m of await d.select({ id: schema.messages.id }).from(schema.messages).where(eq(schema.messages.status, 'pending'))) await deliverMessage(m.id);
    return codeIn((await listOutbox({ to, limit: 1 }))[0]!.body)!;
  }
  const pageCalls = (requestId: string, cookie: string) => {
    const opts = (json: unknown) => ({ json, headers: { cookie }, params: { requestId } });
    return {
      begin: () => call(beginApi, '/x', opts({ consent: true })),
      verify: (code: string) => call(verifyApi, '/x', opts({ code })),
      resend: () => call(resendApi, '/x', opts({})),
      handoff: () => call(handoffApi, '/x', opts({})),
    };
  };

  const ENDINGS: [string, (p: Awaited<ReturnType<typeof started>>, cookie: string) => Promise<void>, string][] = [
    ['approved', async (p, cookie) => void (await pageCalls(p.requestId, cookie).verify(await latestCode(p.phone))), 'APPROVED'],
    [
      'rejected',
      async (p, cookie) => {
        const wrong = (await latestCode(p.phone)) === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i++) await pageCalls(p.requestId, cookie).verify(wrong);
      },
      'REJECTED',
    ],
    ['canceled', async (p) => void (await call(cancelApi, '/x', { method: 'POST', headers: t.auth, params: { requestId: p.requestId } })), 'CANCELED'],
    [
      'expired',
      async (p) => {
        await (await getDb()).update(schema.stepProcesses).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(schema.stepProcesses.id, p.requestId));
        await expireDue();
      },
      'EXPIRED',
    ],
  ];

  it.each(ENDINGS)('%s: the link opens no session any more, the old session can do nothing, a handoff link made before is dead', async (_name, end, status) => {
    const p = await started();
    const cookie = (await open(p.url))!;
    expect(cookie).toMatch(/^atesta_step=/);
    const handoff = await pageCalls(p.requestId, cookie).handoff();
    expect(handoff.status).toBe(200);
    await end(p, cookie);
    const [row] = await (await getDb()).select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, p.requestId));
    expect(row!.status).toBe(status);

    expect(await open(p.url)).toBeUndefined();
    expect(await open(handoff.data.url)).toBeUndefined();
    const calls = pageCalls(p.requestId, cookie);
    for (const res of [await calls.begin(), await calls.verify('123456'), await calls.resend(), await calls.handoff()]) {
      expect(res.status, res.text).toBe(409);
      expect(res.data.code).toBe('process_finished');
    }
    // A browser without a session learns only that the process is over.
    const anonymous = await stepPageModel(p.requestId, undefined);
    expect(anonymous.view.stage).toBe(status === 'EXPIRED' ? 'expired' : status === 'CANCELED' ? 'canceled' : 'already-finished');
  });

  it('a handoff link opens one session once; its reuse, a forged secret or another process id opens nothing', async () => {
    const p = await started();
    const cookie = (await open(p.url))!;
    const { url } = (await pageCalls(p.requestId, cookie).handoff()).data;
    expect(await open(url)).toMatch(/^atesta_step=/);
    expect(await open(url)).toBeUndefined();
    expect(await open(p.url.replace(/[^/]+$/, 'A'.repeat(43)))).toBeUndefined();
    const other = await started();
    expect(await open(`${new URL(other.url).origin}/p/${other.requestId}/${new URL(p.url).pathname.split('/')[3]}`)).toBeUndefined();
  });

  it('an expired handoff link opens nothing', async () => {
    const p = await started();
    const { url } = (await pageCalls(p.requestId, (await open(p.url))!).handoff()).data;
    await (await getDb()).update(schema.stepHandoffs).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(schema.stepHandoffs.processId, p.requestId));
    expect(await open(url)).toBeUndefined();
  });

  it('only hashes are stored: neither the link secret nor a session or handoff token is in the database', async () => {
    const p = await started();
    const secret = new URL(p.url).pathname.split('/')[3]!;
    const cookie = (await open(p.url))!;
    const handoffToken = new URL((await pageCalls(p.requestId, cookie).handoff()).data.url).pathname.split('/')[3]!;
    const d = await getDb();
    const stored = JSON.stringify([
      await d.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, p.requestId)),
      await d.select().from(schema.stepSessions).where(eq(schema.stepSessions.processId, p.requestId)),
      await d.select().from(schema.stepHandoffs).where(eq(schema.stepHandoffs.processId, p.requestId)),
    ]);
    for (const s of [secret, cookie.split('=')[1]!, handoffToken]) expect(stored).not.toContain(s);
  });
});
