import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../config';
import { authenticateApiKey } from '../http';
import { backends, createTestDatabase, type TestDatabase } from '../../testing';
import { ensureDemoIntegrator, login } from '.';

describe.each(backends())('demo integrator on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    process.env.ATESTA_DEMO = 'true';
    resetConfig();
    db = await createTestDatabase(backend);
  });
  afterEach(() => {
    delete process.env.ATESTA_DEMO_USERNAME;
    delete process.env.ATESTA_DEMO_PASSWORD;
    delete process.env.ATESTA_DEMO_API_KEY;
    resetConfig();
  });
  afterAll(async () => {
    process.env.ATESTA_DEMO = 'false';
    resetConfig();
    await db.close();
  });

  it('is created once on an empty database, with random working credentials', async () => {
    const demo = await ensureDemoIntegrator();
    expect(demo).toMatchObject({ username: 'demo', password: expect.any(String), apiKey: expect.stringMatching(/^atk_/) });
    await expect(login({ username: demo!.username, password: demo!.password, style: 'api' })).resolves.toBeTruthy();
    await expect(authenticateApiKey(demo!.apiKey)).resolves.toMatchObject({ integratorId: demo!.integratorId });
    expect(await ensureDemoIntegrator()).toBeUndefined();
  });

  it('uses exactly the ATESTA_DEMO_* values when they are set', async () => {
    Object.assign(process.env, { ATESTA_DEMO_USERNAME: 'preset.user', ATESTA_DEMO_PASSWORD: 'preset-password-1', ATESTA_DEMO_API_KEY: 'preset-api-key-0123456789' });
    resetConfig();
    const demo = await ensureDemoIntegrator();
    expect(demo).toMatchObject({ username: 'preset.user', password: 'preset-password-1', apiKey: 'preset-api-key-0123456789' });
    await expect(authenticateApiKey('preset-api-key-0123456789')).resolves.toBeTruthy();
    await expect(login({ username: 'preset.user', password: 'preset-password-1', style: 'api' })).resolves.toBeTruthy();
    expect(await ensureDemoIntegrator()).toBeUndefined();
  });
});
