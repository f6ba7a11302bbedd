import { expect, test } from './csp-guard';
import { consent, shot } from './capture-helpers';
import { APP, bearer, expectAccessible, useApp } from './helpers';
import { E2E_MEDIA, fakeCamera } from './media';

// A camera exists, but nobody answers the permission prompt: the browser refuses.
test.use({ launchOptions: fakeCamera(E2E_MEDIA.documentVideo, false) });
test.beforeAll(async () => useApp());

test('camera permission denied: its own screen, with upload and (on a computer) the phone as ways forward', async ({ page, request }, info) => {
  const res = await request.post('/services/api/v1/steps/fraud', { headers: await bearer(request), data: { appRedirect: `${APP}/verified` } });
  const { requestProcessUrl } = await res.json();
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByRole('button', { name: 'Usar a câmera' }).click();
  const problem = page.locator('[data-camera-problem]');
  await expect(problem).toBeVisible({ timeout: 20_000 });
  await expect(problem).toHaveAttribute('data-camera-problem', 'denied');
  await expect(page.getByRole('heading', { name: 'Sem permissão para a câmera' })).toBeVisible();
  await expect(page.getByTestId('upload-input')).toHaveCount(1);
  // A phone does not offer to continue on a phone.
  await expect(page.getByRole('button', { name: 'Continuar no celular' })).toHaveCount(info.project.name === 'phone' ? 0 : 1);
  await expectAccessible(page);
  await shot(page, info, 'denied');
});
