import fs from 'node:fs';
import { expect, test } from './csp-guard';
import { consent, shot, waitForWebhook } from './capture-helpers';
import { APP, bearer, continueToApp, expectAccessible, receiver, signInToConsole, useApp } from './helpers';
import { E2E_MEDIA, e2eFaces, fakeCamera } from './media';

// The fake camera films a generated CNH (e2e/global-setup.ts).
test.use({ launchOptions: fakeCamera(E2E_MEDIA.documentVideo) });
test.beforeAll(async () => useApp());
test.setTimeout(120_000);

const start = async (request: Parameters<typeof bearer>[0], body: Record<string, unknown> = {}) => {
  const res = await request.post('/services/api/v1/steps/fraud', { headers: await bearer(request), data: { appRedirect: `${APP}/verified`, ...body } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { requestProcessUrl: string; requestId: string };
};

test('fraud step by camera: intro, live guide, capture, preview, no back, analysis against the selfie, success, app; result and webhook agree', async ({ page, request }, info) => {
  const hook = await receiver();
  const selfie = e2eFaces().ownerSelfie.toString('base64');
  const { requestProcessUrl, requestId } = await start(request, { selfieImage: selfie, webhookUrl: hook.url });
  await page.goto(requestProcessUrl);
  await expect(page.getByRole('heading', { name: 'Vamos confirmar que é você' })).toBeVisible();
  await expect(page.getByText(/fotografar seu documento/)).toBeVisible();
  await shot(page, info, '1-intro');
  await consent(page);
  await expect(page.getByRole('heading', { name: 'Foto do documento' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, '2-choose');
  await page.getByRole('button', { name: 'Usar a câmera' }).click();
  // The guide, computed in the browser with the server's measures and limits, finds the 1280×720 picture good and opens the shutter.
  await expect(page.getByTestId('document-guide')).toHaveAttribute('data-advice', 'ok', { timeout: 20_000 });
  await shot(page, info, '3-camera');
  const shutter = page.getByRole('button', { name: 'Fotografar', exact: true });
  await expect(shutter).toBeEnabled({ timeout: 15_000 });
  await shutter.click();
  await expect(page.getByRole('img', { name: 'Frente do documento' })).toBeVisible();
  await shot(page, info, '4-preview');
  await page.getByRole('button', { name: 'Usar esta foto' }).click();
  await expect(page.getByText('Verso do documento')).toBeVisible();
  await page.getByRole('button', { name: 'Meu documento não tem verso' }).click();
  await expect(page.getByTestId('sending')).toBeVisible();
  await shot(page, info, '5-sending');
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  await shot(page, info, '6-success');
  await continueToApp(page, 'Continuar');
  await expect(page).toHaveURL(new RegExp(`^${APP}/verified\\?requestId=${requestId}&status=APPROVED&signature=`));

  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: await bearer(request) })).json();
  expect(result.status).toBe('APPROVED');
  expect(result.fraudResponse.documentImage).toMatch(/^data:image\/jpeg;base64,/);
  expect(result.fraudResponse.extractResult.ocr.typeRecognized).toBe('CNH_FRENTE');
  expect(result.fraudResponse.faceMatchResult.isMatch).toBe(true);
  const payload = await waitForWebhook(hook.calls, requestId);
  expect(payload.data.fraudResponse.scoreResult).toEqual(result.fraudResponse.scoreResult);
  expect(JSON.stringify(payload)).not.toContain('documentImage');
  await hook.close();
});

test('fraud step by upload: a blurred photo is asked again with the reason, the good one finishes the process', async ({ page, request }, info) => {
  const { requestProcessUrl, requestId } = await start(request);
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByTestId('upload-input').setInputFiles(E2E_MEDIA.blurred);
  await page.getByRole('button', { name: 'Usar esta foto' }).click();
  await page.getByRole('button', { name: 'Meu documento não tem verso' }).click();
  const retry = page.getByTestId('retry');
  await expect(retry).toBeVisible({ timeout: 60_000 });
  await expect(retry).toContainText('Frente do documento');
  await expect(retry).toContainText('2 tentativas restantes');
  await expectAccessible(page);
  await shot(page, info, 'retry');
  await page.getByTestId('upload-input').setInputFiles(E2E_MEDIA.document);
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible({ timeout: 60_000 });
  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: await bearer(request) })).json();
  expect(result.status).toBe('APPROVED');

  // The console shows the capture and why the first attempt was asked again (an admin sees the picture). The console
  // is a desktop tool: on the phone run this part only repeated the desktop one.
  if (info.project.name === 'phone') return;
  await signInToConsole(page);
  await page.goto(`/console/steps/${requestId}`);
  await expect(page.getByTestId('capture-front')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Attempts' }).getByTestId('attempt-reasons')).toContainText(/Document front: (blurred|not_recognized)/);
  await expectAccessible(page);
});

