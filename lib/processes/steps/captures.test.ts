import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { resetConfig } from '../../platform/config';
import { stepCaptureImages, stepDetail } from '../console';
import { deliverEvent } from '../../delivery/webhooks';
import { cancelProcess } from './lifecycle';
import { stepPageModel } from './page-model';
import { call, facesDir, seedIntegrator } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { fraudCase, validCnhFront, type Faces } from '@/scripts/synth/fraud';
import { simulate } from '@/scripts/pad/simulate';
import { rng } from '@/scripts/synth/random';
import { locateFaces } from '../../engines/face';
import { POST as startFraud } from '@/app/services/api/v1/steps/fraud/route';
import { POST as startLiveness } from '@/app/services/api/v1/steps/liveness/route';
import { POST as startFraudKey } from '@/app/onboarding/api/v1/steps/fraud/route';
import { POST as startLivenessKey } from '@/app/onboarding/api/v1/steps/liveness/route';
import { GET as bearerResult } from '@/app/services/api/v1/steps/result/[requestId]/route';
import { GET as keyResult } from '@/app/onboarding/api/v1/steps/result/[requestId]/route';
import { GET as openLink } from '@/app/p/[requestId]/[secret]/route';
import { POST as beginApi } from '@/app/p/[requestId]/api/begin/route';
import { POST as documentApi } from '@/app/p/[requestId]/api/document/route';
import { POST as challengeApi } from '@/app/p/[requestId]/api/challenge/route';
import { POST as selfieApi } from '@/app/p/[requestId]/api/selfie/route';
import { POST as handoffApi } from '@/app/p/[requestId]/api/handoff/route';
import { POST as activityApi } from '@/app/p/[requestId]/api/activity/route';
import { GET as stateApi } from '@/app/p/[requestId]/api/state/route';

