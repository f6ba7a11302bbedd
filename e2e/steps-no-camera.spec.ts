import { expect, test } from './csp-guard';
import { consent } from './capture-helpers';
import { APP, bearer, expectAccessible, useApp } from './helpers';
import { noCamera } from './media';

// A device without any camera.
test.use({ launchOptions: noCamera() });
test.beforeAll(async () => useApp());

test('no camera: the selfie step says so and never downloads the face tracker', async ({ page, request }) => {
  const { requestProcessUrl } = await (await request.post('/services/api/v1/steps/liveness', { headers: await bearer(request), data: { cpf: '52998224725', appRedirect: `${APP}/verified` } })).json();
  const vendor: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/vendor/')) vendor.push(r.url());
  });
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByRole('button', { name: 'Abrir a câmera' }).click();
  const problem = page.locator('[data-camera-problem]');
  await expect(problem).toBeVisible({ timeout: 20_000 });
  await expect(problem).toHaveAttribute('data-camera-problem', 'none');
  await expect(page.getByRole('heading', { name: 'Nenhuma câmera encontrada' })).toBeVisible();
  await expectAccessible(page);
  await page.waitForLoadState('networkidle');
  expect(vendor).toEqual([]);
});
