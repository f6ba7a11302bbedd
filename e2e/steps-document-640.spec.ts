import { expect, test } from './csp-guard';
import { consent, shot } from './capture-helpers';
import { APP, bearer, expectAccessible, useApp } from './helpers';
import { E2E_MEDIA, fakeCamera } from './media';

// A 640×480 webcam with the card filling the guide's frame (issue 24: the guide said "Ótimo" and the server "pequeno").
test.use({ launchOptions: fakeCamera(E2E_MEDIA.document640Video) });
test.beforeAll(async () => useApp());
test.setTimeout(120_000);

test('document by a 640×480 webcam: the guide goes green, and the server takes that picture at the first try and reads it', { tag: '@one-viewport' }, async ({ page, request }, info) => {
  const auth = await bearer(request);
  const { requestProcessUrl, requestId } = await (await request.post('/services/api/v1/steps/fraud', { headers: auth, data: { appRedirect: `${APP}/verified` } })).json();
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByRole('button', { name: 'Usar a câmera' }).click();
  await expect(page.getByTestId('document-guide')).toHaveAttribute('data-advice', 'ok', { timeout: 20_000 });
  await expectAccessible(page);
  await shot(page, info, 'green-640');
  await page.getByRole('button', { name: 'Fotografar', exact: true }).click();
  await page.getByRole('button', { name: 'Usar esta foto' }).click();
  await page.getByRole('button', { name: 'Meu documento não tem verso' }).click();
  // No retry on the way: the success page, or the rejection page if the fraud engine refused the capture (it does not
  // leave for the app by itself: a rejection is read).
  await expect(page.getByRole('heading', { name: /Verificação concluída|Não foi possível concluir/ })).toBeVisible({ timeout: 60_000 });
  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: auth })).json();
  // The picture was taken (no retry) and read; approval is the fraud engine's decision on it (at 640×480 its
  // forensic rules score genuine documents low: a known limit, docs/steps.md).
  expect(['APPROVED', 'REJECTED']).toContain(result.status);
  expect(result.fraudResponse.extractResult.ocr.typeRecognized).toBe('CNH_FRENTE');
});

test('after the server could not read a side, the guide asks for a bigger card before it goes green', { tag: '@one-viewport' }, async ({ page, request }) => {
  const auth = await bearer(request);
  const { requestProcessUrl } = await (await request.post('/services/api/v1/steps/fraud', { headers: auth, data: { appRedirect: `${APP}/verified` } })).json();
  await page.goto(requestProcessUrl);
  await consent(page);
  // A picture with the card small in it: the server asks for the front again, saying what to change.
  await page.getByTestId('upload-input').setInputFiles(E2E_MEDIA.smallDocument);
  await page.getByRole('button', { name: 'Usar esta foto' }).click();
  await page.getByRole('button', { name: 'Meu documento não tem verso' }).click();
  const retry = page.getByTestId('retry');
  await expect(retry).toBeVisible({ timeout: 60_000 });
  await expect(retry).toContainText(/pequeno na foto|Não conseguimos reconhecer o documento/);
  // The same 640×480 webcam that went green before: now the guide wants the card bigger than this camera shows it.
  await page.getByRole('button', { name: 'Usar a câmera' }).click();
  const guide = page.getByTestId('document-guide');
  await expect(guide).toHaveAttribute('data-advice', 'closer', { timeout: 20_000 });
  await expect(guide).toHaveText('Aproxime o documento até ele ocupar toda a moldura.');
  await page.waitForTimeout(1500);
  await expect(guide).toHaveAttribute('data-advice', 'closer');
  await expectAccessible(page);
});
