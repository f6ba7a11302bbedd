import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { resetConfig } from '../../platform/config';
import { getDb, schema } from '../../platform/db';
import { deliverEvent } from '../../delivery/webhooks';
import { listOutbox } from '../../delivery/notify';
import { backends, call, codeIn } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { POST as login } from '@/app/services/api/v1/authentication/route';
import { POST as startValidation } from '@/app/services/api/v1/steps/validation/route';
import { POST as startMfa } from '@/app/onboarding/api/v1/steps/mfa/route';
import { POST as startLiveness } from '@/app/services/api/v1/steps/liveness/route';
import { GET as bearerResult } from '@/app/services/api/v1/steps/result/[requestId]/route';
import { GET as keyResult } from '@/app/onboarding/api/v1/steps/result/[requestId]/route';
import { POST as cancel } from '@/app/services/api/v1/steps/[requestId]/cancel/route';
import { PUT as putSettings } from '@/app/services/api/v1/settings/route';
import { GET as openLink } from '@/app/p/[requestId]/[secret]/route';
import { POST as beginApi } from '@/app/p/[requestId]/api/begin/route';
import { POST as verifyApi } from '@/app/p/[requestId]/api/verify/route';
import { POST as resendApi } from '@/app/p/[requestId]/api/resend/route';
import { GET as done } from '@/app/p/[requestId]/done/route';
import { cancelProcess, expireDue, redirectSignature, viewOf } from '.';


/** Opens a requestProcessUrl like a browser: returns the cookie and where it was sent. */
async function open(url: string) {
  const [, , requestId, secret] = new URL(url).pathname.split('/');
  const res = await openLink(new Request(url), { params: Promise.resolve({ requestId: requestId!, secret: secret! }) });
  const cookie = res.headers.get('set-cookie');
  return { requestId: requestId!, cookie: cookie?.split(';')[0], setCookie: cookie, location: res.headers.get('location'), status: res.status, referrer: res.headers.get('referrer-policy') };
}

const page = (cookie: string | undefined) => ({ ...(cookie ? { cookie } : {}) });

async function latestCode(to: string): Promise<string> {
  const [m] = await listOutbox({ to, limit: 1 });
  return codeIn(m!.body)!;
}

async function sendAll() {
  const db = await getDb();
  const pending = await db.select({ id: schema.messages.id }).from(schema.messages).where(eq(schema.messages.status, 'pending'));
  const { deliverMessage } = await import('../../delivery/notify');
  for (const m of pending) await deliverMessage(m.id);
}

