import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, startWorkerProcess, type TestDatabase } from '../testing';
import { getBoss, stopBoss } from '../platform/jobs';

describe.each(backends())('`npm run worker` as a separate process on %s', (backend) => {
  let db: TestDatabase;
  let worker: ChildProcess | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await stopBoss();
    await db.close();
  });

  it('consumes jobs enqueued by another process (this one runs no worker)', async () => {
    const started = await startWorkerProcess({ ...process.env, ...db.env, LOG_LEVEL: 'warn' }, 45_000);
    worker = started.child;
    expect(started.output()).toContain('Atesta worker serving');

    const boss = await getBoss();
    const id = await boss.send('housekeeping', {});
    const deadline = Date.now() + 30_000;
    let state: string | undefined;
    while (Date.now() < deadline) {
      state = (await boss.getJobById('housekeeping', id!))?.state;
      if (state === 'completed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toBe('completed');
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => worker!.once('exit', resolve));
    worker!.kill('SIGTERM');
    expect(await exited).toBe(0);
    worker = undefined;
  });
});
