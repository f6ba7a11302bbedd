import { expect, test } from './csp-guard';
import { consent, shot, waitForWebhook } from './capture-helpers';
import { APP, bearer, expectAccessible, receiver, useApp } from './helpers';
import { E2E_MEDIA, fakeCamera } from './media';

// The fake camera films a person looking ahead, then turning to his right (the e2e server asks only for turn_right).
test.use({ launchOptions: fakeCamera(E2E_MEDIA.faceVideo) });
test.beforeAll(async () => useApp());
test.setTimeout(150_000);

test('liveness step: tips, oval guide, the movement recorded, review, server decides, success; result and webhook agree', async ({ page, request }, info) => {
  const hook = await receiver();
  const auth = await bearer(request);
  const started = await request.post('/services/api/v1/steps/liveness', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/verified`, webhookUrl: hook.url } });
  expect(started.status()).toBe(200);
  const { requestProcessUrl, requestId } = await started.json();
  await page.goto(requestProcessUrl);
  await expect(page.getByText(/selfie em vídeo curto/)).toBeVisible();
  await consent(page);
  await expect(page.getByRole('heading', { name: 'Selfie ao vivo' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, '1-tips');
  await page.getByRole('button', { name: 'Abrir a câmera' }).click();
  await expect(page.getByTestId('selfie-guide')).toBeVisible();
  await shot(page, info, '2-camera');
  // Recording starts by itself once the face is steady; the review comes after it.
  const review = page.getByRole('img', { name: 'Confira a selfie' });
  await expect(review).toBeVisible({ timeout: 90_000 });
  info.annotations.push({ type: 'recorded', description: `${await review.getAttribute('data-frames')} frames, yaw ${await review.getAttribute('data-yaws')}` });
  console.log('recorded', await review.getAttribute('data-frames'), await review.getAttribute('data-yaws'));
  await shot(page, info, '3-review');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible({ timeout: 60_000 });
  await shot(page, info, '4-success');
  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: auth })).json();
  expect(result.status).toBe('APPROVED');
  expect(result.livenessResponse).toMatchObject({ requestId, isAlive: true, selfieImage: expect.stringMatching(/^data:image\/jpeg;base64,/) });
  const payload = await waitForWebhook(hook.calls, requestId);
  expect(payload.data.livenessResponse.isAlive).toBe(true);
  expect(JSON.stringify(payload)).not.toContain('selfieImage');
  await hook.close();
});
