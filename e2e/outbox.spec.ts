import { spawnSync } from 'node:child_process';
import { expect, test } from './csp-guard';
import { E2E_DATA_DIR } from '../playwright.config';

test('the local outbox page shows a code sent by SMS, filterable by phone', async ({ page, request }) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/fixtures/queue-message.ts', '21999887766', '246810'], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);

  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Local outbox' })).toBeVisible();
  await expect(page.getByText('Seu código Atesta é 246810. Não compartilhe. Válido por 10 min.')).toBeVisible();
  await page.getByLabel('Phone or e-mail').fill('(21) 99988-7766');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/to=/);
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(1);

  const api = await request.get('/dev/outbox/messages?to=21999887766');
  const body = await api.json();
  expect(body.messages[0]).toMatchObject({ to: '21999887766', channel: 'sms', body: expect.stringContaining('246810') });
});
