import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateApiKey } from '../../platform/http';
import { login, tokenEndpoint } from '../../platform/auth';
import { backends, createTestDatabase, type TestDatabase } from '../../testing';
import { readSettings } from '../../platform/settings';
import { runAdmin } from '.';

describe.each(backends())('admin commands on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db.close());

  it('creates an integrator whose credentials work, and lists it', async () => {
    const out = (await runAdmin(['integrator', 'create'], { name: 'Banco Exemplo' })).data as Record<string, string>;
    expect(out).toMatchObject({ name: 'Banco Exemplo', username: 'banco.exemplo.admin', webhookSecret: expect.stringMatching(/^whsec_/) });
    await expect(login({ username: out.username!, password: out.password!, style: 'api' })).resolves.toHaveProperty('access_token');
    await expect(authenticateApiKey(out.apiKey!)).resolves.toMatchObject({ integratorId: out.id });
    const list = (await runAdmin(['integrator', 'list'], {})).data as { id: string }[];
    expect(list.map((i) => i.id)).toContain(out.id);
  });

  it('sets the app origin that appRedirect paths resolve against, at creation and later; refuses a path or plain http', async () => {
    const out = (await runAdmin(['integrator', 'create'], { name: `O ${crypto.randomUUID().slice(0, 6)}`, appOrigin: 'https://shop.example.com/' })).data as Record<string, string>;
    expect(out.appOrigin).toBe('https://shop.example.com');
    expect((await readSettings(out.id!)).appOrigin).toBe('https://shop.example.com');
    const set = (await runAdmin(['integrator', 'set-app-origin', out.id!, 'https://app.example.com'], {})).data as Record<string, string>;
    expect(set.appOrigin).toBe('https://app.example.com');
    await expect(runAdmin(['integrator', 'set-app-origin', out.id!, 'https://app.example.com/x'], {})).rejects.toMatchObject({ code: 'usage', message: expect.stringMatching(/no path/) });
    await expect(runAdmin(['integrator', 'set-app-origin', out.id!, 'http://app.example.com'], {})).rejects.toMatchObject({ code: 'usage' });
    await expect(runAdmin(['integrator', 'set-app-origin', crypto.randomUUID(), 'https://a.example.com'], {})).rejects.toMatchObject({ code: 'not_found' });
    await runAdmin(['integrator', 'set-app-origin', out.id!, 'none'], {});
    expect((await readSettings(out.id!)).appOrigin).toBeNull();
  });

  it('manages users, keys and clients; revocations take effect', async () => {
    const tenant = (await runAdmin(['integrator', 'create'], { name: `T ${crypto.randomUUID().slice(0, 6)}` })).data as Record<string, string>;
    const user = (await runAdmin(['user', 'create'], { integrator: tenant.id, username: `ana.${Date.now()}`, role: 'analyst' })).data as Record<string, string>;
    expect(user.role).toBe('analyst');
    await expect(login({ username: user.username!, password: user.password!, style: 'api' })).resolves.toBeTruthy();
    const reset = (await runAdmin(['user', 'set-password', user.username!], {})).data as Record<string, string>;
    await expect(login({ username: user.username!, password: user.password!, style: 'api' })).rejects.toMatchObject({ status: 401 });
    await expect(login({ username: user.username!, password: reset.password!, style: 'api' })).resolves.toBeTruthy();
    await runAdmin(['user', 'revoke', user.username!], {});
    await expect(login({ username: user.username!, password: reset.password!, style: 'api' })).rejects.toMatchObject({ status: 401 });

    const key = (await runAdmin(['apikey', 'create'], { integrator: tenant.id, name: 'second' })).data as Record<string, string>;
    const rotated = (await runAdmin(['apikey', 'rotate', key.id!], {})).data as Record<string, string>;
    await expect(authenticateApiKey(key.key!)).rejects.toMatchObject({ status: 401 });
    await expect(authenticateApiKey(rotated.key!)).resolves.toBeTruthy();
    const keys = (await runAdmin(['apikey', 'list'], { integrator: tenant.id })).data as { name: string }[];
    expect(keys.map((k) => k.name).sort()).toEqual(['default', 'second', 'second']);

    const client = (await runAdmin(['client', 'create'], { integrator: tenant.id, scope: 'import' })).data as Record<string, string>;
    await expect(tokenEndpoint({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }, null)).resolves.toBeTruthy();
    await runAdmin(['client', 'revoke', client.clientId!], {});
    await expect(tokenEndpoint({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }, null)).rejects.toMatchObject({ status: 401 });

    const secret = (await runAdmin(['integrator', 'rotate-webhook-secret', tenant.id!], {})).data as Record<string, string>;
    expect(secret.webhookSecret).not.toBe(tenant.webhookSecret);
    await runAdmin(['integrator', 'disable', tenant.id!], {});
    await expect(authenticateApiKey(rotated.key!)).rejects.toMatchObject({ status: 403, code: 'integrator_disabled' });
  });

  it('rotates signing keys without breaking tokens in flight', async () => {
    const tenant = (await runAdmin(['integrator', 'create'], { name: `K ${Date.now()}` })).data as Record<string, string>;
    const before = await login({ username: tenant.username!, password: tenant.password!, style: 'api' });
    const { kid } = (await runAdmin(['keys', 'rotate'], {})).data as { kid: string };
    const after = await login({ username: tenant.username!, password: tenant.password!, style: 'api' });
    const { verifyAccessToken } = await import('../../platform/auth');
    await expect(verifyAccessToken(before.access_token)).resolves.toBeTruthy();
    expect(JSON.parse(Buffer.from(after.access_token.split('.')[0]!, 'base64url').toString()).kid).toBe(kid);
    await runAdmin(['keys', 'retire'], {});
    await expect(verifyAccessToken(before.access_token)).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(verifyAccessToken(after.access_token)).resolves.toBeTruthy();
  });

  it('explains usage errors', async () => {
    await expect(runAdmin(['user', 'create'], {})).rejects.toMatchObject({ code: 'usage' });
    await expect(runAdmin(['nothing', 'here'], {})).rejects.toThrow(/Unknown command/);
  });
});

describe('admin CLI process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('prints JSON with --json and exits 0, or 1 with a JSON error', () => {
    const created = run('integrator', 'create', '--name', 'Loja CLI', '--json');
    expect(created.status, created.stderr).toBe(0);
    const out = JSON.parse(created.stdout);
    expect(out).toMatchObject({ name: 'Loja CLI', apiKey: expect.stringMatching(/^atk_/) });
    const listed = run('integrator', 'list', '--json');
    expect(JSON.parse(listed.stdout).map((i: { id: string }) => i.id)).toContain(out.id);
    const failed = run('apikey', 'revoke', '00000000-0000-4000-8000-000000000000', '--json');
    expect(failed.status).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ error: 'not_found' });
  }, 180_000);
});
