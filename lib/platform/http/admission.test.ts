import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../config';
import { closeFacePool } from '../../engines/face';
import { forgetOnboardingBacklog } from '../../processes/onboarding/backlog';
import { call, datasetsDir, facesDir } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { AdmissionGate } from './admission';
import { POST as faceMatch } from '@/app/services/api/v1/biometrics/face/match/json/route';
import { GET as listKeys } from '@/app/services/api/v1/api-keys/route';
import { POST as enrol } from '@/app/services/api/v1/onboarding/enroll/json/route';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('AdmissionGate', () => {
  it('runs up to its limit, queues up to its queue, refuses the rest at once with 503 overloaded', async () => {
    const gate = new AdmissionGate('test', 2, 1, 5000);
    const a = await gate.enter();
    const b = await gate.enter();
    let cAdmitted = false;
    const c = gate.enter().then((leave) => ((cAdmitted = true), leave));
    await tick();
    expect(cAdmitted).toBe(false);
    expect(gate.queued).toBe(1);
    await expect(gate.enter()).rejects.toMatchObject({ status: 503, code: 'overloaded', headers: { 'retry-after': expect.any(String) } });
    expect(gate.shed).toBe(1);
    a();
    a(); // leaving twice does not free a second place
    const leaveC = await c;
    expect(cAdmitted).toBe(true);
    expect(gate.inUse).toBe(2);
    b();
    leaveC();
    expect(gate.inUse).toBe(0);
  });

  it('refuses a waiter whose wait runs out, and forgets it', async () => {
    const gate = new AdmissionGate('test', 1, 5, 50);
    const a = await gate.enter();
    await expect(gate.enter()).rejects.toMatchObject({ status: 503, code: 'overloaded' });
    expect(gate.queued).toBe(0);
    a();
    expect(gate.inUse).toBe(0);
    const again = await gate.enter();
    again();
  });

  it('tryEnter never waits', () => {
    const gate = new AdmissionGate('test', 1, 10, 1000);
    const a = gate.tryEnter();
    expect(a).toBeTypeOf('function');
    expect(gate.tryEnter()).toBeUndefined();
    a!();
    expect(gate.tryEnter()).toBeTypeOf('function');
  });
});

describe('load shedding through the routes', () => {
  // A tenant of its own for each quota the tests spend.
  const ctx = withTestIntegrator({ tenants: 4 });
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
    forgetOnboardingBacklog();
  });
  afterAll(async () => {
    await closeFacePool();
  });

  it('answers 429 with RateLimit headers once an integrator spends its quota, without touching another integrator', async () => {
    process.env.API_RATE_LIMIT_PER_MINUTE = '18'; // 3 per 10 s window
    resetConfig();
    const [ha, hb] = ctx.auths as [Record<string, string>, Record<string, string>];
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(listKeys, '/services/api/v1/api-keys', { headers: ha });
      statuses.push(last.status);
    }
    // A window boundary can fall inside the loop: then the fourth call opens a new window.
    if (statuses[3] === 429) {
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last!.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(last!.data.code).toBe('rate_limited');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    }
    const other = await call(listKeys, '/services/api/v1/api-keys', { headers: hb });
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-limit')).toBe('3');
    expect(other.headers.get('ratelimit-remaining')).toBe('2');
  });

  it.skipIf(!datasetsDir())('sheds a synchronous analysis beyond the analysis gate with 503 overloaded', async () => {
    process.env.ANALYSIS_CONCURRENCY = '1';
    process.env.ANALYSIS_QUEUE = '0';
    resetConfig();
    const headers = ctx.auths[2]!;
    const img = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f)).toString('base64');
    const body = { imageA: img('img1.jpg'), imageB: img('img2.jpg') };
    const results = await Promise.all([0, 1, 2].map(() => call(faceMatch, '/services/api/v1/biometrics/face/match/json', { json: body, headers })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 503, 503]);
    const shed = results.find((r) => r.status === 503)!;
    expect(shed.data.code).toBe('overloaded');
    expect(shed.headers.get('retry-after')).toBeTruthy();
    // Once the place is free, the next one is served.
    expect((await call(faceMatch, '/services/api/v1/biometrics/face/match/json', { json: body, headers })).status).toBe(200);
  }, 120_000);

  it('refuses new onboardings beyond the backlog, but still answers an idempotent replay', async () => {
    process.env.ONBOARDING_MAX_BACKLOG = '1';
    resetConfig();
    const headers = ctx.auths[3]!;
    const jpeg = (await import('sharp')).default({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg();
    const imageFront = (await jpeg.toBuffer()).toString('base64');
    const first = await call(enrol, '/services/api/v1/onboarding/enroll/json', { json: { cpf: '52998224725', customerId: 'a', imageFront }, headers: { ...headers, 'idempotency-key': 'k1' } });
    expect(first.status).toBe(201);
    forgetOnboardingBacklog();
    const second = await call(enrol, '/services/api/v1/onboarding/enroll/json', { json: { cpf: '52998224725', customerId: 'b', imageFront }, headers });
    expect(second.status).toBe(503);
    expect(second.data.code).toBe('overloaded');
    const replay = await call(enrol, '/services/api/v1/onboarding/enroll/json', { json: { cpf: '52998224725', customerId: 'a', imageFront }, headers: { ...headers, 'idempotency-key': 'k1' } });
    expect(replay.status).toBe(200);
    expect(replay.data.onboardingId).toBe(first.data.onboardingId);
  });
});