async function open(url: string) {
  const [, , requestId, secret] = new URL(url).pathname.split('/');
  const res = await openLink(new Request(url), { params: Promise.resolve({ requestId: requestId!, secret: secret! }) });
  return { requestId: requestId!, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
const dataUrl = (b: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${b.toString('base64')}`;
/** A document photo nobody could read: the picture blurred to mush. */
const blurred = async (jpeg: Buffer) => sharp(jpeg).blur(12).jpeg().toBuffer();

describe('hosted fraud and liveness steps', () => {
  const ctx = withTestIntegrator({ receiver: () => ({ status: 200 }) });
  let faces: Faces;
  beforeAll(async () => {
    faces = { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg') };
  });

  /** Starts a fraud process, opens it like a browser and gives consent. */
  async function fraudProcess(body: Record<string, unknown> = {}) {
    const started = await call(startFraud, '/services/api/v1/steps/fraud', { json: { appRedirect: 'https://app.example.com/done', ...body }, headers: ctx.auth });
    expect(started.status).toBe(200);
    const { requestId, cookie } = await open(started.data.requestProcessUrl);
    const headers = { cookie: cookie! };
    expect((await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true }, headers, params: { requestId } })).status).toBe(204);
    return { requestId, headers };
  }
  const submit = (requestId: string, headers: Record<string, string>, json: Record<string, unknown>) =>
    call(documentApi, `/p/${requestId}/api/document`, { json, headers, params: { requestId } });

  it('fraud step: a blurred front is asked again alone, a good one is analysed against the selfie; result, webhook and key variant agree', async () => {
    const good = await validCnhFront(faces);
    const { requestId, headers } = await fraudProcess({ cpf: good.cpf, selfieImage: faces.ownerSelfie.toString('base64'), webhookUrl: `${ctx.receiver.url}/hook` });
    const state0 = await call(stateApi, `/p/${requestId}/api/state`, { headers, params: { requestId } });
    expect(state0.data).toEqual({ stage: 'document', status: 'IN_PROGRESS', phone: { connected: false, attempts: 0 } });

    const bad = await submit(requestId, headers, { front: dataUrl(await blurred(good.image)), source: 'camera' });
    expect(bad.status).toBe(200);
    expect(bad.data.outcome).toBe('retry');
    expect(bad.data.attemptsLeft).toBe(2);
    expect(bad.data.retry).toHaveLength(1);
    expect(bad.data.retry[0]).toMatchObject({ slot: 'front', reason: expect.stringMatching(/not_recognized|blurred/), message: expect.stringMatching(/documento|foto/) });

    const ok = await submit(requestId, headers, { front: dataUrl(good.image), source: 'camera' });
    const result = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: ctx.auth, params: { requestId } });
    expect(ok.data, JSON.stringify(result.data.fraudResponse?.scoreResult)).toEqual({ outcome: 'approved' });
    expect(result.data.status).toBe('APPROVED');
    const fraud = result.data.fraudResponse;
    expect(fraud.documentImage).toMatch(/^data:image\/jpeg;base64,/);
    expect(fraud.scoreResult.score).toBeGreaterThanOrEqual(70);
    expect(fraud.extractResult.ocr.typeRecognized).toBe(good.type);
    expect(fraud.faceMatchResult).toMatchObject({ requestId, isMatch: true, similarity: expect.any(Number) });

    // The webhook carries the result without the picture (biometric data stays behind the authenticated GET).
    const db0 = await getDb();
    const [event] = await db0.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.subjectId, requestId));
    await deliverEvent(event!.id);
    const hook = ctx.receiver.calls.find((c) => c.body.includes(requestId))!;
    const payload = JSON.parse(hook.body);
    expect(payload.data.fraudResponse.scoreResult.score).toBe(fraud.scoreResult.score);
    expect(JSON.stringify(payload)).not.toContain('documentImage');
    expect(JSON.stringify(payload)).not.toContain('base64');

    // Stored sealed: the capture row holds no JPEG bytes in clear.
    const [row] = await db0.select().from(schema.stepCaptures).where(eq(schema.stepCaptures.processId, requestId));
    expect(row!.imageEnc).not.toContain(good.image.toString('base64').slice(0, 40));

    // The console's view: one failed attempt with its reason, the pictures for those who may see them.
    const detail = await stepDetail(ctx.tenant.integratorId, requestId);
    expect(detail.attempts).toEqual([{ at: expect.any(String), reasons: [{ slot: 'front', reason: bad.data.retry[0].reason }] }]);
    expect(detail.captureSlots.map((c) => c.slot).sort()).toEqual(['front']);
    expect((await stepCaptureImages(ctx.tenant.integratorId, requestId)).front).toMatch(/^data:image\/jpeg;base64,/);
    const other = await seedIntegrator();
    await expect(stepCaptureImages(other.integratorId, requestId)).rejects.toMatchObject({ status: 404 });
  }, 240_000);

  it('fraud step: only the failed back is asked again and the stored front is reused; the key variant reports fraudScore', async () => {
    const front = await fraudCase('clean', 1, faces);
    const started = await call(startFraudKey, '/onboarding/api/v1/steps/fraud', { json: { cpf: front.cpf, appRedirect: 'https://app.example.com/done' }, headers: { 'x-api-key': ctx.tenant.apiKey } });
    expect(started.status).toBe(200);
    const { requestId, cookie } = await open(started.data.requestProcessUrl);
    const headers = { cookie: cookie! };
    await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true }, headers, params: { requestId } });
    const first = await submit(requestId, headers, { front: dataUrl(front.image), back: dataUrl(await blurred(front.image)), source: 'upload' });
    expect(first.data.outcome).toBe('retry');
    expect(first.data.retry.map((r: { slot: string }) => r.slot)).toEqual(['back']);
    const state = await call(stateApi, `/p/${requestId}/api/state`, { headers, params: { requestId } });
    expect(state.data.stage).toBe('document');
    // The back again, alone, this time a readable one (the same document photographed twice reads as both sides).
    const second = await submit(requestId, headers, { back: dataUrl(front.image), source: 'upload' });
    expect(['approved', 'rejected']).toContain(second.data.outcome);
    const key = await call(keyResult, `/onboarding/api/v1/steps/result/${requestId}`, { headers: { 'x-api-key': ctx.tenant.apiKey }, params: { requestId } });
    expect(key.data.details.fraudScore).toEqual(expect.any(Number));
    expect(JSON.stringify(key.data)).not.toContain('base64');
  }, 240_000);

  it('fraud step: the capture is read with the process budget, so a busy machine does not ask the person for a picture that was fine', async () => {
    const doc = await validCnhFront(faces);
    const { requestId, headers } = await fraudProcess();
    // 200 ms stops an API call's reading of this CNH at 320 ms, before its first page reading ends.
    process.env.DOCUMENT_TIME_BUDGET_MS = '200';
    resetConfig();
    try {
      const res = await submit(requestId, headers, { front: dataUrl(doc.image), source: 'upload' });
      expect(res.data.outcome, JSON.stringify(res.data)).not.toBe('retry');
      const result = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: ctx.auth, params: { requestId } });
      expect(result.data.fraudResponse.extractResult.ocr.typeRecognized).toBe('CNH_FRENTE');
    } finally {
      process.env.DOCUMENT_TIME_BUDGET_MS = '120000';
      resetConfig();
    }
  }, 240_000);

  it('fraud step: attempts are limited, then REJECTED with the reason', async () => {
    const doc = await fraudCase('clean', 2, faces);
    const { requestId, headers } = await fraudProcess();
    const mush = dataUrl(await blurred(doc.image));
    expect((await submit(requestId, headers, { front: mush, source: 'camera' })).data.attemptsLeft).toBe(2);
    expect((await submit(requestId, headers, { front: mush, source: 'camera' })).data.attemptsLeft).toBe(1);
    expect((await submit(requestId, headers, { front: mush, source: 'camera' })).data).toEqual({ outcome: 'rejected' });
    const result = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: ctx.auth, params: { requestId } });
    expect(result.data.status).toBe('REJECTED');
    const again = await submit(requestId, headers, { front: mush, source: 'camera' });
    expect(again.status).toBe(409);
  }, 240_000);

  it('fraud step: bad files are refused with problem+json and cost no attempt; live capture can be required', async () => {
    const { requestId, headers } = await fraudProcess({ requireLiveCapture: true });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const upload = await submit(requestId, headers, { front: dataUrl(gif, 'image/gif'), source: 'upload' });
    expect(upload.status).toBe(422);
    expect(upload.data.code).toBe('live_capture_required');
    const wrongType = await submit(requestId, headers, { front: dataUrl(gif, 'image/gif'), source: 'camera' });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get('content-type')).toContain('application/problem+json');
    const nothing = await submit(requestId, headers, { source: 'camera' });
    expect(nothing.status).toBe(400);
    const backFirst = await submit(requestId, headers, { back: dataUrl(gif), source: 'camera' });
    expect(backFirst.status).toBe(409);
    expect(backFirst.data.code).toBe('front_required');
    const state = await call(stateApi, `/p/${requestId}/api/state`, { headers, params: { requestId } });
    expect(state.data).toEqual({ stage: 'document', status: 'IN_PROGRESS', phone: { connected: false, attempts: 0 } });
    const noSession = await submit(requestId, {}, { front: dataUrl(gif), source: 'camera' });
    expect(noSession.status).toBe(401);
  }, 60_000);

  it('handoff: a one-time link opens the same process on another device; it cannot be replayed', async () => {
    const { requestId, headers } = await fraudProcess();
    const h = await call(handoffApi, `/p/${requestId}/api/handoff`, { method: 'POST', headers, params: { requestId } });
    expect(h.status).toBe(200);
    expect(h.data.url).toMatch(new RegExp(`/p/${requestId}/[A-Za-z0-9_-]{43}$`));
    expect(h.data.qrSvg).toContain('<svg');
    const phone = await open(h.data.url);
    expect(phone.cookie).toMatch(/^atesta_step=/);
    const state = await call(stateApi, `/p/${requestId}/api/state`, { headers: { cookie: phone.cookie! }, params: { requestId } });
    expect(state.data.stage).toBe('document');
    const replay = await open(h.data.url);
    expect(replay.cookie).toBeUndefined();
    // The phone's page: no handoff of its own; once finished, "go back to the computer", while the desktop goes on to the app.
    const phoneToken = phone.cookie!.split('=')[1];
    const desktopToken = headers.cookie.split('=')[1];
    expect(await stepPageModel(requestId, phoneToken)).toMatchObject({ view: { stage: 'document', canHandOff: false } });
    expect((await stepPageModel(requestId, desktopToken)).view).not.toHaveProperty('canHandOff', false);
    // The phone says what it is doing; the desktop sees it. The desktop's own word is not kept (it has no one to tell).
    const desktopState = async () => (await call(stateApi, `/p/${requestId}/api/state`, { headers, params: { requestId } })).data.phone;
    expect(await desktopState()).toEqual({ connected: true, attempts: 0 });
    const say = (cookie: string, activity: string) => call(activityApi, `/p/${requestId}/api/activity`, { json: { activity }, headers: { cookie }, params: { requestId } });
    expect((await say(headers.cookie, 'sending')).status).toBe(204);
    expect((await desktopState()).activity).toBeUndefined();
    expect((await say(phone.cookie!, 'capturing')).status).toBe(204);
    expect(await desktopState()).toEqual({ connected: true, activity: 'capturing', attempts: 0 });
    expect((await say(phone.cookie!, 'sending')).status).toBe(204);
    expect((await desktopState()).activity).toBe('sending');
    expect((await say(phone.cookie!, 'dancing')).status).toBe(400);
    expect((await say('atesta_step=nope', 'capturing')).status).toBe(401);
    // An activity goes stale: a phone silent for two minutes is no longer "sending".
    await (await getDb()).update(schema.stepSessions).set({ activityAt: new Date(Date.now() - 121_000) }).where(eq(schema.stepSessions.processId, requestId));
    expect((await desktopState()).activity).toBeUndefined();
    await cancelProcess(ctx.tenant.integratorId, requestId);
    const db0 = await getDb();
    await db0.update(schema.stepProcesses).set({ status: 'APPROVED' }).where(eq(schema.stepProcesses.id, requestId));
    expect((await stepPageModel(requestId, phoneToken)).view).toEqual({ stage: 'finished-elsewhere', status: 'APPROVED' });
    expect((await stepPageModel(requestId, desktopToken)).view).toMatchObject({ stage: 'finished', status: 'APPROVED' });
  });

  it('liveness step: a head turn of the same live person approves; the selfie is in the GET, not in the webhook', async () => {
    const started = await call(startLiveness, '/services/api/v1/steps/liveness', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/done', webhookUrl: `${ctx.receiver.url}/live` }, headers: ctx.auth });
    const { requestId, cookie } = await open(started.data.requestProcessUrl);
    const headers = { cookie: cookie! };
    await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true }, headers, params: { requestId } });
    expect((await call(stateApi, `/p/${requestId}/api/state`, { headers, params: { requestId } })).data.stage).toBe('selfie');
    const frontal = face('img10.jpg');
    const turned = face('img11.jpg');
    const frames = async (action: string) => {
      // img10 to img11: one person turning (the yaw grows by ~18°); mirrored, the same turn the other way.
      const mirror = async (b: Buffer) => sharp(b).flop().jpeg().toBuffer();
      const [start, end] = action === 'turn_right' ? [frontal, turned] : [await mirror(frontal), await mirror(turned)];
      // Stamped as the browser does: after the challenge was given, the last one just now.
      const t = Date.now();
      return [start, start, end].map((b, i) => ({ image: dataUrl(b), at: t - 900 + i * 400 }));
    };
    // A still photo (the same frame three times) is refused with guidance.
    const c1 = await call(challengeApi, `/p/${requestId}/api/challenge`, { method: 'POST', headers, params: { requestId } });
    expect(['turn_left', 'turn_right']).toContain(c1.data.action);
    const t = Date.now() + 100;
    const still = await call(selfieApi, `/p/${requestId}/api/selfie`, {
      json: { challenge: c1.data.token, frames: [0, 1, 2].map((i) => ({ image: dataUrl(frontal), at: t - 900 + i * 400 })) },
      headers,
      params: { requestId },
    });
    expect(still.data.outcome).toBe('retry');
    expect(still.data.retry[0]).toMatchObject({ slot: 'selfie', reason: expect.stringMatching(/did_not_move|flat_face/) });

    const c2 = await call(challengeApi, `/p/${requestId}/api/challenge`, { method: 'POST', headers, params: { requestId } });
    const live = await call(selfieApi, `/p/${requestId}/api/selfie`, { json: { challenge: c2.data.token, frames: await frames(c2.data.action) }, headers, params: { requestId } });
    expect(live.data, JSON.stringify(live.data)).toEqual({ outcome: 'approved' });
    const result = await call(bearerResult, `/services/api/v1/steps/result/${requestId}`, { headers: ctx.auth, params: { requestId } });
    expect(result.data.livenessResponse).toMatchObject({ requestId, isAlive: true, selfieImage: expect.stringMatching(/^data:image\/jpeg;base64,/) });
    const db0 = await getDb();
    const [event] = await db0.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.subjectId, requestId));
    await deliverEvent(event!.id);
    const hook = ctx.receiver.calls.find((c) => c.body.includes(requestId))!;
    expect(JSON.parse(hook.body).data.livenessResponse).toMatchObject({ isAlive: true });
    expect(hook.body).not.toContain('selfieImage');
  }, 240_000);

  it('liveness step: a real head turn replayed on a screen is refused as not live, though it moves like a head', async () => {
    const started = await call(startLiveness, '/services/api/v1/steps/liveness', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/done' }, headers: ctx.auth });
    const { requestId, cookie } = await open(started.data.requestProcessUrl);
    const headers = { cookie: cookie! };
    await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true }, headers, params: { requestId } });
    // img10 to img11 (the turn the approval test sends), shown on a phone or monitor and filmed again (scripts/pad/simulate.ts).
    const shotOf = async (b: Buffer) => {
      const png = await sharp(b).png().toBuffer();
      const meta = await sharp(png).metadata();
      const [found] = await locateFaces({ png, width: meta.width!, height: meta.height! }, 'selfie');
      return { png, width: meta.width!, height: meta.height!, box: found!.box };
    };
    const [frontal, turned] = [await shotOf(face('img10.jpg')), await shotOf(face('img11.jpg'))];
    for (const condition of ['bezel', 'colour_cast'] as const) {
      // One seed per replay: the same screen, bezel and room in every frame.
      const [start, end] = [await simulate(frontal, condition, rng(11)), await simulate(turned, condition, rng(11))];
      const c = await call(challengeApi, `/p/${requestId}/api/challenge`, { method: 'POST', headers, params: { requestId } });
      const [first, last] = c.data.action === 'turn_right' ? [start, end] : [await sharp(start).flop().jpeg().toBuffer(), await sharp(end).flop().jpeg().toBuffer()];
      const t = Date.now();
      const r = await call(selfieApi, `/p/${requestId}/api/selfie`, { json: { challenge: c.data.token, frames: [first, first, last].map((b, i) => ({ image: dataUrl(b), at: t - 900 + i * 400 })) }, headers, params: { requestId } });
      expect(r.data.outcome, `${condition}: ${JSON.stringify(r.data)}`).not.toBe('approved');
      expect(r.data.outcome).toBe('retry');
      expect(r.data.retry.map((x: { reason: string }) => x.reason), condition).toContain('not_live');
    }
  }, 240_000);

  it('liveness step: three failed attempts reject the process; the key variant says NOT_LIVE', async () => {
    const started = await call(startLivenessKey, '/onboarding/api/v1/steps/liveness', { json: { cpf: '52998224725', appRedirect: 'https://app.example.com/done' }, headers: { 'x-api-key': ctx.tenant.apiKey } });
    const { requestId, cookie } = await open(started.data.requestProcessUrl);
    const headers = { cookie: cookie! };
    await call(beginApi, `/p/${requestId}/api/begin`, { json: { consent: true }, headers, params: { requestId } });
    const still = face('img10.jpg');
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const c = await call(challengeApi, `/p/${requestId}/api/challenge`, { method: 'POST', headers, params: { requestId } });
      const t = Date.now();
      const r = await call(selfieApi, `/p/${requestId}/api/selfie`, { json: { challenge: c.data.token, frames: [0, 1, 2].map((k) => ({ image: dataUrl(still), at: t - 900 + k * 400 })) }, headers, params: { requestId } });
      outcomes.push(r.data.outcome);
    }
    expect(outcomes).toEqual(['retry', 'retry', 'rejected']);
    const key = await call(keyResult, `/onboarding/api/v1/steps/result/${requestId}`, { headers: { 'x-api-key': ctx.tenant.apiKey }, params: { requestId } });
    expect(key.data).toMatchObject({ status: 'REJECTED', details: { livenessResult: 'NOT_LIVE', statusReason: expect.stringContaining('3 attempts failed') } });
    expect(JSON.stringify(key.data)).not.toContain('base64');
    const late = await call(challengeApi, `/p/${requestId}/api/challenge`, { method: 'POST', headers, params: { requestId } });
    expect(late.status).toBe(409);
    expect(late.data.code).toBe('process_finished');
  }, 120_000);
});