test('offline while sending: said so (not "slow"), the photos kept, sent by themselves when the connection is back', async ({ page, request, context }) => {
  const { requestProcessUrl, requestId } = await start(request);
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByTestId('upload-input').setInputFiles(E2E_MEDIA.document);
  await page.getByRole('button', { name: 'Usar esta foto' }).click();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Meu documento não tem verso' }).click();
  await expect(page.getByTestId('unsent')).toContainText('Sem conexão com a internet');
  await expect(page.getByTestId('unsent').getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await expect(page.getByText('A conexão está lenta')).toHaveCount(0);
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible({ timeout: 60_000 });
  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: await bearer(request) })).json();
  expect(result.status).toBe('APPROVED');
});

test('fraud step: attempts run out and the process is rejected; an oversized file is refused before upload', { tag: '@one-viewport' }, async ({ page, request }, info) => {
  const { requestProcessUrl, requestId } = await start(request);
  await page.goto(requestProcessUrl);
  await consent(page);
  // 11 MB: refused in the browser with its own message.
  await page.getByTestId('upload-input').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 0xff) });
  await expect(page.getByText('O arquivo é maior que 10 MB')).toBeVisible();
  await shot(page, info, 'too-large');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.getByTestId('upload-input').setInputFiles(E2E_MEDIA.blurred);
    await page.getByRole('button', { name: attempt === 1 ? 'Usar esta foto' : 'Enviar para análise' }).click();
    if (attempt === 1) await page.getByRole('button', { name: 'Meu documento não tem verso' }).click();
    if (attempt < 3) await expect(page.getByTestId('retry')).toContainText(`${3 - attempt} ${3 - attempt === 1 ? 'tentativa restante' : 'tentativas restantes'}`, { timeout: 60_000 });
  }
  await expect(page.getByRole('heading', { name: 'Não foi possível concluir' })).toBeVisible({ timeout: 60_000 });
  await shot(page, info, 'rejected');
  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: await bearer(request) })).json();
  expect(result.status).toBe('REJECTED');
});

test('desktop to phone: the desktop shows a QR code and link, follows the phone live (opened, camera open), the phone finishes, the desktop finishes too', { tag: '@one-viewport' }, async ({ browser, request }, info) => {
  const { requestProcessUrl, requestId } = await start(request);
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, locale: 'pt-BR' });
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
  const d = await desktop.newPage();
  await d.goto(requestProcessUrl);
  await consent(d);
  // On a computer the phone is the first suggestion for the document.
  await expect(d.getByText('Recomendado: a câmera do celular')).toBeVisible();
  await d.getByRole('button', { name: 'Continuar no celular' }).click();
  await expect(d.getByRole('img', { name: 'QR code' })).toBeVisible();
  await expectAccessible(d);
  await shot(d, info, 'handoff-desktop');
  await expect(d.getByTestId('phone-state')).toHaveText('Aguardando o celular…');
  const link = await d.getByTestId('handoff-url').inputValue();
  expect(link).toMatch(new RegExp(`/p/${requestId}/`));
  const p = await phone.newPage();
  await p.goto(link);
  await expect(p.getByRole('heading', { name: 'Foto do documento' })).toBeVisible();
  await expect(p.getByRole('button', { name: 'Continuar no celular' })).toHaveCount(0); // the phone never offers itself
  // The desktop follows the phone live.
  await expect(d.getByTestId('phone-state')).toHaveText('O celular abriu o link. Continue por lá.', { timeout: 10_000 });
  // The phone opens its camera: the desktop says so.
  await p.getByRole('button', { name: 'Usar a câmera' }).click();
  await expect(d.getByTestId('phone-state')).toHaveText('O celular está com a câmera aberta…', { timeout: 10_000 });
  await expect(d.getByTestId('phone-state')).toHaveAttribute('data-phone-state', 'capturing');
  await shot(d, info, 'handoff-desktop-capturing');
  await expect(p.getByRole('button', { name: 'Fotografar', exact: true })).toBeEnabled({ timeout: 20_000 });
  await p.getByRole('button', { name: 'Fotografar', exact: true }).click();
  await p.getByRole('button', { name: 'Usar esta foto' }).click();
  await p.getByRole('button', { name: 'Meu documento não tem verso' }).click();
  // The phone says to go back to the computer; only the desktop continues to the app.
  await expect(p.getByRole('heading', { name: 'Pronto! Pode voltar ao computador' })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(p);
  await shot(p, info, 'handoff-phone-done');
  // The desktop notices by itself and shows the outcome.
  await expect(d.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible({ timeout: 20_000 });
  await shot(d, info, 'handoff-desktop-done');
  // The link was for one use: another browser opening it gets no session.
  const other = await browser.newContext({ locale: 'pt-BR' });
  const again = await other.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  // And the phone stays where it is: no trip to the app from there.
  await p.waitForTimeout(5000);
  expect(new URL(p.url()).pathname).toBe(`/p/${requestId}`);
  await Promise.all([desktop.close(), phone.close(), other.close()]);
});

test('requireLiveCapture: no upload is offered', async ({ page, request }) => {
  const { requestProcessUrl } = await start(request, { requireLiveCapture: true });
  await page.goto(requestProcessUrl);
  await consent(page);
  await expect(page.getByText('Esta verificação exige a câmera')).toBeVisible();
  await expect(page.getByTestId('upload-input')).toHaveCount(0);
  expect(fs.existsSync(E2E_MEDIA.document)).toBe(true);
});
