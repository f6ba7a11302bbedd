import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../config';
import { getDb, schema } from '../db';
import { deliverMessage, listOutbox } from '../../delivery/notify';
import { updateSettings } from '../settings';
import { call, codeIn, seedIntegrator, type SeededIntegrator } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { POST as apiLogin } from '@/app/services/api/v1/authentication/route';
import { POST as oauthToken } from '@/app/oauth/token/route';
import { POST as startValidation } from '@/app/services/api/v1/steps/validation/route';
import { GET as openLink } from '@/app/p/[requestId]/[secret]/route';
import { POST as verifyApi } from '@/app/p/[requestId]/api/verify/route';
import { POST as resendApi } from '@/app/p/[requestId]/api/resend/route';
import { POST as enrolApi } from '@/app/services/api/v1/onboarding/enroll/json/route';
import { POST as confirmApi } from '@/app/services/api/v1/onboarding/enroll/[onboardingId]/confirm/route';
import { POST as tokensApi } from '@/app/services/api/v1/onboarding/enroll/[onboardingId]/tokens/route';

type Res = Awaited<ReturnType<typeof call>>;

/** 429 as problem+json with a Retry-After inside the window. */
function expectThrottled(res: Res, code = 'rate_limited', maxRetryAfter = Infinity) {
  expect(res.status, res.text).toBe(429);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expect(res.data.code).toBe(code);
  if (code === 'rate_limited') {
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  }
}

/** Delivers queued messages to the local outbox and reads the latest six-digit code sent to `to`. */
async function latestCode(to: string): Promise<string> {
  const db = await getDb();
  for (const m of await db.select({ id: schema.messages.id }).from(schema.messages).where(eq(schema.messages.status, 'pending'))) await deliverMessage(m.id);
  const [m] = await listOutbox({ to, limit: 1 });
  return codeIn(m!.body)!;
}
/** Resending right away waits for the cooldown; `allowed` resends later the cap is reached. */
async function expectResendLimits(c: { resend: () => Promise<Res>; rewind: () => Promise<unknown> }, allowed: number) {
  expectThrottled(await c.resend(), 'rate_limited', 60);
  for (let n = 0; n < allowed; n++) {
    await c.rewind();
    expect((await c.resend()).status).toBe(200);
  }
  await c.rewind();
  expectThrottled(await c.resend(), 'resend_limit');
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/**
 * The limits count in fixed windows aligned to the clock: a count begun in a window's last seconds is split
 * across two on a slow host (a CI run saw the fifth login of a minute pass). Such a test starts early in one.
 */
async function earlyInWindow(seconds: number, margin = 20) {
  const into = (Date.now() / 1000) % seconds;
  if (into > seconds - margin) await new Promise((r) => setTimeout(r, (seconds - into + 0.2) * 1000));
}

/** Every way to log in, by a right or a wrong secret, from a given address. */
const LOGINS: [string, (t: SeededIntegrator, ip: string, right: boolean) => Promise<Res>][] = [
  ['API login', (t, ip, right) => call(apiLogin, '/services/api/v1/authentication', { json: { username: t.username, password: right ? t.password : 'wrong-password' }, ip })],
  ['OAuth password grant', (t, ip, right) => call(oauthToken, '/oauth/token', { form: { grant_type: 'password', username: t.username, password: right ? t.password : 'wrong-password' }, ip })],
  ['OAuth client_credentials', (t, ip, right) => call(oauthToken, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: t.clientId, client_secret: right ? t.clientSecret : 'wrong-secret' }, ip })],
];

