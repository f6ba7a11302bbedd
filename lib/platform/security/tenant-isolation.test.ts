import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, schema } from '../db';
import { denyCpf, setRule } from '../../engines/fraud';
import { putWorkflow } from '../../processes/batch';
import { updateSettings } from '../settings';
import { createEndpoint, emitWebhook } from '../../delivery/webhooks';
import { call, type SeededIntegrator } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import type { RouteHandler } from '../http';

/**
 * Tenant isolation, route by route: every route file under app/ with an id in
 * its path is listed below (a new one fails the enumeration until it is). Each
 * of its methods is called by tenant B on tenant A's resource: the answer is
 * the 404 of an unknown id, carrying nothing of A, and A's resource is intact.
 * Collections read by B never show A's items.
 */
const APP = path.resolve(__dirname, '../../../app');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

function routeFiles(dir = APP): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === 'route.ts' ? [path.relative(APP, full)] : [];
  });
}

/** The methods a route file really serves (the others answer 405 through methods()). */
function servedMethods(file: string): Method[] {
  const src = fs.readFileSync(path.join(APP, file), 'utf8');
  return METHODS.filter((m) => new RegExp(`\\b${m}: handle\\(|export async function ${m}\\b`).test(src));
}

const handlerOf = async (file: string, method: Method) => ((await import(path.join(APP, file))) as Record<Method, RouteHandler>)[method];

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const jpeg = async () => (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a8b9c' } }).jpeg().toBuffer()).toString('base64');

interface World {
  a: SeededIntegrator;
  b: SeededIntegrator;
  authA: Record<string, string>;
  authB: Record<string, string>;
  importB: Record<string, string>;
  ids: {
    apiKey: string;
    bearerProcess: string;
    keyProcess: string;
    bProcess: string;
    bCookie: string;
    bSecret: string;
    onboarding: string;
    review: string;
    event: string;
    batch: string;
    cpf: string;
    workflow: string;
    rule: string;
    user: string;
    client: string;
    endpoint: string;
  };
  /** Strings only tenant A's data contains (ids B may name itself, like a CPF or an alias, are not among them). */
  markers: string[];
}

type Probe = (w: World, handler: RouteHandler) => Promise<void>;

/** B on A's resource: exactly what an unknown id gets, and no trace of A. */
async function expectHidden(w: World, res: Awaited<ReturnType<typeof call>>, unknown?: Awaited<ReturnType<typeof call>>) {
  expect(res.status, res.text).toBe(404);
  expect(res.data.code).toBe('not_found');
  if (unknown) expect([unknown.status, unknown.data.code]).toEqual([res.status, res.data.code]);
  for (const m of w.markers) expect(res.text).not.toContain(m);
}

const byB = (method: Method, param: string, id: (w: World) => string, body?: unknown, headers: (w: World) => Record<string, string> = (w) => w.authB): Probe =>
  async (w, handler) => {
    const opts = (value: string) => ({ method, headers: headers(w), params: { [param]: value }, ...(body === undefined ? {} : { json: body }) });
    const res = await call(handler, `/x/${id(w)}`, opts(id(w)));
    const unknown = await call(handler, `/x/${UNKNOWN}`, opts(param === 'cpf' ? '11144477735' : param === 'alias' ? 'no-such-workflow' : UNKNOWN));
    await expectHidden(w, res, unknown);
  };

const putsOwnCopy = (param: string, id: (w: World) => string, body: unknown): Probe => async (w, handler) => {
  const res = await call(handler, '/x', { method: 'PUT', headers: w.authB, params: { [param]: id(w) }, json: body });
  expect(res.status, res.text).toBe(200);
  for (const m of w.markers) expect(res.text).not.toContain(m);
};

const withKeyB = (w: World) => ({ 'x-api-key': w.b.apiKey });
/** A step-page call made with B's own step session cookie on A's process: refused like a browser without a session. */
const stepPageByB = (method: Method, body?: unknown): Probe => async (w, handler) => {
  const opts = (requestId: string) => ({ method, headers: { cookie: w.ids.bCookie }, params: { requestId }, ...(body === undefined ? {} : { json: body }) });
  const res = await call(handler, `/p/${w.ids.bearerProcess}/api`, opts(w.ids.bearerProcess));
  const unknown = await call(handler, `/p/${UNKNOWN}/api`, opts(UNKNOWN));
  expect(res.status, res.text).toBe(401);
  expect(res.data.code).toBe('step_session_required');
  expect([unknown.status, unknown.data.code]).toEqual([401, 'step_session_required']);
  for (const m of w.markers) expect(res.text).not.toContain(m);
};

/** Every route file with a path parameter, and how tenant B probes each of its methods (or why it is no tenant resource). */
const RESOURCE_ROUTES: Record<string, { exempt: string } | Partial<Record<Method, Probe>>> = {
  'import/[...path]/route.ts': { exempt: 'catch-all 404 of unknown paths' },
  'oauth/[...path]/route.ts': { exempt: 'catch-all 404 of unknown paths' },
  'onboarding/[...path]/route.ts': { exempt: 'catch-all 404 of unknown paths' },
  'services/[...path]/route.ts': { exempt: 'catch-all 404 of unknown paths' },
  'branding/[integratorId]/logo/route.ts': { exempt: 'public by design: the logo is shown to end users on step pages' },
  'services/api/v1/api-keys/[keyId]/route.ts': { DELETE: byB('DELETE', 'keyId', (w) => w.ids.apiKey) },
  'services/api/v1/api-keys/[keyId]/rotate/route.ts': { POST: byB('POST', 'keyId', (w) => w.ids.apiKey) },
  'services/api/v1/steps/result/[requestId]/route.ts': { GET: byB('GET', 'requestId', (w) => w.ids.bearerProcess) },
  'services/api/v1/steps/[requestId]/cancel/route.ts': { POST: byB('POST', 'requestId', (w) => w.ids.bearerProcess) },
  'onboarding/api/v1/steps/result/[requestId]/route.ts': { GET: byB('GET', 'requestId', (w) => w.ids.keyProcess, undefined, withKeyB) },
  'onboarding/api/v1/steps/[requestId]/cancel/route.ts': { POST: byB('POST', 'requestId', (w) => w.ids.keyProcess, undefined, withKeyB) },
  'services/api/v1/onboarding/enroll/[onboardingId]/route.ts': {
    GET: byB('GET', 'onboardingId', (w) => w.ids.onboarding),
    DELETE: byB('DELETE', 'onboardingId', (w) => w.ids.onboarding),
  },
  'services/api/v1/onboarding/enroll/[onboardingId]/cancel/route.ts': { POST: byB('POST', 'onboardingId', (w) => w.ids.onboarding, { reason: 'b wants it gone' }) },
  'services/api/v1/onboarding/enroll/[onboardingId]/confirm/route.ts': { POST: byB('POST', 'onboardingId', (w) => w.ids.onboarding, { channel: 'email', token: '123456' }) },
  'services/api/v1/onboarding/enroll/[onboardingId]/history/route.ts': { GET: byB('GET', 'onboardingId', (w) => w.ids.onboarding) },
  'services/api/v1/onboarding/enroll/[onboardingId]/tokens/route.ts': { POST: byB('POST', 'onboardingId', (w) => w.ids.onboarding, { channel: 'email' }) },
  'services/api/v1/onboarding/reviews/[onboardingId]/route.ts': { GET: byB('GET', 'onboardingId', (w) => w.ids.review) },
  'services/api/v1/onboarding/reviews/[onboardingId]/decision/route.ts': { POST: byB('POST', 'onboardingId', (w) => w.ids.review, { decision: 'approve', reason: 'b approves' }) },
  'services/api/v1/webhooks/events/[eventId]/route.ts': { GET: byB('GET', 'eventId', (w) => w.ids.event) },
  'services/api/v1/users/[userId]/route.ts': { PATCH: byB('PATCH', 'userId', (w) => w.ids.user, { role: 'viewer' }), DELETE: byB('DELETE', 'userId', (w) => w.ids.user) },
  'services/api/v1/clients/[clientId]/route.ts': { DELETE: byB('DELETE', 'clientId', (w) => w.ids.client) },
  'services/api/v1/clients/[clientId]/rotate/route.ts': { POST: byB('POST', 'clientId', (w) => w.ids.client) },
  'services/api/v1/webhooks/events/[eventId]/redeliver/route.ts': { POST: byB('POST', 'eventId', (w) => w.ids.event) },
  'services/api/v1/webhooks/endpoints/[endpointId]/route.ts': {
    PATCH: byB('PATCH', 'endpointId', (w) => w.ids.endpoint, { enabled: false }),
    DELETE: byB('DELETE', 'endpointId', (w) => w.ids.endpoint),
  },
  'import/import-doc/batch/[batchId]/route.ts': { GET: byB('GET', 'batchId', (w) => w.ids.batch, undefined, (w) => w.importB) },
  // A PUT names the key itself and writes B's own copy: A's entry stays as it was (checked at the end).
  'services/api/v1/fraud/deny-list/[cpf]/route.ts': { DELETE: byB('DELETE', 'cpf', (w) => w.ids.cpf), PUT: putsOwnCopy('cpf', (w) => w.ids.cpf, { reason: 'b' }) },
  'services/api/v1/import/workflows/[alias]/route.ts': { DELETE: byB('DELETE', 'alias', (w) => w.ids.workflow), PUT: putsOwnCopy('alias', (w) => w.ids.workflow, { description: 'b' }) },
  'services/api/v1/fraud/rules/[ruleName]/route.ts': { PUT: putsOwnCopy('ruleName', (w) => w.ids.rule, { weight: 3, enabled: null }) },
  // Step pages: the "tenant" is the process a browser's session cookie belongs to.
  'p/[requestId]/api/activity/route.ts': { POST: stepPageByB('POST', { activity: 'capturing' }) },
  'p/[requestId]/api/begin/route.ts': { POST: stepPageByB('POST', { consent: true }) },
  'p/[requestId]/api/challenge/route.ts': { POST: stepPageByB('POST', {}) },
  'p/[requestId]/api/document/route.ts': { POST: stepPageByB('POST', { front: 'AAAA', source: 'upload' }) },
  'p/[requestId]/api/handoff/route.ts': { POST: stepPageByB('POST', {}) },
  'p/[requestId]/api/resend/route.ts': { POST: stepPageByB('POST', {}) },
  'p/[requestId]/api/selfie/route.ts': { POST: stepPageByB('POST', { challenge: 'x', frames: [0, 1, 2].map((at) => ({ image: 'AAAA', at })) }) },
  'p/[requestId]/api/verify/route.ts': { POST: stepPageByB('POST', { code: '123456' }) },
  'p/[requestId]/api/state/route.ts': {
    // Anyone may poll a process's stage; without its session only "invalid" (or finished) is told.
    GET: async (w, handler) => {
      const res = await call(handler, '/x', { headers: { cookie: w.ids.bCookie }, params: { requestId: w.ids.bearerProcess } });
      const unknown = await call(handler, '/x', { headers: { cookie: w.ids.bCookie }, params: { requestId: UNKNOWN } });
      expect(res.data).toEqual(unknown.data);
    },
  },
  'p/[requestId]/[secret]/route.ts': {
    // B's valid secret does not open A's process.
    GET: async (w, handler) => {
      const res = await handler(new Request(`http://atesta.test/p/${w.ids.bearerProcess}/${w.ids.bSecret}`), { params: Promise.resolve({ requestId: w.ids.bearerProcess, secret: w.ids.bSecret }) });
      expect(res.status).toBe(303);
      expect(res.headers.get('set-cookie')).toBeNull();
    },
  },
  'p/[requestId]/done/route.ts': {
    // B's cookie on A's process: back to the step page, never to A's appRedirect.
    GET: async (w, handler) => {
      const res = await handler(new Request(`http://atesta.test/p/${w.ids.bearerProcess}/done`, { headers: { cookie: w.ids.bCookie } }), { params: Promise.resolve({ requestId: w.ids.bearerProcess }) });
      expect(res.headers.get('location')).toBe(`/p/${w.ids.bearerProcess}`);
    },
  },
};

/** The query a collection is read with, when it needs one to show anything. */
const COLLECTION_QUERIES: Record<string, string> = { 'services/api/v1/console/search/route.ts': '?q=a-only-customer' };

/** Collections (no id in the path) that hold tenant data, read by B. */
const COLLECTIONS: Record<string, { exempt: string } | ((w: World, res: Awaited<ReturnType<typeof call>>) => void)> = {
  'services/api/v1/api-keys/route.ts': (w, res) => expect(res.data.keys.map((k: { id: string }) => k.id)).not.toContain(w.ids.apiKey),
  'services/api/v1/users/route.ts': (w, res) => expect(res.data.users.map((u: { username: string }) => u.username)).toEqual([w.b.username]),
  'services/api/v1/clients/route.ts': (w, res) => expect(res.data.clients.map((c: { clientId: string }) => c.clientId)).toEqual([w.b.clientId]),
  // B put the same CPF on its own list (above): B sees its own entry, not A's.
  'services/api/v1/fraud/deny-list/route.ts': (w, res) => expect(res.data.items).toEqual([expect.objectContaining({ cpf: w.ids.cpf, reason: 'b' })]),
  'services/api/v1/fraud/rules/route.ts': (w, res) => expect(res.data.find((r: { name: string }) => r.name === w.ids.rule).weight).not.toBe(97),
  // Besides the built-in `default` every integrator has, B sees its own workflow only.
  'services/api/v1/import/workflows/route.ts': (w, res) => expect(res.data.items.filter((i: { alias: string }) => i.alias !== 'default')).toEqual([expect.objectContaining({ alias: w.ids.workflow, description: 'b' })]),
  'services/api/v1/onboarding/reviews/route.ts': (w, res) => expect(res.text).not.toContain(w.ids.review),
  // B searches for A's customerId: nothing (COLLECTION_QUERIES); B's own figures count none of A's onboardings.
  'services/api/v1/console/search/route.ts': (w, res) => expect(res.data).toEqual({ onboardings: [], steps: [], batches: [] }),
  'services/api/v1/console/stats/route.ts': (w, res) => expect(res.data.daily.flatMap((d: { counts: Record<string, number> }) => Object.values(d.counts))).toEqual([]),
  'services/api/v1/webhooks/events/route.ts': (w, res) => expect(res.data.events).toEqual([]),
  'services/api/v1/webhooks/endpoints/route.ts': (w, res) => expect(res.data.endpoints).toEqual([]),
  'services/api/v1/settings/route.ts': (w, res) => expect(res.data.appOrigin).toBeNull(),
  'services/api/v1/webhooks/secret/route.ts': (w, res) => expect(res.data.webhookSecret).toBe(w.b.webhookSecret),
  'console/api/session/route.ts': { exempt: 'who is signed in: the cookie\'s own user, nothing else' },
  'dev/outbox/messages/route.ts': { exempt: 'development only, off in production (lib/delivery/notify: devOutbox); not a tenant API' },
  'services/api/v1/openapi.json/route.ts': { exempt: 'the public API description' },
  'onboarding/api/v1/openapi.json/route.ts': { exempt: 'the public API description' },
  'import/openapi.json/route.ts': { exempt: 'the public API description' },
  '.well-known/jwks.json/route.ts': { exempt: 'public signing keys' },
  'healthz/route.ts': { exempt: 'liveness probe' },
  'readyz/route.ts': { exempt: 'readiness probe' },
  'metrics/route.ts': { exempt: 'aggregate Prometheus counters, no tenant data' },
};

describe('tenant isolation on every resource endpoint', () => {
  const ctx = withTestIntegrator({ tenants: 2, clientScope: 'import' });
  let w: World;

  beforeAll(async () => {
    const { tenant: a, other: b, auth: authA, otherAuth: authB } = ctx;
    const route = async (file: string, method: Method) => handlerOf(file, method);
    const oauth = async (t: SeededIntegrator) => {
      const res = await call(await route('oauth/token/route.ts', 'POST'), '/oauth/token', { form: { grant_type: 'client_credentials', client_id: t.clientId, client_secret: t.clientSecret } });
      return { authorization: `Bearer ${res.data.access_token}` };
    };
    const database = await getDb();
    const [key] = await database.select({ id: schema.apiKeys.id }).from(schema.apiKeys).where(eq(schema.apiKeys.integratorId, a.integratorId));
    const [user] = await database.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.integratorId, a.integratorId));

    const startValidation = await route('services/api/v1/steps/validation/route.ts', 'POST');
    const validation = (auth: Record<string, string>) =>
      call(startValidation, '/x', { json: { cpf: '52998224725', appRedirect: 'https://a-only.example.com/done', cellphone: '11911112222' }, headers: auth });
    const bearerProcess = (await validation(authA)).data.requestId;
    const keyProcess = (await call(await route('onboarding/api/v1/steps/mfa/route.ts', 'POST'), '/x', { json: { cpf: '52998224725', appRedirect: 'https://a-only.example.com/k', email: 'a-only@example.com' }, headers: { 'x-api-key': a.apiKey } })).data.requestId;
    const bStarted = (await validation(authB)).data;
    const bSecret = new URL(bStarted.requestProcessUrl).pathname.split('/')[3]!;
    const opened = await (await route('p/[requestId]/[secret]/route.ts', 'GET'))(new Request(bStarted.requestProcessUrl), { params: Promise.resolve({ requestId: bStarted.requestId, secret: bSecret }) });
    const bCookie = opened.headers.get('set-cookie')!.split(';')[0]!;

    await updateSettings(a.integratorId, { appOrigin: 'https://a-only.example.com', onboarding: { confirmContacts: 'given' } });
    const enrol = await route('services/api/v1/onboarding/enroll/json/route.ts', 'POST');
    const image = await jpeg();
    const onboarding = (await call(enrol, '/x', { json: { cpf: '52998224725', customerId: 'a-only-customer', imageFront: image, email: 'a-only@example.com' }, headers: authA })).data.onboardingId;
    const review = (await call(enrol, '/x', { json: { cpf: '52998224725', customerId: 'a-only-customer-2', imageFront: image, email: 'a-only2@example.com' }, headers: authA })).data.onboardingId;
    await database.update(schema.onboardings).set({ status: 'ANALYSIS' }).where(eq(schema.onboardings.id, review));

    const [event = ''] = await database.transaction((tx) => emitWebhook(tx, { integratorId: a.integratorId, type: 'step.completed', url: 'https://a-only.example.com/hook', subjectId: bearerProcess, data: { requestId: bearerProcess } }));
    await denyCpf(a.integratorId, '39053344705', 'a-only-reason');
    const endpoint = await createEndpoint(a.integratorId, { url: 'https://a-only.example.com/events', eventTypes: ['onboarding.status_changed'] });
    await putWorkflow(a.integratorId, 'shared-alias', { description: 'a-only-description', expectedTypes: [] });
    await setRule(a.integratorId, 'BAIXA_QUALIDADE', '', { weight: 97, enabled: null });
    const batch = await call(await route('import/import-doc/create-batch/route.ts', 'POST'), '/x', {
      json: { workflowAlias: 'shared-alias', batchExternalId: 'a-only-batch', docs: [{ fileName: 'a-only.jpg', fileResource: image }] },
      headers: await oauth(a),
    });
    expect(batch.status, batch.text).toBe(201);

    w = {
      a,
      b,
      authA,
      authB,
      importB: await oauth(b),
      ids: { apiKey: key!.id, bearerProcess, keyProcess, bProcess: bStarted.requestId, bCookie, bSecret, onboarding, review, event, batch: batch.data.batchId, cpf: '39053344705', workflow: 'shared-alias', rule: 'BAIXA_QUALIDADE', user: user!.id, client: a.clientId, endpoint: endpoint.id },
      markers: ['a-only', a.integratorId],
    };
  }, 120_000);

  it('lists every route file with an id in its path, method by method', () => {
    const withId = routeFiles().filter((f) => f.includes('['));
    expect(Object.keys(RESOURCE_ROUTES).sort()).toEqual(withId.sort());
    for (const [file, probes] of Object.entries(RESOURCE_ROUTES)) {
      if ('exempt' in probes) continue;
      expect(Object.keys(probes).sort(), file).toEqual(servedMethods(file).sort());
    }
  });

  for (const [file, probes] of Object.entries(RESOURCE_ROUTES)) {
    if ('exempt' in probes) continue;
    for (const [method, probe] of Object.entries(probes)) {
      it(`${method} /${path.dirname(file)} as another tenant`, async () => probe!(w, await handlerOf(file, method as Method)));
    }
  }

  it("tenant A's resources survived every call of tenant B", async () => {
    const d = await getDb();
    const [key] = await d.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, w.ids.apiKey));
    expect(key!.revokedAt).toBeNull();
    const [user] = await d.select().from(schema.users).where(eq(schema.users.id, w.ids.user));
    expect([user!.role, user!.revokedAt]).toEqual(['admin', null]);
    const [client] = await d.select().from(schema.apiClients).where(eq(schema.apiClients.clientId, w.ids.client));
    expect(client!.revokedAt).toBeNull();
    const [onboarding] = await d.select().from(schema.onboardings).where(eq(schema.onboardings.id, w.ids.onboarding));
    expect([onboarding!.status, onboarding!.erasedAt]).toEqual(['PENDING', null]);
    const [review] = await d.select().from(schema.onboardings).where(eq(schema.onboardings.id, w.ids.review));
    expect(review!.status).toBe('ANALYSIS');
    const [process] = await d.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, w.ids.bearerProcess));
    expect(process!.status).toBe('PENDING');
    const [keyProcess] = await d.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, w.ids.keyProcess));
    expect(keyProcess!.status).toBe('PENDING');
    const get = async (file: string) => call(await handlerOf(file, 'GET'), '/x', { headers: w.authA });
    expect((await get('services/api/v1/fraud/deny-list/route.ts')).data.items).toEqual([expect.objectContaining({ cpf: w.ids.cpf, reason: 'a-only-reason' })]);
    expect((await get('services/api/v1/import/workflows/route.ts')).data.items.filter((i: { alias: string }) => i.alias !== 'default')).toEqual([expect.objectContaining({ alias: w.ids.workflow, description: 'a-only-description' })]);
    expect((await get('services/api/v1/webhooks/endpoints/route.ts')).data.endpoints).toEqual([expect.objectContaining({ id: w.ids.endpoint, enabled: true })]);
    expect((await get('services/api/v1/fraud/rules/route.ts')).data.find((r: { name: string }) => r.name === w.ids.rule).weight).toBe(97);
    expect((await get('services/api/v1/onboarding/reviews/route.ts')).text).toContain(w.ids.review);
    expect((await get('services/api/v1/webhooks/events/route.ts')).text).toContain(w.ids.event);
    // The 404s above were not for want of a resource: A reaches each one.
    const own: [string, string, string, Record<string, string>?][] = [
      ['services/api/v1/steps/result/[requestId]/route.ts', 'requestId', w.ids.bearerProcess],
      ['onboarding/api/v1/steps/result/[requestId]/route.ts', 'requestId', w.ids.keyProcess, { 'x-api-key': w.a.apiKey }],
      ['services/api/v1/onboarding/enroll/[onboardingId]/route.ts', 'onboardingId', w.ids.onboarding],
      ['services/api/v1/onboarding/enroll/[onboardingId]/history/route.ts', 'onboardingId', w.ids.onboarding],
      ['services/api/v1/onboarding/reviews/[onboardingId]/route.ts', 'onboardingId', w.ids.review],
      ['services/api/v1/webhooks/events/[eventId]/route.ts', 'eventId', w.ids.event],
    ];
    for (const [file, param, id, headers] of own) {
      expect((await call(await handlerOf(file, 'GET'), '/x', { headers: headers ?? w.authA, params: { [param]: id } })).status, file).toBe(200);
    }
  });

  it('collections read by another tenant never show its items', async () => {
    const collections = routeFiles().filter((f) => !f.includes('[') && servedMethods(f).includes('GET'));
    expect(Object.keys(COLLECTIONS).sort()).toEqual(collections.sort());
    for (const [file, check] of Object.entries(COLLECTIONS)) {
      if (typeof check !== 'function') continue;
      const res = await call(await handlerOf(file, 'GET'), `/x${COLLECTION_QUERIES[file] ?? ''}`, { headers: w.authB });
      expect(res.status, file).toBe(200);
      for (const m of w.markers) expect(res.text, file).not.toContain(m);
      check(w, res);
    }
  });
});
