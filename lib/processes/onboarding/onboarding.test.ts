import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../platform/auth';
import { openText } from '../../platform/crypto';
import { getDb, schema } from '../../platform/db';
import { denyCpf } from '../../engines/fraud';
import { stopWorkers } from '../../platform/jobs';
import { startServiceWorkers } from '../../ops/workers';
import { listOutbox } from '../../delivery/notify';
import { updateSettings } from '../../platform/settings';
import { resetConfig } from '../../platform/config';
import { bearerHeaders, call, codeIn, facesDir, tightCrop } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { createEndpoint } from '../../delivery/webhooks';
import { fraudCase, validCnhFront as validCnh, type Faces, type FraudCase } from '@/scripts/synth/fraud';
import { POST as enrolApi } from '@/app/services/api/v1/onboarding/enroll/json/route';
import { GET as getApi, DELETE as eraseApi } from '@/app/services/api/v1/onboarding/enroll/[onboardingId]/route';
import { POST as cancelApi } from '@/app/services/api/v1/onboarding/enroll/[onboardingId]/cancel/route';
import { POST as confirmApi } from '@/app/services/api/v1/onboarding/enroll/[onboardingId]/confirm/route';
import { POST as tokensApi } from '@/app/services/api/v1/onboarding/enroll/[onboardingId]/tokens/route';
import { GET as historyApi } from '@/app/services/api/v1/onboarding/enroll/[onboardingId]/history/route';
import { GET as reviewsApi } from '@/app/services/api/v1/onboarding/reviews/route';
import { GET as reviewApi } from '@/app/services/api/v1/onboarding/reviews/[onboardingId]/route';
import { POST as decisionApi } from '@/app/services/api/v1/onboarding/reviews/[onboardingId]/decision/route';
import { purgeExpiredMedia } from './retention';
import { runPipeline } from './pipeline';

