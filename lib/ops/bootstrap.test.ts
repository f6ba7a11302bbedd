import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../platform/config';
import { stopWorkers } from '../platform/jobs';
import { readSettings } from '../platform/settings';
import { backends, createTestDatabase, type TestDatabase } from '../testing';
import { boot, demoAppOrigin } from './bootstrap';

describe.each(backends())('start-up on %s', (backend) => {
  let db: TestDatabase;
  const saved = { ...process.env };
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await stopWorkers(); // the queue client of this database goes with it
    process.env = saved;
    resetConfig();
    await db.close();
  });

  it('gives the demo integrator an app origin, so appRedirect "/done" works with nothing set up', async () => {
    process.env.PUBLIC_URL = 'https://id.example.com/base';
    delete process.env.DEMO_APP_ORIGIN;
    resetConfig();
    expect(demoAppOrigin()).toBe('https://id.example.com');
    process.env.DEMO_APP_ORIGIN = 'https://shop.example.com';
    process.env.ATESTA_DEMO = 'true';
    resetConfig();
    expect(demoAppOrigin()).toBe('https://shop.example.com');
    const started = await boot({ worker: false, demo: true });
    expect(started.demo).toBeDefined(); // a new database: the demo is made
    expect((await readSettings(started.demo!.integratorId)).appOrigin).toBe('https://shop.example.com');
  });
});
