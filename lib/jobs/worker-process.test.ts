import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../testing';
import { getBoss, stopBoss } from './boss';

describe.each(backends())('`npm run worker` as a separate process on %s', (backend) => {
  let db: TestDatabase;
  let worker: ChildProcess | undefined;
  let output = '';
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await stopBoss();
    await db.close();
  });

  it('consumes jobs enqueued by another process (this one runs no worker)', async () => {
    worker = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/worker.ts'], {
      env: { ...process.env, ...db.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    const ready = Date.now() + 45_000;
    while (!output.includes('Atesta worker serving') && Date.now() < ready) await new Promise((r) => setTimeout(r, 200));
    expect(output).toContain('Atesta worker serving');

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