describe('rate limits', () => {
  // The first tenant starts step processes, the second takes onboardings with contacts to confirm;
  // each throttling test seeds the users and clients it locks out.
  const ctx = withTestIntegrator({ tenants: 2 });
  beforeAll(async () => {
    Object.assign(process.env, { LOGIN_MAX_ATTEMPTS_PER_IP: '4', LOGIN_MAX_FAILURES_PER_USERNAME: '3' });
    resetConfig();
  });
  afterAll(async () => {
    delete process.env.LOGIN_MAX_ATTEMPTS_PER_IP;
    delete process.env.LOGIN_MAX_FAILURES_PER_USERNAME;
    resetConfig();
  });

  describe.each(LOGINS.map((l, i) => [...l, i] as const))('%s', (_name, attempt, i) => {
    it('attempts per client address: 429 with Retry-After past the limit; another address is unaffected', async () => {
      const t = await seedIntegrator();
      await earlyInWindow(60);
      for (let n = 0; n < 4; n++) expect((await attempt(t, `10.50.${i}.1`, true)).status).toBe(200);
      expectThrottled(await attempt(t, `10.50.${i}.1`, true), 'rate_limited', 60);
      expect((await attempt(t, `10.50.${i}.2`, true)).status).toBe(200);
    }, 60_000);

    it('failures per username or client: locked from every address, even with the right secret; others unaffected', async () => {
      const t = await seedIntegrator();
      await earlyInWindow(900);
      for (let n = 0; n < 3; n++) expect((await attempt(t, `10.60.${i}.${n}`, false)).status).toBeGreaterThanOrEqual(400);
      expectThrottled(await attempt(t, `10.60.${i}.99`, true), 'rate_limited', 900);
      expect((await attempt(await seedIntegrator(), `10.60.${i}.98`, true)).status).toBe(200);
    }, 60_000);
  });

  it('the API login and the OAuth password grant share one failure count per username', async () => {
    const t = await seedIntegrator();
    await earlyInWindow(900);
    const api = LOGINS[0]![1];
    const oauth = LOGINS[1]![1];
    expect((await api(t, '10.70.0.1', false)).status).toBe(401);
    expect((await oauth(t, '10.70.0.2', false)).status).toBe(400);
    expect((await api(t, '10.70.0.3', false)).status).toBe(401);
    expectThrottled(await oauth(t, '10.70.0.4', true));
    expectThrottled(await api(t, '10.70.0.5', true));
  }, 60_000);

  describe('step codes', () => {
    let auth: Record<string, string>;
    beforeAll(() => {
      auth = ctx.auth;
    });
    async function codeProcess(phone: string) {
      const started = await call(startValidation, '/x', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/done', cellphone: phone, useIntroPage: false }, headers: auth });
      const { requestId, requestProcessUrl } = started.data;
      const res = await openLink(new Request(requestProcessUrl), { params: Promise.resolve({ requestId, secret: new URL(requestProcessUrl).pathname.split('/')[3]! }) });
      const headers = { cookie: res.headers.get('set-cookie')!.split(';')[0]! };
      const verify = (code: string) => call(verifyApi, '/x', { json: { code }, headers, params: { requestId } });
      const resend = () => call(resendApi, '/x', { json: {}, headers, params: { requestId } });
      const rewind = async () => (await getDb()).update(schema.stepCodes).set({ lastSentAt: sql`now() - interval '61 seconds'` }).where(eq(schema.stepCodes.processId, requestId));
      return { verify, resend, rewind };
    }

    it('five wrong codes per process, a resend does not reset the count; then even the right code is refused', async () => {
      const p = await codeProcess('11955550001');
      const first = await latestCode('11955550001');
      for (const left of [4, 3, 2, 1]) expect((await p.verify(otherThan(first))).data).toEqual({ outcome: 'wrong', attemptsLeft: left });
      await p.rewind();
      expect((await p.resend()).status).toBe(200);
      const second = await latestCode('11955550001');
      expect((await p.verify(otherThan(second))).data).toEqual({ outcome: 'rejected' });
      const late = await p.verify(second);
      expect([late.status, late.data.code]).toEqual([409, 'process_finished']);
    });

    it('resend: a cooldown (429 with Retry-After), then at most three', async () => expectResendLimits(await codeProcess('11955550002'), 3));
  });

  describe('onboarding contact tokens', () => {
    let t: SeededIntegrator;
    let auth: Record<string, string>;
    beforeAll(async () => {
      ({ other: t, otherAuth: auth } = ctx);
      await updateSettings(t.integratorId, { onboarding: { confirmContacts: 'given' } });
    });
    async function pending(email: string) {
      const image = (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer()).toString('base64');
      const res = await call(enrolApi, '/x', { json: { cpf: '52998224725', customerId: email, imageFront: image, email }, headers: auth });
      expect(res.data.status).toBe('PENDING');
      const params = { onboardingId: res.data.onboardingId as string };
      const confirm = (token: string) => call(confirmApi, '/x', { json: { channel: 'email', token }, headers: auth, params });
      const resend = () => call(tokensApi, '/x', { json: { channel: 'email' }, headers: auth, params });
      const rewind = async () => (await getDb()).update(schema.onboardingTokens).set({ lastSentAt: sql`now() - interval '61 seconds'` }).where(eq(schema.onboardingTokens.onboardingId, params.onboardingId));
      return { confirm, resend, rewind };
    }

    it('five wrong tokens lock it (409 token_locked), the right one included; only a new token opens it again', async () => {
      const o = await pending('lock@example.com');
      const token = await latestCode('lock@example.com');
      for (const left of [4, 3, 2, 1, 0]) {
        const wrong = await o.confirm(otherThan(token));
        expect([wrong.status, wrong.data.code, wrong.data.attemptsLeft]).toEqual([422, 'invalid_token', left]);
      }
      const locked = await o.confirm(token);
      expect([locked.status, locked.data.code]).toEqual([409, 'token_locked']);
      await o.rewind();
      expect((await o.resend()).status).toBe(200);
      expect((await o.confirm(await latestCode('lock@example.com'))).data.basicData.emailConfirmed).toBe(true);
    });

    // The first send counts: four more.
    it('resend: a cooldown (429 with Retry-After), then at most five sends per contact (429 resend_limit)', async () => expectResendLimits(await pending('sends@example.com'), 4));
  });
});
