import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './csp-guard';
import { APP, bearer, expectAxeClean, receiver, signInToConsole, uniquePhone, useApp } from './helpers';

test.beforeAll(async () => useApp());

const tag = () => crypto.randomBytes(3).toString('hex');

/** A delivered step.canceled event: a validation process with a webhook to a local receiver, canceled. */
async function deliveredEvent(request: APIRequestContext) {
  const auth = await bearer(request);
  const hook = await receiver();
  const started = await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/done`, cellphone: uniquePhone(), webhookUrl: hook.url } });
  expect(started.status()).toBe(200);
  const { requestId } = await started.json();
  expect((await request.post(`/services/api/v1/steps/${requestId}/cancel`, { headers: auth })).status()).toBe(200);
  await expect.poll(() => hook.calls.length, { timeout: 20_000 }).toBe(1);
  const log = await (await request.get(`/services/api/v1/webhooks/events?subjectId=${requestId}`, { headers: auth })).json();
  return { hook, requestId, eventId: log.events[0].id as string };
}

/** The API key's effect on an x-api-key API: an unknown process is 404 with a good key, 401 with a bad one. */
const keyStatus = async (request: APIRequestContext, key: string) =>
  (await request.get('/onboarding/api/v1/steps/result/00000000-0000-4000-8000-000000000000', { headers: { 'x-api-key': key } })).status();

test.describe('console: webhooks, API keys, users and roles', () => {
  test('redeliver an event: the new attempt reaches the receiver and its outcome is announced', async ({ page, request }) => {
    const { hook, requestId, eventId } = await deliveredEvent(request);
    await signInToConsole(page);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByTestId('signing-secret')).toHaveText(/^whsec_•+$/);
    await expectAxeClean(page);

    await page.getByRole('button', { name: `Open event ${eventId}` }).click();
    const detail = page.getByTestId('event-detail');
    await expect(detail.getByRole('region', { name: 'Payload JSON' })).toContainText(requestId);
    await expect(detail.getByTestId('attempts').getByRole('row')).toHaveCount(1);
    await expectAxeClean(page);

    await detail.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByTestId('redeliver-outcome')).toHaveText(/^Redelivered: the receiver answered 204 in \d+ ms\.$/, { timeout: 30_000 });
    expect(hook.calls).toHaveLength(2);
    expect(hook.calls[1]!.headers['webhook-id']).toBe(hook.calls[0]!.headers['webhook-id']);
    await expect(detail.getByTestId('attempts').getByRole('row')).toHaveCount(2);
    await expect(detail.getByTestId('attempts')).toContainText('redelivery');
    await hook.close();
  });

  test('an endpoint added in the console hears every event of its types; paused, it hears nothing; removed, it is gone', async ({ page, request }) => {
    const auth = await bearer(request);
    const hook = await receiver();
    await signInToConsole(page);
    await page.goto('/console/webhooks');
    await page.getByLabel('Endpoint URL').fill(hook.url);
    await page.getByRole('checkbox', { name: 'onboarding.status_changed' }).uncheck();
    await page.getByRole('checkbox', { name: 'step.canceled' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Added ${hook.url}.` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: hook.url });
    await expect(row).toContainText('step.canceled');
    await expectAxeClean(page);

    // A process with no webhookUrl of its own: the subscription alone hears its cancellation.
    const cancelOne = async () => {
      const started = await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/done`, cellphone: uniquePhone() } });
      const { requestId } = await started.json();
      expect((await request.post(`/services/api/v1/steps/${requestId}/cancel`, { headers: auth })).status()).toBe(200);
      return requestId as string;
    };
    const first = await cancelOne();
    await expect.poll(() => hook.calls.length, { timeout: 20_000 }).toBe(1);
    expect(JSON.parse(hook.calls[0]!.body)).toMatchObject({ type: 'step.canceled', sequence: expect.any(Number), data: { requestId: first, status: 'CANCELED' } });

    await row.getByRole('button', { name: `Pause ${hook.url}` }).click();
    await expect(row).toContainText('paused');
    await cancelOne();
    await new Promise((r) => setTimeout(r, 1500));
    expect(hook.calls).toHaveLength(1);
    await row.getByRole('button', { name: `Remove ${hook.url}` }).click();
    await expect(page.getByRole('row').filter({ hasText: hook.url })).toHaveCount(0);
    await hook.close();
  });

  test('rotate an API key: the new key is shown once, works, and the old one stops', async ({ page, request }) => {
    await signInToConsole(page);
    await page.goto('/console/access');
    await expect(page.getByRole('heading', { name: 'API keys and users', level: 1 })).toBeVisible();
    await expectAxeClean(page);
    const name = `e2e-${tag()}`;
    await page.getByLabel('New key name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: `API key ${name} created` });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);
    const oldKey = await dialog.getByTestId('secret-once').inputValue();
    expect(oldKey).toMatch(/^atk_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await keyStatus(request, oldKey)).toBe(404);

    await page.getByRole('button', { name: `Rotate key ${name}` }).click();
    await page.getByRole('dialog', { name: `Rotate key ${name}?` }).getByRole('button', { name: 'Rotate' }).click();
    const rotated = page.getByRole('dialog', { name: `API key ${name} rotated` });
    const newKey = await rotated.getByTestId('secret-once').inputValue();
    expect(newKey).toMatch(/^atk_/);
    expect(newKey).not.toBe(oldKey);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('api-keys-panel').getByRole('status')).toHaveText(`API key ${name} rotated.`);
    expect(await keyStatus(request, oldKey)).toBe(401);
    expect(await keyStatus(request, newKey)).toBe(404);

    // Never shown again: not on the page, not after a reload (only the prefix is listed).
    await expect(page.locator('body')).not.toContainText(newKey);
    await page.reload();
    await expect(page.getByTestId('api-keys-panel')).toContainText(newKey.slice(0, 12));
    expect(await page.content()).not.toContain(newKey);
  });

  test('a viewer sees no admin buttons, and the API refuses them anyway', async ({ page, browser, baseURL, request }) => {
    // An event to open, whatever ran before.
    await (await deliveredEvent(request)).hook.close();
    await signInToConsole(page);
    await page.goto('/console/access');
    const username = `viewer.${tag()}`;
    const password = `viewer-pass-${tag()}-x`;
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByLabel('Initial password (optional)').fill(password);
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByTestId('users-panel').getByRole('status')).toHaveText(`User ${username} created.`);
    await expect(page.getByLabel(`Role of ${username}`, { exact: true })).toHaveValue('viewer');

    const context = await browser.newContext({ baseURL });
    const viewer = await context.newPage();
    await signInToConsole(viewer, { username, password });
    await expect(viewer.getByText(`${username} · viewer`)).toBeVisible();

    await viewer.goto('/console/webhooks');
    await expect(viewer.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    for (const name of ['Reveal', 'Rotate secret']) await expect(viewer.getByRole('button', { name })).toHaveCount(0);
    const open = viewer.getByRole('button', { name: /^Open event / }).first();
    await open.click();
    await expect(viewer.getByTestId('event-detail')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Redeliver' })).toHaveCount(0);
    await expectAxeClean(viewer);

    await viewer.goto('/console/access');
    await expect(viewer.getByRole('heading', { name: 'API keys and users', level: 1 })).toBeVisible();
    for (const name of ['Create key', 'Create client', 'Create user', /^Rotate /, /^Revoke /, /^Save the role/]) await expect(viewer.getByRole('button', { name })).toHaveCount(0);
    await expectAxeClean(viewer);

    // The browser's own session, with this site's Origin: the server says no.
    const origin = { origin: new URL(baseURL!).origin };
    const refused = [
      await viewer.request.post('/services/api/v1/api-keys', { headers: origin, data: { name: 'nope' } }),
      await viewer.request.post('/services/api/v1/webhooks/secret/rotate', { headers: origin }),
      await viewer.request.post('/services/api/v1/users', { headers: origin, data: { username: `x.${tag()}`, role: 'admin' } }),
      await viewer.request.get('/services/api/v1/webhooks/secret'),
    ];
    for (const res of refused) {
      expect(res.status()).toBe(403);
      expect((await res.json()).code).toBe('forbidden_role');
    }
    expect((await viewer.request.get('/services/api/v1/api-keys')).status()).toBe(200);
    await context.close();
  });
});