describe.each(backends())('hosted validation and MFA processes on %s', (backend) => {
  beforeAll(() => {
    Object.assign(process.env, { NODE_ENV: 'development' });
    resetConfig();
  });
  afterAll(() => {
    Object.assign(process.env, { NODE_ENV: 'test' });
    resetConfig();
  });
  const t = withTestIntegrator({ backend, tenants: 2, receiver: () => ({ status: 200 }) });

  const startV = (body: Record<string, unknown>, headers = t.auth) =>
    call(startValidation, '/services/api/v1/steps/validation', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/done', cellphone: '11987654321', ...body }, headers });

  it('validation end to end: start, open, intro consent, wrong code, right code, redirect, result and webhook agree', async () => {
    const started = await startV({ webhookUrl: `${t.receiver.url}/hook`, webhookBasicAuth: 'u:p', cellphone: '11900001111' });
    expect(started.status).toBe(200);
    expect(started.data).toEqual({ requestProcessUrl: expect.stringMatching(/^http:\/\/atesta\.test\/p\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/), requestId: expect.any(String), createdAt: expect.any(String) });
    const { requestId } = started.data;
    const pending = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: t.auth, params: { requestId } });
    expect(pending.data).toMatchObject({ status: 'PENDING', validationResponse: { requestId, phoneNumber: 11900001111, isCodeValid: false } });

    const opened = await open(started.data.requestProcessUrl);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe(`/p/${requestId}`);
    expect(opened.referrer).toBe('no-referrer');
    expect(opened.setCookie).toMatch(new RegExp(`^atesta_step=[A-Za-z0-9_-]+; Path=/p/${requestId}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    const headers = page(opened.cookie);
    // Intro page first: no consent, no code.
    const noConsent = await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: false }, headers, params: { requestId } });
    expect(noConsent.data.code).toBe('consent_required');
    expect((await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true }, headers, params: { requestId } })).status).toBe(204);
    await sendAll();
    const code = await latestCode('11900001111');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code: wrongCode }, headers, params: { requestId } });
    expect(wrong.data).toEqual({ outcome: 'wrong', attemptsLeft: 4 });
    const right = await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code }, headers, params: { requestId } });
    expect(right.data).toEqual({ outcome: 'approved' });

    const leave = await done(new Request(`http://atesta.test/p/${requestId}/done`, { headers }), { params: Promise.resolve({ requestId }) });
    const target = new URL(leave.headers.get('location')!);
    expect(target.origin + target.pathname).toBe('https://app.example.com/done');
    expect(target.searchParams.get('status')).toBe('APPROVED');
    expect(target.searchParams.get('signature')).toBe(redirectSignature(t.tenant.webhookSecret, requestId, 'APPROVED'));

    const result = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: t.auth, params: { requestId } });
    expect(result.data).toEqual({ requestId, status: 'APPROVED', finishedAt: expect.any(String), validationResponse: { createdAt: started.data.createdAt, requestId, phoneNumber: 11900001111, isCodeValid: true } });

    const database = await getDb();
    const [event] = await database.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.subjectId, requestId));
    expect(await deliverEvent(event!.id)).toBe('delivered');
    const call0 = t.receiver.calls.at(-1)!;
    const payload = new Webhook(t.tenant.webhookSecret).verify(call0.body, call0.headers as Record<string, string>) as { type: string; data: unknown };
    expect(payload.type).toBe('step.completed');
    expect(payload.data).toEqual(result.data);
    expect(call0.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);

    // Replay of the finished link: no session, only the finished page.
    const replay = await open(started.data.requestProcessUrl);
    expect(replay.setCookie).toBeNull();
    expect(replay.location).toBe(`/p/${requestId}`);
    // A wrong secret: marked invalid, so the page does not tell what became of the process.
    const wrongSecret = await open(started.data.requestProcessUrl.replace(/[^/]+$/, 'x'.repeat(43)));
    expect(wrongSecret.setCookie).toBeNull();
    expect(wrongSecret.location).toBe(`/p/${requestId}?link=invalid`);
    const late = await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code }, headers, params: { requestId } });
    expect(late.status).toBe(409);
  });

  it('rejects after five wrong codes', async () => {
    const started = await startV({ useIntroPage: false, cellphone: '11900002222' });
    const { requestId } = started.data;
    const headers = page((await open(started.data.requestProcessUrl)).cookie); // no intro: code sent on open
    await sendAll();
    const code = await latestCode('11900002222');
    const wrongCode = code === '999999' ? '888888' : '999999';
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code: wrongCode }, headers, params: { requestId } })).data);
    expect(outcomes.map((o) => o.attemptsLeft ?? o.outcome)).toEqual([4, 3, 2, 1, 'rejected']);
    const result = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: t.auth, params: { requestId } });
    expect(result.data).toMatchObject({ status: 'REJECTED', validationResponse: { isCodeValid: false } });
    expect((await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code }, headers, params: { requestId } })).status).toBe(409);
  });

  it('enforces the resend cooldown and limit; a resent code replaces the old one', async () => {
    const started = await startV({ useIntroPage: false, cellphone: '11900003333' });
    const { requestId } = started.data;
    const headers = page((await open(started.data.requestProcessUrl)).cookie);
    await sendAll();
    const first = await latestCode('11900003333');
    const early = await call(resendApi, `/p/${requestId}/api/resend`, { json: {}, headers, params: { requestId } });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(50);
    const database = await getDb();
    const rewind = () => database.update(schema.stepCodes).set({ lastSentAt: sql`now() - interval '61 seconds'` }).where(eq(schema.stepCodes.processId, requestId));
    for (let i = 0; i < 3; i++) {
      await rewind();
      const ok = await call(resendApi, `/p/${requestId}/api/resend`, { json: {}, headers, params: { requestId } });
      expect(ok.data).toEqual({ retryAfter: 60, resendsLeft: 2 - i });
    }
    await rewind();
    expect((await call(resendApi, `/p/${requestId}/api/resend`, { json: {}, headers, params: { requestId } })).data.code).toBe('resend_limit');
    await sendAll();
    const last = await latestCode('11900003333');
    if (first !== last) expect((await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code: first }, headers, params: { requestId } })).data.outcome).toBe('wrong');
    expect((await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code: last }, headers, params: { requestId } })).data.outcome).toBe('approved');
  });

  it('expires after the lifetime, fires step.expired, and the link shows the expired page', async () => {
    const started = await startV({ webhookUrl: `${t.receiver.url}/hook` });
    const { requestId } = started.data;
    const database = await getDb();
    await database.update(schema.stepProcesses).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(schema.stepProcesses.id, requestId));
    expect(await expireDue()).toBeGreaterThanOrEqual(1);
    const result = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: t.auth, params: { requestId } });
    expect(result.data.status).toBe('EXPIRED');
    const [event] = await database.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.subjectId, requestId));
    expect(event!.type).toBe('step.expired');
    expect((await open(started.data.requestProcessUrl)).setCookie).toBeNull();
  });

  it('cancel: only before the end; the link stops working', async () => {
    const started = await startV({});
    const { requestId } = started.data;
    const canceled = await call(cancel, `/services/api/v1/steps/${requestId}/cancel`, { method: 'POST', headers: t.auth, params: { requestId } });
    expect(canceled.data.status).toBe('CANCELED');
    const again = await call(cancel, `/services/api/v1/steps/${requestId}/cancel`, { method: 'POST', headers: t.auth, params: { requestId } });
    expect(again.status).toBe(409);
    expect(again.data.code).toBe('illegal_transition');
    expect((await open(started.data.requestProcessUrl)).setCookie).toBeNull();
  });

  it("another integrator's requestId is 404 on both result endpoints; a wrong secret opens nothing", async () => {
    const started = await startV({});
    const { requestId } = started.data;
    expect((await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: t.otherAuth, params: { requestId } })).status).toBe(404);
    expect((await call(keyResult, `/onboarding/api/v1/steps/result/${requestId}`, { headers: { 'x-api-key': t.other.apiKey }, params: { requestId } })).status).toBe(404);
    expect((await call(keyResult, `/onboarding/api/v1/steps/result/${requestId}`, { headers: { 'x-api-key': t.tenant.apiKey }, params: { requestId } })).status).toBe(200);
    const forged = await open(started.data.requestProcessUrl.replace(/\/[^/]+$/, '/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(forged.setCookie).toBeNull();
    // Without a session the page API refuses.
    expect((await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code: '123456' }, params: { requestId } })).status).toBe(401);
    // A cookie with a requestId that is not a uuid: no session (the uuid comparison used to fail in the database, a 500).
    expect((await call(verifyApi, '/p/toString/api/verify', { json: { code: '123456' }, params: { requestId: 'toString' }, headers: { cookie: 'atesta_step=x' } })).data).toMatchObject({ status: 401, code: 'step_session_required' });
  });

  it('validates start bodies: defaults, CPF, phone, webhook URL and appRedirect', async () => {
    expect((await startV({ cpf: '52998224724' })).data.code).toBe('invalid_cpf');
    expect((await startV({ cellphone: '(11) 98765-4321' })).status).toBe(400);
    const badHook = await startV({ webhookUrl: 'ftp://example.com/x' });
    expect(badHook.status).toBe(400);
    expect(badHook.data.errors[0]).toMatchObject({ pointer: '/webhookUrl', message: expect.stringMatching(/http or https/) });
    expect((await startV({ appRedirect: 'javascript:alert(1)' })).data.errors[0].pointer).toBe('/appRedirect');
    const noOrigin = await startV({ appRedirect: '/after' });
    expect(noOrigin.status).toBe(422);
    expect(noOrigin.data).toMatchObject({ code: 'app_origin_not_configured', detail: expect.stringMatching(/set-app-origin.*PUT \/services\/api\/v1\/settings/s) });
    await call(putSettings, '/services/api/v1/settings', { method: 'PUT', json: { appOrigin: 'https://shop.example.com' }, headers: t.auth });
    const withPath = await startV({ appRedirect: '/after' });
    expect(withPath.status).toBe(200);
    const database = await getDb();
    const [row] = await database.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, withPath.data.requestId));
    expect(row).toMatchObject({ useIntroPage: true, useSuccessPage: true, kind: 'validation', api: 'bearer' });
    // The path resolves against the origin when the person leaves.
    const openedPath = await open(withPath.data.requestProcessUrl);
    await cancelProcess(t.tenant.integratorId, withPath.data.requestId);
    const left = await done(new Request(`http://atesta.test/p/${withPath.data.requestId}/done`, { headers: page(openedPath.cookie) }), { params: Promise.resolve({ requestId: withPath.data.requestId }) });
    expect(new URL(left.headers.get('location')!).origin + new URL(left.headers.get('location')!).pathname).toBe('https://shop.example.com/after');
    const liveness = await call(startLiveness, '/services/api/v1/steps/liveness', { json: { cpf: '52998224725', appRedirect: 'myapp://done' }, headers: t.auth });
    expect(liveness.status).toBe(200);
  });

  it('MFA (API key): needs cellphone or e-mail; with both the person chooses; by e-mail it completes', async () => {
    const key = { 'x-api-key': t.tenant.apiKey };
    const none = await call(startMfa, '/onboarding/api/v1/steps/mfa', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/x' }, headers: key });
    expect(none.status).toBe(400);
    expect((await call(startMfa, '/onboarding/api/v1/steps/mfa', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/x', cellphone: '119876' }, headers: key })).status).toBe(400);
    const noKey = await call(startMfa, '/onboarding/api/v1/steps/mfa', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/x', email: 'a@t.other.co' } });
    expect(noKey.status).toBe(401);
    const started = await call(startMfa, '/onboarding/api/v1/steps/mfa', {
      json: { cpf: '52998224725', appRedirect: 'https://app.example.com/x', cellphone: '11900004444', email: 'Pessoa@Example.com' },
      headers: key,
    });
    expect(started.status).toBe(200);
    const { requestId } = started.data;
    const headers = page((await open(started.data.requestProcessUrl)).cookie);
    expect((await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true, channel: 'whatsapp' }, headers, params: { requestId } })).status).toBe(400);
    expect((await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true }, headers, params: { requestId } })).status).toBe(204); // consent; the channel comes next
    expect((await listOutbox({ to: 'pessoa@example.com', limit: 1 }))).toEqual([]);
    expect((await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true, channel: 'email' }, headers, params: { requestId } })).status).toBe(204);
    await sendAll();
    const [mail] = await listOutbox({ to: 'pessoa@example.com', limit: 1 });
    expect(mail!.channel).toBe('email');
    const mailed = codeIn(mail!.body)!;
    // The e-mail does not come: the person switches to SMS (a resend through the other channel, after the cooldown).
    const database = await getDb();
    const process = (await database.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, requestId)))[0]!;
    expect(await viewOf(process)).toMatchObject({ stage: 'code', channel: 'email', otherChannels: [{ channel: 'sms', destination: '(11) •••••-4444' }] });
    expect((await call(resendApi, `/p/${requestId}/api/resend`, { json: { channel: 'sms' }, headers, params: { requestId } })).status).toBe(429); // cooldown
    await database.update(schema.stepCodes).set({ lastSentAt: sql`now() - interval '61 seconds'` }).where(eq(schema.stepCodes.processId, requestId));
    expect((await call(resendApi, `/p/${requestId}/api/resend`, { json: { channel: 'sms' }, headers, params: { requestId } })).status).toBe(200);
    await sendAll();
    const code = await latestCode('11900004444');
    expect(await viewOf(process)).toMatchObject({ stage: 'code', channel: 'sms', destination: '(11) •••••-4444', otherChannels: [{ channel: 'email' }] });
    expect((await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code: mailed }, headers, params: { requestId } })).data.outcome).toBe('wrong'); // the e-mailed code is replaced
    expect((await call(verifyApi, `/p/${requestId}/api/verify`, { json: { code }, headers, params: { requestId } })).data.outcome).toBe('approved');
    const result = await call(keyResult, `/onboarding/api/v1/steps/result/${requestId}`, { headers: key, params: { requestId } });
    expect(result.data).toEqual({ requestId, status: 'APPROVED', details: { isCodeValid: true, channel: 'sms', destination: '(11) •••••-4444', failedAttempts: 1 }, finishedAt: expect.any(String) });
  });
});
