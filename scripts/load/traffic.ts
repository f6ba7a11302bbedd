/**
 * The load test's traffic: what integrators and their customers do, in the
 * proportions of a working day — mostly reads of results, some logins and
 * step starts, few onboardings (with a document and a selfie) and face
 * matches (both heavy: the first on the workers, the second in the request).
 */
import type { SeededIntegrator } from '@/lib/testing';

export interface Fixtures {
  document: Buffer;
  cpf: string;
  selfie: Buffer;
  faceA: Buffer;
  faceB: Buffer;
}

export interface Tenant extends SeededIntegrator {
  token: string;
  stepIds: string[];
  onboardingIds: string[];
}

export interface Outcome {
  endpoint: string;
  status: number; // 0: no answer (connection refused, reset or timed out)
  ms: number;
  code?: string;
}

export interface Ctx {
  url: string;
  fx: Fixtures;
  random: () => number;
  /** Onboardings answered 201, with the Idempotency-Key that made them. */
  accepted: Map<string, string>;
}

type Endpoint = { name: string; weight: number; run: (t: Tenant, ctx: Ctx) => Promise<Outcome> };

const TIMEOUT_MS = 30_000;

/** Client addresses behind the load balancer (the server trusts X-Forwarded-For in the test). */
const clientIp = (r: () => number) => `198.51.100.${1 + Math.floor(r() * 200)}`;

async function send(ctx: Ctx, endpoint: string, path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Outcome & { body?: Record<string, unknown> }> {
  const started = performance.now();
  try {
    const res = await fetch(`${ctx.url}${path}`, {
      ...init,
      headers: { 'x-forwarded-for': clientIp(ctx.random), ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { endpoint, status: res.status, ms: performance.now() - started, code: typeof body?.code === 'string' ? body.code : undefined, body };
  } catch {
    return { endpoint, status: 0, ms: performance.now() - started };
  }
}

const bearer = (t: Tenant) => ({ authorization: `Bearer ${t.token}` });
const pick = <T>(xs: T[], r: () => number): T | undefined => xs[Math.floor(r() * xs.length)];
const b64 = (b: Buffer) => b.toString('base64');

export const ENDPOINTS: Endpoint[] = [
  {
    name: 'login (4.1)',
    weight: 4,
    run: (t, ctx) => send(ctx, 'login (4.1)', '/services/api/v1/authentication', { method: 'POST', body: JSON.stringify({ username: t.username, password: t.password }) }),
  },
  {
    name: 'step start (4.13)',
    weight: 10,
    run: async (t, ctx) => {
      const r = await send(ctx, 'step start (4.13)', '/services/api/v1/steps/liveness', {
        method: 'POST',
        headers: bearer(t),
        body: JSON.stringify({ cpf: ctx.fx.cpf, appRedirect: 'https://app.example.com/done', useIntroPage: true, useSuccessPage: true }),
      });
      if (r.status === 200 && typeof r.body?.requestId === 'string') t.stepIds.push(r.body.requestId);
      return r;
    },
  },
  {
    name: 'step result (4.14)',
    weight: 40,
    run: (t, ctx) => {
      const id = pick(t.stepIds, ctx.random)!;
      return send(ctx, 'step result (4.14)', `/services/api/v1/steps/result/${id}`, { headers: bearer(t) });
    },
  },
  {
    name: 'onboarding read (4.3)',
    weight: 40,
    run: (t, ctx) => {
      const id = pick(t.onboardingIds, ctx.random)!;
      return send(ctx, 'onboarding read (4.3)', `/services/api/v1/onboarding/enroll/${id}`, { headers: bearer(t) });
    },
  },
  {
    name: 'onboarding (4.2)',
    weight: 1.5,
    run: async (t, ctx) => {
      const key = `load-${Math.floor(ctx.random() * 1e12)}`;
      const body = JSON.stringify({ cpf: ctx.fx.cpf, customerId: key, imageFront: b64(ctx.fx.document), imageSelfie: b64(ctx.fx.selfie) });
      let r = await send(ctx, 'onboarding (4.2)', '/services/api/v1/onboarding/enroll/json', { method: 'POST', headers: { ...bearer(t), 'idempotency-key': key }, body });
      // A good client retries an unanswered request with the same key: it cannot make a second onboarding.
      for (let i = 0; r.status === 0 && i < 3; i++) r = await send(ctx, 'onboarding (4.2)', '/services/api/v1/onboarding/enroll/json', { method: 'POST', headers: { ...bearer(t), 'idempotency-key': key }, body });
      const id = r.body?.onboardingId;
      if ((r.status === 201 || r.status === 200) && typeof id === 'string') {
        ctx.accepted.set(id, key);
        t.onboardingIds.push(id);
      }
      return r;
    },
  },
  {
    name: 'face match (4.7)',
    weight: 2,
    run: (t, ctx) =>
      send(ctx, 'face match (4.7)', '/services/api/v1/biometrics/face/match/json', { method: 'POST', headers: bearer(t), body: JSON.stringify({ imageA: b64(ctx.fx.faceA), imageB: b64(ctx.fx.faceB) }) }),
  },
];

const TOTAL = ENDPOINTS.reduce((s, e) => s + e.weight, 0);

export function drawEndpoint(r: () => number): Endpoint {
  let x = r() * TOTAL;
  for (const e of ENDPOINTS) if ((x -= e.weight) < 0) return e;
  return ENDPOINTS[0]!;
}

export async function loginTenant(url: string, t: SeededIntegrator): Promise<Tenant> {
  const res = await fetch(`${url}/services/api/v1/authentication`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: t.username, password: t.password }) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  return { ...t, token: access_token, stepIds: [], onboardingIds: [] };
}
