import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../platform/auth';
import { getDb, schema } from '../../platform/db';
import { call, type SeededIntegrator } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { POST as signIn } from '@/app/console/api/session/route';
import { GET as searchApi } from '@/app/services/api/v1/console/search/route';
import { GET as statsApi } from '@/app/services/api/v1/console/stats/route';
import { GET as reviewApi } from '@/app/services/api/v1/onboarding/reviews/[onboardingId]/route';
import { POST as decisionApi } from '@/app/services/api/v1/onboarding/reviews/[onboardingId]/decision/route';
import { batchDetail, listSteps, parseQuery, search, STEP_PAGE, stats, stepDetail, stepFilterOf } from '.';

const CPF = '52998224725';
const DAY = 86_400_000;
const now = new Date();
const ago = (days: number, plusSeconds = 0) => new Date(now.getTime() - days * DAY + plusSeconds * 1000);

describe('console search, details and stats', () => {
  // The second tenant's user is a viewer; the third tenant stays empty.
  const ctx = withTestIntegrator({ tenants: [{}, { role: 'viewer' }, {}] });
  let a: SeededIntegrator;
  let b: SeededIntegrator;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ tenant: a, other: b } = ctx);
    const d = await getDb();
    const onboarding = async (integratorId: string, status: (typeof schema.onboardings.$inferInsert)['status'], createdAt: Date, extra: Partial<typeof schema.onboardings.$inferInsert> = {}) => {
      const [row] = await d
        .insert(schema.onboardings)
        .values({ integratorId, status, cpf: CPF, customerId: 'cust-42', createdAt, updatedAt: createdAt, ...extra })
        .returning({ id: schema.onboardings.id });
      return row!.id;
    };
    // A: two DONE (processed in 10 s and 30 s), one REJECTED (20 s), one approved and one rejected by a reviewer, one in review, one 40 days old.
    ids.done = await onboarding(a.integratorId, 'DONE', ago(1), { finishedAt: ago(1, 10) });
    await onboarding(a.integratorId, 'DONE', ago(0), { finishedAt: ago(0, 30), customerId: 'cust-other', cpf: '11144477735' });
    await onboarding(a.integratorId, 'REJECTED', ago(1), { finishedAt: ago(1, 20) });
    await onboarding(a.integratorId, 'RESOLVED', ago(2), { finishedAt: ago(2, 100), resolution: { decision: 'approve', reason: 'ok', by: 'integrator', at: ago(2).toISOString() } });
    await onboarding(a.integratorId, 'RESOLVED', ago(2), { finishedAt: ago(2, 200), resolution: { decision: 'reject', reason: 'no', by: 'integrator', at: ago(2).toISOString() } });
    ids.analysis = await onboarding(a.integratorId, 'ANALYSIS', ago(0));
    await onboarding(a.integratorId, 'DONE', ago(40), { finishedAt: ago(40, 5) });
    ids.bOnboarding = await onboarding(b.integratorId, 'DONE', ago(0), { finishedAt: ago(0, 1) });

    const step = async (integratorId: string) => {
      const [row] = await d
        .insert(schema.stepProcesses)
        .values({ integratorId, kind: 'validation', api: 'bearer', cpf: CPF, appRedirect: 'https://x.example/done', secretHash: 'x', status: 'APPROVED', createdAt: ago(1), openedAt: ago(1, 5), finishedAt: ago(1, 60), expiresAt: ago(0) })
        .returning({ id: schema.stepProcesses.id });
      return row!.id;
    };
    ids.step = await step(a.integratorId);
    ids.bStep = await step(b.integratorId);
    const [batch] = await d
      .insert(schema.importBatches)
      .values({ integratorId: a.integratorId, batchExternalId: 'lote-7', workflowAlias: 'kyc', requestHash: 'h', docCount: 1, status: 'DONE', createdAt: ago(1), finishedAt: ago(1, 30) })
      .returning({ id: schema.importBatches.id });
    ids.batch = batch!.id;
    await d.insert(schema.importDocs).values({ batchId: ids.batch, position: 0, fileName: 'rg.jpg', status: 'DONE', finishedAt: ago(1, 25) });

    const analysis = (integratorId: string, sequence: number, rules: string[]) =>
      d.insert(schema.fraudAnalyses).values({ integratorId, sequence, methodName: 'fraud.analysis', cpf: CPF, score: 50, hardStop: false, totalTimeMs: 1, penalties: rules.map((r) => ({ rulesName: r, rulesPenalty: 10, hardStop: false, message: r })) });
    await analysis(a.integratorId, 1, ['DOCUMENTO_VENCIDO', 'BAIXA_QUALIDADE']);
    await analysis(a.integratorId, 2, ['DOCUMENTO_VENCIDO']);
    await analysis(b.integratorId, 1, ['CPF_INVALIDO']);
  });

  const ORIGIN = 'http://atesta.test';
  const cookieOf = async (who: { username: string; password: string }) => {
    const session = await call(signIn, '/console/api/session', { json: { username: who.username, password: who.password }, headers: { origin: ORIGIN } });
    expect(session.status, session.text).toBe(200);
    return session.headers.get('set-cookie')!.split(';')[0]!;
  };

  it('reads a search box: an id, a CPF in digits or formatted, anything else as a key', () => {
    expect(parseQuery(' 529.982.247-25 ')).toEqual({ text: '529.982.247-25', cpf: CPF });
    expect(parseQuery('529 982 247 25').cpf).toBe(CPF);
    expect(parseQuery('ABCDEF00-0000-4000-8000-000000000000').id).toBe('abcdef00-0000-4000-8000-000000000000');
    expect(parseQuery('cust-42')).toEqual({ text: 'cust-42' });
  });

  it('finds onboardings and steps by CPF (masked), onboardings by customerId, batches by external id, anything by id; only its own', async () => {
    const byCpf = await search(a.integratorId, '529.982.247-25');
    expect(byCpf.onboardings).toHaveLength(6);
    expect(byCpf.onboardings.every((o) => o.cpf === '***.982.247-**')).toBe(true);
    expect(byCpf.steps.map((s) => s.requestId)).toEqual([ids.step]);
    expect(byCpf.steps[0]!.cpf).toBe('***.982.247-**');
    expect(JSON.stringify(byCpf)).not.toContain(CPF);
    expect((await search(a.integratorId, 'cust-other')).onboardings.map((o) => o.customerId)).toEqual(['cust-other']);
    expect((await search(a.integratorId, 'lote-7')).batches.map((x) => x.batchId)).toEqual([ids.batch]);
    expect((await search(a.integratorId, ids.done!)).onboardings.map((o) => o.onboardingId)).toEqual([ids.done]);
    expect((await search(a.integratorId, ids.step!.toUpperCase())).steps.map((s) => s.requestId)).toEqual([ids.step]);
    expect((await search(a.integratorId, ids.batch!)).batches).toHaveLength(1);
    expect(await search(a.integratorId, '   ')).toEqual({ onboardings: [], steps: [], batches: [] });
    // Tenant isolation: B finds none of A's, by any key, and A none of B's.
    for (const q of [CPF, 'cust-other', 'lote-7', ids.done!, ids.step!, ids.batch!]) {
      const hits = await search(b.integratorId, q);
      const found = [...hits.onboardings.map((o) => o.onboardingId), ...hits.steps.map((s) => s.requestId), ...hits.batches.map((x) => x.batchId)];
      expect(found.filter((id) => id !== ids.bOnboarding && id !== ids.bStep), q).toEqual([]);
    }
    expect((await search(b.integratorId, CPF)).onboardings.map((o) => o.onboardingId)).toEqual([ids.bOnboarding]);
    expect((await search(a.integratorId, ids.bOnboarding!)).onboardings).toEqual([]);
    expect((await search(a.integratorId, ids.bStep!)).steps).toEqual([]);
  });

  it('lists step processes newest first, filtered by type, status and start day, in pages; only its own', async () => {
    const d = await getDb();
    const values = Array.from({ length: STEP_PAGE + 3 }, (_, i) => ({
      integratorId: a.integratorId,
      kind: (i % 2 ? 'mfa' : 'liveness') as 'mfa' | 'liveness',
      api: 'bearer' as const,
      cpf: CPF,
      appRedirect: 'https://x.example/done',
      secretHash: `h${i}`,
      status: (i % 3 ? 'PENDING' : 'CANCELED') as 'PENDING' | 'CANCELED',
      createdAt: ago(5, i * 60),
      expiresAt: ago(-1),
    }));
    await d.insert(schema.stepProcesses).values(values);
    const all = await listSteps(a.integratorId, {});
    expect(all.items).toHaveLength(STEP_PAGE);
    expect(all.items.map((x) => x.createdAt)).toEqual([...all.items.map((x) => x.createdAt)].sort().reverse());
    expect(all.items[0]!.cpf).toBe('***.982.247-**');
    const rest = await listSteps(a.integratorId, { before: all.nextCursor! });
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...all.items, ...rest.items].map((x) => x.requestId)).size).toBe(STEP_PAGE + 4); // + the step made above
    expect(rest.items.map((x) => x.requestId)).not.toContain(ids.bStep);
    const mfaCanceled = await listSteps(a.integratorId, { kind: 'mfa', status: 'CANCELED' });
    expect(mfaCanceled.items.length).toBe(values.filter((v) => v.kind === 'mfa' && v.status === 'CANCELED').length);
    expect(mfaCanceled.items.every((x) => x.kind === 'mfa' && x.status === 'CANCELED')).toBe(true);
    const day = ago(1).toISOString().slice(0, 10);
    expect((await listSteps(a.integratorId, { from: day, to: day })).items.map((x) => x.requestId)).toEqual([ids.step]);
    // The page's query: unknown values are ignored, not errors.
    expect(stepFilterOf({ kind: 'mfa', status: 'NOPE', from: '2026-13-45', to: '2026-11-25', before: 'x' })).toEqual({ kind: 'mfa', status: undefined, from: undefined, to: '2026-11-25', before: undefined });
  });

  it('details of a step and a batch with their timelines; another tenant\'s or a malformed id is 404', async () => {
    const s = await stepDetail(a.integratorId, ids.step!);
    expect(s.timeline.map((e) => [e.event, e.status])).toEqual([
      ['created', 'PENDING'],
      ['opened by the person', 'IN_PROGRESS'],
      ['finished', 'APPROVED'],
    ]);
    const batch = await batchDetail(a.integratorId, ids.batch!);
    expect(batch.docs).toEqual([expect.objectContaining({ position: 0, fileName: 'rg.jpg', status: 'DONE' })]);
    expect(batch.timeline.map((e) => e.status)).toEqual(['RECEIVED', 'DONE', 'DONE']);
    await expect(stepDetail(b.integratorId, ids.step!)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(batchDetail(b.integratorId, ids.batch!)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(stepDetail(a.integratorId, 'not-a-uuid')).rejects.toMatchObject({ status: 404 });
  });

  it('stats: daily volumes by status over 30 days, approval rate, median processing time, top penalties', async () => {
    const s = await stats(a.integratorId, 30, now);
    expect(s.daily).toHaveLength(30);
    expect(s.daily.at(-1)!.day).toBe(now.toISOString().slice(0, 10));
    const total = (status: string) => s.daily.reduce((n, d) => n + (d.counts[status] ?? 0), 0);
    expect([total('DONE'), total('REJECTED'), total('RESOLVED'), total('ANALYSIS')]).toEqual([2, 1, 2, 1]);
    // Approved: 2 DONE + 1 approved RESOLVED; decided: those + REJECTED + rejected RESOLVED. The 40-day-old one is out.
    expect(s.approval).toEqual({ approved: 3, decided: 5, rate: 0.6 });
    expect(s.medianProcessingSeconds).toBe(30); // 10, 20, 30, 100, 200
    expect(s.topPenalties).toEqual([
      { rulesName: 'DOCUMENTO_VENCIDO', count: 2 },
      { rulesName: 'BAIXA_QUALIDADE', count: 1 },
    ]);
    const empty = await stats(ctx.tenants[2]!.integratorId, 7, now);
    expect(empty).toMatchObject({ approval: { approved: 0, decided: 0, rate: null }, medianProcessingSeconds: null, topPenalties: [] });
    expect(empty.daily).toHaveLength(7);
  });

  it('the APIs answer to a Bearer token and to the console cookie, for any role, within the caller\'s integrator', async () => {
    const bearer = await call(searchApi, `/services/api/v1/console/search?q=${encodeURIComponent('529.982.247-25')}`, { headers: ctx.auth });
    expect(bearer.status, bearer.text).toBe(200);
    expect(bearer.data.onboardings).toHaveLength(6);
    expect(bearer.headers.get('cache-control')).toBe('no-store');
    const cookie = await cookieOf(b);
    const viewer = await call(searchApi, `/services/api/v1/console/search?q=${CPF}`, { headers: { cookie } });
    expect(viewer.status, viewer.text).toBe(200);
    expect(viewer.data.onboardings.map((o: { onboardingId: string }) => o.onboardingId)).toEqual([ids.bOnboarding]);
    const figures = await call(statsApi, '/services/api/v1/console/stats?days=7', { headers: { cookie } });
    expect(figures.status).toBe(200);
    expect(figures.data.approval).toEqual({ approved: 1, decided: 1, rate: 1 });
    expect(figures.data.topPenalties).toEqual([{ rulesName: 'CPF_INVALIDO', count: 1 }]);
    expect((await call(statsApi, '/services/api/v1/console/stats?days=500', { headers: { cookie } })).status).toBe(400);
    expect((await call(searchApi, '/services/api/v1/console/search?q=x')).status).toBe(401);
  });

  it('review decisions from the console: a viewer reads the file but cannot decide; an analyst decides, and the file names them', async () => {
    const viewer = { username: `viewer.${Date.now()}`, password: 'viewer-password-123' };
    const analyst = { username: `analyst.${Date.now()}`, password: 'analyst-password-123' };
    await createUser(await getDb(), a.integratorId, viewer.username, viewer.password, 'viewer');
    await createUser(await getDb(), a.integratorId, analyst.username, analyst.password, 'analyst');
    const params = { onboardingId: ids.analysis! };
    const decision = { decision: 'reject', reason: 'document does not match the customer' };

    const viewerCookie = await cookieOf(viewer);
    const read = await call(reviewApi, `/x/${ids.analysis}`, { headers: { cookie: viewerCookie }, params });
    expect(read.status, read.text).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    const refused = await call(decisionApi, '/x', { json: decision, headers: { cookie: viewerCookie, origin: ORIGIN }, params });
    expect([refused.status, refused.data.code]).toEqual([403, 'forbidden_role']);

    const analystCookie = await cookieOf(analyst);
    expect((await call(decisionApi, '/x', { json: decision, headers: { cookie: analystCookie, origin: 'https://evil.example' }, params })).status).toBe(403);
    const decided = await call(decisionApi, '/x', { json: decision, headers: { cookie: analystCookie, origin: ORIGIN }, params });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.data.status).toBe('RESOLVED');
    const file = await call(reviewApi, `/x/${ids.analysis}`, { headers: { cookie: viewerCookie }, params });
    expect(file.data.resolvedBy).toBe(analyst.username);
    expect(file.data.history.at(-1)).toMatchObject({ fromStatus: 'ANALYSIS', toStatus: 'RESOLVED', actorName: analyst.username });
    // Another integrator's console user sees nothing of it.
    expect((await call(reviewApi, `/x/${ids.analysis}`, { headers: { cookie: await cookieOf(b) }, params })).status).toBe(404);
  });
});
