import { expect, test } from './csp-guard';
import { consent, shot } from './capture-helpers';
import { APP, bearer, expectAccessible, useApp } from './helpers';
import { E2E_MEDIA, fakeCamera } from './media';

// The fake camera films a photo held still: the guide is satisfied, the server is not.
test.use({ launchOptions: fakeCamera(E2E_MEDIA.stillFaceVideo) });
test.beforeAll(async () => useApp());
test.setTimeout(120_000);

test('liveness step: a still photo in front of the camera is refused with guidance, and the person may try again', { tag: '@one-viewport' }, async ({ page, request }, info) => {
  const auth = await bearer(request);
  const { requestProcessUrl, requestId } = await (await request.post('/services/api/v1/steps/liveness', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/verified` } })).json();
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByRole('button', { name: 'Abrir a câmera' }).click();
  await expect(page.getByTestId('selfie-guide')).toHaveAttribute('data-guide', /^(turn_left|turn_right|come_closer)$/, { timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Confira a selfie' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Enviar' }).click();
  const retry = page.getByTestId('retry');
  await expect(retry).toBeVisible({ timeout: 60_000 });
  await expect(retry).toContainText('2 tentativas restantes');
  await expect(page.getByRole('button', { name: 'Abrir a câmera' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'still-refused');
  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: auth })).json();
  expect(result.status).not.toBe('APPROVED');
});
