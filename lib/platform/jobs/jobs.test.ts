import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../testing';
import { getBoss, startWorkers, stopWorkers } from '.';
import { defineJob } from './registry';

describe.each(backends())('pg-boss jobs on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await stopWorkers();
    await db.close();
  });

  it('delivers a job to a worker and retries a failing one', async () => {
    const seen: string[] = [];
    let attempts = 0;
    const ok = defineJob<{ word: string }>({ queue: `t-ok-${backend}`, handler: async (data) => void seen.push(data.word) });
    const flaky = defineJob<{ n: number }>({
      queue: `t-flaky-${backend}`,
      retryLimit: 2,
      retryDelaySeconds: 1,
      handler: async () => {
        attempts++;
        if (attempts < 2) throw new Error('transient');
      },
    });
    await startWorkers([ok, flaky]);
    const boss = await getBoss();
    await boss.send(ok.queue, { word: 'olá' });
    const flakyId = await boss.send(flaky.queue, { n: 1 });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const job = await boss.getJobById(flaky.queue, flakyId!);
      if (seen.length === 1 && job?.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen).toEqual(['olá']);
    expect(attempts).toBe(2);
    expect((await boss.getJobById(flaky.queue, flakyId!))?.state).toBe('completed');
  });

  it('drains a queue of quick jobs without waiting a polling interval between them', async () => {
    // pg-boss sleeps its polling interval (1 s) after every fetch unless told otherwise: 30 jobs would take 30 s.
    let done = 0;
    const quick = defineJob<{ n: number }>({ queue: `t-quick-${backend}`, handler: async () => void done++ });
    const boss = await getBoss();
    await startWorkers([quick]);
    await new Promise((r) => setTimeout(r, 1500)); // the worker's first, empty fetch is behind it
    const started = Date.now();
    for (let n = 0; n < 30; n++) await boss.send(quick.queue, { n });
    while (done < 30 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(30);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 90_000);
});