const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
/** One person of the dataset (identities.csv): the portrait printed on the document and a selfie. */
const person = (portrait: string, selfie: string): Faces => ({ owner: face(portrait), ownerSelfie: face(selfie), other: face('img24.jpg') });
const dataUrl = (b: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${b.toString('base64')}`;
const FINAL = ['DONE', 'REJECTED', 'CANCELED', 'ERROR', 'BLACKLISTED', 'RESOLVED'];

describe('onboarding enrolment, pipeline, review and data rights', () => {
  const ctx = withTestIntegrator({ tenants: 2, receiver: () => ({ status: 200 }) });
  let faces: Faces;
  let clean: FraudCase;

  beforeAll(async () => {
    await createEndpoint(ctx.tenant.integratorId, { url: `${ctx.receiver.url}/all`, eventTypes: ['onboarding.status_changed'] });
    faces = person('img1.jpg', 'img2.jpg');
    clean = await validCnh(faces);
    await startServiceWorkers();
  }, 120_000);
  afterAll(async () => {
    await stopWorkers();
  });

  const enrol = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(enrolApi, '/services/api/v1/onboarding/enroll/json', { json, headers: { ...ctx.auth, ...headers } });
  const get = (id: string, headers = ctx.auth) => call(getApi, `/services/api/v1/onboarding/enroll/${id}`, { headers, params: { onboardingId: id } });
  async function settle(id: string, until = FINAL, ms = 90_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = await get(id);
      if (until.includes(r.data.status) || Date.now() > deadline) return r.data;
      await new Promise((res) => setTimeout(res, 300));
    }
  }
  const eventsOf = (id: string, path = '/hook') => ctx.receiver.calls.filter((c) => c.path === path).map((c) => JSON.parse(c.body)).filter((p) => p.data?.onboardingId === id);

  it('accepts at once (201 STARTED), approves a genuine person with a matching selfie, enrols the face and notifies the callBackUrl', async () => {
    const res = await enrol({
      cpf: clean.cpf,
      customerId: 'cust-1',
      imageFront: dataUrl(clean.image),
      imageSelfie: dataUrl(faces.ownerSelfie),
      email: 'Pessoa@Example.com',
      phone: '11987654321',
      zipCode: '01310100',
      callBackUrl: `${ctx.receiver.url}/hook`,
      basicAuth: 'hook:secret',
      useTerms: true,
      acceptedTermVersion: 3,
    });
    expect(res.status, res.text).toBe(201);
    const id = res.data.onboardingId;
    expect(res.data).toMatchObject({ cpf: clean.cpf, customerId: 'cust-1', status: 'STARTED', statusReason: null, scoreData: null, ocrData: null, faceMatch: null });
    expect(res.data.basicData).toMatchObject({
      useTerms: true,
      acceptedTermVersion: 3,
      cep: '01310100',
      state: 'SP',
      email: 'pessoa@example.com',
      emailToken: null,
      smsToken: null,
      emailConfirmed: false,
      tokenConfirmed: false,
      cellphone: 11987654321,
    });
    expect(Date.parse(res.data.basicData.emailTokenExpiresAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(res.data.basicData.smsTokenExpiresAt)).toBeGreaterThan(Date.now());

    const done = await settle(id);
    expect(done.status, JSON.stringify(done.scoreData)).toBe('DONE');
    expect(done.faceMatch.match).toBe(true);
    // The file a reviewer would see: both faces and the selfie's liveness, beyond the SPEC record.
    const file = await call(reviewApi, `/x/${id}`, { headers: ctx.auth, params: { onboardingId: id } });
    expect(file.data.images.portrait).toMatch(/^data:image\/jpeg;base64,/);
    expect(file.data.liveness).toMatchObject({ alive: true, score: expect.any(Number) });
    expect(done.scoreData).toMatchObject({ cpf: Number(clean.cpf), customerId: 'cust-1', hardStop: false });
    expect(done.ocrData.typeRecognized).toBe('CNH_FRENTE');
    expect(done.basicData.fullName).toBe(clean.truth.fields.nome);
    expect(done.basicData.firstName).toBe(clean.truth.fields.nome!.split(' ')[0]);

    const d = await getDb();
    const templates = await d.select().from(schema.faceTemplates).where(eq(schema.faceTemplates.reference, id));
    expect(templates).toHaveLength(1);
    expect(templates[0]!.cpf).toBe(clean.cpf);
    // Enrolled from the selfie (the probe when there is one): a photo, not a printed portrait.
    expect(templates[0]!.printed).toBe(false);

    // The callBackUrl hears once, with the final record, Basic credentials and no pictures; the endpoint
    // subscribed to status_changed hears STARTED -> PROCESSING -> DONE, in sequence order.
    const deadline = Date.now() + 20_000;
    while ((eventsOf(id).length < 1 || eventsOf(id, '/all').length < 2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 500)); // nothing more arrives
    expect(eventsOf(id).map((e) => `${e.type}:${e.data.status}`)).toEqual(['onboarding.completed:DONE']);
    const changes = eventsOf(id, '/all').sort((x, y) => x.sequence - y.sequence);
    expect(changes.map((e) => `${e.type}:${e.data.previousStatus}>${e.data.status}`)).toEqual(['onboarding.status_changed:STARTED>PROCESSING', 'onboarding.status_changed:PROCESSING>DONE']);
    expect(changes[1].sequence).toBeLessThan(eventsOf(id)[0].sequence);
    const hook = ctx.receiver.calls.find((c) => c.path === '/hook' && JSON.parse(c.body).data.onboardingId === id)!;
    expect(hook.headers.authorization).toBe(`Basic ${Buffer.from('hook:secret').toString('base64')}`);
    expect(hook.body).not.toMatch(/base64,|\/9j\//);
    expect(JSON.parse(hook.body).data).toEqual({ ...done, updatedAt: expect.any(String) });

    // The tokens went to the person through the outbox; the API never shows them.
    const mails = await listOutbox({ to: 'pessoa@example.com', limit: 5 });
    expect(mails[0]?.body).toMatch(/\d{6}/);
    expect(JSON.stringify(done)).not.toContain(codeIn(mails[0]!.body)!);

    const history = await call(historyApi, `/x/${id}/history`, { headers: ctx.auth, params: { onboardingId: id } });
    expect(history.data.items.filter((h: { action: string }) => h.action === 'transition').map((h: { toStatus: string }) => h.toStatus)).toEqual(['STARTED', 'PROCESSING', 'DONE']);
    expect(history.data.items[0]).toMatchObject({ action: 'transition', toStatus: 'STARTED', actor: expect.stringMatching(/^user:[0-9a-f-]{36}$/) });
    expect(history.data.items[1]).toMatchObject({ action: 'tokens_sent', actor: 'system', reason: 'email, sms' });
  }, 120_000);

  it('rejects a hard stop (CPF not the one printed), sends a grey zone to review, blacklists a deny-listed CPF and a face already enrolled under another CPF', async () => {
    // Different people (identities.csv), so that only the intended rule fires.
    const wrong = await fraudCase('wrong_cpf', 0, person('img26.jpg', 'img27.jpg'));
    let expired = await fraudCase('expired', 0, person('img48.jpg', 'img49.jpg'));
    for (let i = 1; expired.type !== 'CNH_FRENTE'; i++) expired = await fraudCase('expired', i, person('img48.jpg', 'img49.jpg'));
    // Case numbers decide the CPF: a later one, so the denied CPF is not the approved person's.
    let denied = await validCnh(person('img3.jpg', 'img12.jpg'), 10);
    for (let i = 11; denied.cpf === clean.cpf; i++) denied = await validCnh(person('img3.jpg', 'img12.jpg'), i);
    await denyCpf(ctx.tenant.integratorId, denied.cpf, 'chargeback fraud');
    // Person01's face, approved under clean.cpf in the first case, on a document with another CPF.
    let dup = await validCnh(faces, 1);
    for (let i = 2; dup.cpf === clean.cpf; i++) dup = await validCnh(faces, i);

    const ids = await Promise.all(
      [wrong, expired, denied, dup].map(async (c, i) => (await enrol({ cpf: c.cpf, customerId: `c-${i}`, imageFront: dataUrl(c.image) })).data.onboardingId as string),
    );
    // Four pipelines at once on two cores: give them the time a loaded CI host needs.
    const [r, g, b, d2] = (await Promise.all(ids.map((id) => settle(id, [...FINAL, 'ANALYSIS'], 300_000)))) as Record<string, any>[];
    expect(r!.status, r!.statusReason).toBe('REJECTED');
    expect(r!.statusReason).toMatch(/CPF_DIVERGENTE/);
    expect(g!.status, JSON.stringify(g!.scoreData)).toBe('ANALYSIS');
    expect(g!.scoreData.penalties.map((p: { rulesName: string }) => p.rulesName)).toContain('DOCUMENTO_VENCIDO');
    expect(b!.status).toBe('BLACKLISTED');
    expect(b!.statusReason).toMatch(/CPF_BLOQUEADO/);
    expect(d2!.status).toBe('BLACKLISTED');
    expect(d2!.statusReason).toMatch(/ROSTO_DUPLICADO/);
    const [rr, gg] = [r!, g!];

    // Review queue: the grey one, CPF masked; the file holds the picture; a viewer cannot decide.
    const queue = await call(reviewsApi, '/services/api/v1/onboarding/reviews', { headers: ctx.auth });
    expect(queue.data.items.map((i: { onboardingId: string }) => i.onboardingId)).toContain(gg.onboardingId);
    const item = queue.data.items.find((i: { onboardingId: string }) => i.onboardingId === gg.onboardingId);
    expect(item.cpf).toBe(`***.${expired.cpf.slice(3, 6)}.${expired.cpf.slice(6, 9)}-**`);
    const file = await call(reviewApi, `/x/${gg.onboardingId}`, { headers: ctx.auth, params: { onboardingId: gg.onboardingId } });
    expect(file.data.images.front).toMatch(/^data:image\/jpeg;base64,/);
    expect(Buffer.from(file.data.images.front.split(',')[1], 'base64').equals(expired.image)).toBe(true);
    expect(file.data.onboarding.ocrData.fields.length).toBeGreaterThan(3);
    // What the console draws: the portrait the analysis cropped, each field's picture (its bbox is in its pixels), no liveness without a selfie.
    expect(file.data.images.portrait).toMatch(/^data:image\/jpeg;base64,/);
    expect(file.data.fieldSides).toMatchObject({ cpf: 'front', nome: 'front' });
    expect(file.data.liveness).toBeNull();
    expect(file.data.resolvedBy).toBeNull();
    expect(file.headers.get('cache-control')).toBe('no-store');

    const viewer = { username: `viewer.${Date.now()}`, password: 'viewer-password-123' };
    await createUser(await getDb(), ctx.tenant.integratorId, viewer.username, viewer.password, 'viewer');
    const denyViewer = await call(decisionApi, '/x', { json: { decision: 'approve', reason: 'fine by me' }, headers: await bearerHeaders(viewer), params: { onboardingId: gg.onboardingId } });
    expect(denyViewer.status).toBe(403);
    const notInReview = await call(decisionApi, '/x', { json: { decision: 'approve', reason: 'looks fine' }, headers: ctx.auth, params: { onboardingId: rr.onboardingId } });
    expect(notInReview.status).toBe(409);

    const resolved = await call(decisionApi, '/x', { json: { decision: 'approve', reason: 'validity renewed, checked by phone' }, headers: ctx.auth, params: { onboardingId: gg.onboardingId } });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.data.status).toBe('RESOLVED');
    expect(resolved.data.resolution).toMatchObject({ decision: 'approve', reason: 'validity renewed, checked by phone' });
    expect(resolved.data.statusReason).toBe('approved by reviewer: validity renewed, checked by phone');
    // Who decided, by name, in the file and its history.
    const after = await call(reviewApi, `/x/${gg.onboardingId}`, { headers: ctx.auth, params: { onboardingId: gg.onboardingId } });
    expect(after.data.resolvedBy).toBe(ctx.tenant.username);
    expect(after.data.history.at(-1)).toMatchObject({ fromStatus: 'ANALYSIS', toStatus: 'RESOLVED', actorName: ctx.tenant.username, actor: expect.stringMatching(/^user:/) });
    for (const e of after.data.history) expect(e.actorName).toBe(e.actor.startsWith('user:') ? ctx.tenant.username : null);
    expect(after.data.history.some((e: { actor: string }) => e.actor === 'system')).toBe(true);
    const d = await getDb();
    expect(await d.select().from(schema.faceTemplates).where(eq(schema.faceTemplates.reference, gg.onboardingId))).toHaveLength(1);
    // Final statuses do not move.
    expect((await call(cancelApi, '/x', { json: {}, headers: ctx.auth, params: { onboardingId: gg.onboardingId } })).data.code).toBe('illegal_transition');
  }, 420_000);

  it('Idempotency-Key: the same request returns the same onboarding; another body with the key is refused', async () => {
    const body = { cpf: clean.cpf, customerId: 'idem', imageFront: dataUrl(clean.image) };
    const first = await enrol(body, { 'idempotency-key': 'k-123' });
    const again = await enrol(body, { 'idempotency-key': 'k-123' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data.onboardingId).toBe(first.data.onboardingId);
    const other = await enrol({ ...body, customerId: 'someone-else' }, { 'idempotency-key': 'k-123' });
    expect(other.status).toBe(422);
    expect(other.data.code).toBe('idempotency_key_reused');
    const d = await getDb();
    expect(await d.select().from(schema.onboardings).where(eq(schema.onboardings.customerId, 'idem'))).toHaveLength(1);
    // Another tenant may use the same key.
    expect((await enrol(body, { ...ctx.otherAuth, 'idempotency-key': 'k-123' })).status).toBe(201);
    await settle(first.data.onboardingId);
  }, 120_000);

  it('bad input is a clear 4xx and stores nothing; unknown or foreign ids are 404', async () => {
    const d = await getDb();
    const before = (await d.select().from(schema.storedObjects)).length;
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const r1 = await enrol({ cpf: clean.cpf, customerId: 'x', imageFront: gif.toString('base64') });
    expect(r1.status).toBe(415);
    const r2 = await enrol({ cpf: clean.cpf, customerId: 'x', imageFront: 'data:image/jpeg;base64,@@@' });
    expect(r2.status).toBe(422);
    expect(r2.data.detail).toMatch(/imageFront/);
    const r3 = await enrol({ cpf: '123', customerId: 'x', imageFront: dataUrl(clean.image) });
    expect(r3.status).toBe(400);
    const r4 = await enrol({ cpf: clean.cpf, customerId: 'x', imageFront: dataUrl(clean.image), imageSelfie: dataUrl(clean.image.subarray(0, 2000)) });
    expect(r4.status).toBe(422);
    expect(r4.data.detail).toMatch(/imageSelfie/);
    expect((await d.select().from(schema.storedObjects)).length).toBe(before);
    expect((await get('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('not-a-uuid')).status).toBe(404);
    const mine = await d.select({ id: schema.onboardings.id }).from(schema.onboardings).where(eq(schema.onboardings.integratorId, ctx.tenant.integratorId)).limit(1);
    expect((await get(mine[0]!.id, ctx.otherAuth)).status).toBe(404);
  });

  it('contacts to confirm: PENDING until the e-mail and SMS tokens are confirmed, wrong tokens cost attempts, then processing starts; cancel stops a PENDING one', async () => {
    await updateSettings(ctx.tenant.integratorId, { onboarding: { confirmContacts: 'given' } });
    try {
      const email = `confirm.${Date.now()}@example.com`;
      const res = await enrol({ cpf: clean.cpf, customerId: 'pend', imageFront: dataUrl(clean.image), email, phone: '21987654321', callBackUrl: `${ctx.receiver.url}/hook` });
      expect(res.status).toBe(201);
      expect(res.data.status).toBe('PENDING');
      expect(res.data.statusReason).toMatch(/confirm e-mail and phone/);
      const id = res.data.onboardingId;
      const tokenFor = async (to: string) => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const m = (await listOutbox({ to, limit: 1 }))[0];
          if (m || Date.now() > deadline) return codeIn(m?.body) ?? '';
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      const emailToken = await tokenFor(email);
      const smsToken = await tokenFor('21987654321');
      expect(emailToken).toMatch(/^\d{6}$/);
      const wrongCode = emailToken === '000000' ? '111111' : '000000';
      const wrong = await call(confirmApi, '/x', { json: { channel: 'email', token: wrongCode }, headers: ctx.auth, params: { onboardingId: id } });
      expect(wrong.status).toBe(422);
      expect(wrong.data).toMatchObject({ code: 'invalid_token', attemptsLeft: 4 });
      const ok = await call(confirmApi, '/x', { json: { channel: 'email', token: emailToken }, headers: ctx.auth, params: { onboardingId: id } });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.data.basicData.emailConfirmed).toBe(true);
      expect(ok.data.status).toBe('PENDING');
      // A resend right away is refused by the cooldown.
      expect((await call(tokensApi, '/x', { json: { channel: 'sms' }, headers: ctx.auth, params: { onboardingId: id } })).status).toBe(429);
      const sms = await call(confirmApi, '/x', { json: { channel: 'sms', token: smsToken }, headers: ctx.auth, params: { onboardingId: id } });
      expect(sms.status, sms.text).toBe(200);
      expect(sms.data.basicData.tokenConfirmed).toBe(true);
      expect(sms.data.status).toBe('PROCESSING');
      const final = await settle(id);
      expect(final.status, final.statusReason).toBe('DONE');

      const other = await enrol({ cpf: clean.cpf, customerId: 'pend-2', imageFront: dataUrl(clean.image), email: `c2.${Date.now()}@example.com` });
      const canceled = await call(cancelApi, '/x', { json: { reason: 'customer gave up' }, headers: ctx.auth, params: { onboardingId: other.data.onboardingId } });
      expect(canceled.data).toMatchObject({ status: 'CANCELED', statusReason: 'canceled: customer gave up' });
    } finally {
      await updateSettings(ctx.tenant.integratorId, { onboarding: { confirmContacts: null } });
    }
  }, 120_000);

  it('reads the document with the background budget: a synchronous budget too short to read anything does not make it "not recognised"', async () => {
    // 200 ms stops a synchronous reading of this CNH at 320 ms, before its first page reading ends.
    process.env.DOCUMENT_TIME_BUDGET_MS = '200';
    resetConfig();
    try {
      const res = await enrol({ cpf: clean.cpf, customerId: 'busy-1', imageFront: dataUrl(clean.image) });
      expect(res.status, res.text).toBe(201);
      const done = await settle(res.data.onboardingId, [...FINAL, 'ANALYSIS']);
      expect(done.ocrData?.typeRecognized, JSON.stringify(done.ocrData)).toBe('CNH_FRENTE');
      expect(JSON.stringify(done.scoreData?.penalties)).not.toContain('DOCUMENTO_NAO_RECONHECIDO');
    } finally {
      process.env.DOCUMENT_TIME_BUDGET_MS = '120000';
      resetConfig();
    }
  }, 120_000);

  it('approves a genuine person whose selfie is a tight 150 px crop of the face (what a cropped selfie or app upload looks like)', async () => {
    const crop = await tightCrop(faces.ownerSelfie, { px: 150, cover: 0.9 });
    const res = await enrol({ cpf: clean.cpf, customerId: 'crop-1', imageFront: dataUrl(clean.image), imageSelfie: dataUrl(crop) });
    expect(res.status, res.text).toBe(201);
    const done = await settle(res.data.onboardingId);
    expect(done.status, `${done.statusReason} ${JSON.stringify(done.scoreData?.penalties)}`).toBe('DONE');
    expect(done.faceMatch.match).toBe(true);
  }, 120_000);

  it('REJECTED naming the fix for a selfie without a face (not ERROR: the failure is not ours); runs past ONBOARDING_MAX_ATTEMPTS end in ERROR', async () => {
    const wall = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#b9c4a7' } }).jpeg().toBuffer();
    const noFace = await enrol({ cpf: clean.cpf, customerId: 'no-face', imageFront: dataUrl(clean.image), imageSelfie: dataUrl(wall) });
    expect(noFace.status).toBe(201);
    const rejected = await settle(noFace.data.onboardingId);
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.statusReason).toMatch(/^no_face_detected: No face was found in imageSelfie\. Take a new selfie: the whole face in the picture/);

    // An onboarding whose runs kept dying (attempts spent, lease free): the next run ends it.
    const d = await getDb();
    await stopWorkers();
    const stuck = await enrol({ cpf: clean.cpf, customerId: 'stuck', imageFront: dataUrl(clean.image), callBackUrl: `${ctx.receiver.url}/hook` });
    try {
      await d.update(schema.onboardings).set({ status: 'PROCESSING', attempts: 5, leaseUntil: null }).where(eq(schema.onboardings.id, stuck.data.onboardingId));
      expect(await runPipeline(stuck.data.onboardingId)).toBe('done');
      const row = await get(stuck.data.onboardingId);
      expect(row.data).toMatchObject({ status: 'ERROR', statusReason: 'processing failed after 5 attempts' });
      expect(await runPipeline(stuck.data.onboardingId)).toBe('not_runnable');
    } finally {
      await startServiceWorkers();
    }
  }, 120_000);

  it('pictures are sealed at rest; retention purges pictures and templates; erasure leaves only audit facts', async () => {
    const d = await getDb();
    // Encryption at rest: no JPEG/PNG bytes (raw or base64) anywhere in the object table.
    const objects = await d.select().from(schema.storedObjects);
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects) {
      const raw = Buffer.from(o.sealed);
      expect(raw.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(raw.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
      expect(raw.toString('latin1')).not.toMatch(/\/9j\/|iVBORw0KGgo/);
      expect(raw.toString('ascii')).toMatch(/^v1\.[0-9a-f]{8}\./);
    }
    const dump = JSON.stringify(await d.select().from(schema.onboardings));
    expect(dump).not.toMatch(/\/9j\/|iVBORw0KGgo/);

    // Retention: an onboarding finished 91 days ago loses its pictures and templates, keeps its record.
    const [done] = await d.select().from(schema.onboardings).where(and(eq(schema.onboardings.integratorId, ctx.tenant.integratorId), eq(schema.onboardings.status, 'DONE'))).limit(1);
    await d.update(schema.onboardings).set({ finishedAt: new Date(Date.now() - 91 * 86400_000) }).where(eq(schema.onboardings.id, done!.id));
    expect(await purgeExpiredMedia()).toBeGreaterThanOrEqual(1);
    expect(await d.select().from(schema.onboardingMedia).where(eq(schema.onboardingMedia.onboardingId, done!.id))).toHaveLength(0);
    expect(await d.select().from(schema.faceTemplates).where(eq(schema.faceTemplates.reference, done!.id))).toHaveLength(0);
    expect((await d.select().from(schema.storedObjects)).some((o) => o.key.includes(done!.id))).toBe(false);
    const kept = await get(done!.id);
    expect(kept.data.ocrData).not.toBeNull();
    const file = await call(reviewApi, '/x', { headers: ctx.auth, params: { onboardingId: done!.id } });
    expect(file.data.images).toEqual({ front: null, back: null, selfie: null, portrait: null });
    expect(file.data.mediaPurgedAt).not.toBeNull();
    expect(file.data.history.some((h: { action: string }) => h.action === 'media_purged')).toBe(true);
    expect(await purgeExpiredMedia()).toBe(0); // once

    // Erasure of another one (with a webhook log): personal fields gone, payloads redacted, history kept.
    const [victim] = await d
      .select()
      .from(schema.onboardings)
      .where(and(eq(schema.onboardings.integratorId, ctx.tenant.integratorId), eq(schema.onboardings.customerId, 'cust-1')));
    const id = victim!.id;
    const erased = await call(eraseApi, '/x', { method: 'DELETE', headers: ctx.auth, params: { onboardingId: id } });
    expect(erased.status).toBe(204);
    const after = await get(id);
    expect(after.data).toMatchObject({ onboardingId: id, cpf: '', customerId: '', status: 'DONE', ocrData: null, scoreData: null, faceMatch: null });
    expect(after.data.basicData).toMatchObject({ email: null, cellphone: null, fullName: null, cep: null });
    expect(await d.select().from(schema.onboardingMedia).where(eq(schema.onboardingMedia.onboardingId, id))).toHaveLength(0);
    expect(await d.select().from(schema.faceTemplates).where(eq(schema.faceTemplates.reference, id))).toHaveLength(0);
    const events = await d.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.subjectId, id));
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      const text = openText(e.payloadEnc);
      expect(text).not.toContain(clean.cpf);
      expect(JSON.parse(text).data).toMatchObject({ onboardingId: id, erased: true });
    }
    const analyses = await d.select().from(schema.fraudAnalyses).where(eq(schema.fraudAnalyses.integratorId, ctx.tenant.integratorId));
    expect(analyses.some((x) => x.customerId === 'cust-1')).toBe(false);
    const hist = await call(historyApi, '/x', { headers: ctx.auth, params: { onboardingId: id } });
    expect(hist.data.items.map((h: { action: string }) => h.action)).toContain('erased');
    expect(hist.data.items.filter((h: { action: string }) => h.action === 'transition').map((h: { toStatus: string }) => h.toStatus)).toEqual(['STARTED', 'PROCESSING', 'DONE']);
  }, 60_000);
});
