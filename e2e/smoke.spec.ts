import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './csp-guard';
import { E2E_DATA_DIR, E2E_DEMO } from '../playwright.config';

test('the home page renders', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Atesta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the API reference' })).toBeVisible();
});

test('the favicon is served, and <html lang> follows the page', async ({ page, request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
  await page.goto('/docs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the API reference lists the authentication endpoint and the error codes', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('/services/api/v1/authentication', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Errors' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'invalid_cpf', exact: true })).toBeVisible();
});

test('the demo integrator created from ATESTA_DEMO_* logs in through the real server', async ({ request }) => {
  const login = await request.post('/services/api/v1/authentication', { data: { username: E2E_DEMO.username, password: E2E_DEMO.password } });
  expect(login.status()).toBe(200);
  const tokens = await login.json();
  const keys = await request.get('/services/api/v1/api-keys', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(keys.status()).toBe(200);
  // Other specs (the console's) add keys on the same server: the demo key is among them.
  expect((await keys.json()).keys.map((k: { prefix: string }) => k.prefix)).toContain(E2E_DEMO.apiKey.slice(0, 12));
  const unknown = await request.get('/onboarding/api/v1/nothing');
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-type']).toBe('application/problem+json');
  expect(unknown.headers()['x-request-id']).toBeTruthy();
});

test('the admin CLI works while the server holds the embedded database', async () => {
  const result = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', 'integrator', 'list', '--json'], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout).map((i: { name: string }) => i.name)).toContain('Demo integrator');
});
