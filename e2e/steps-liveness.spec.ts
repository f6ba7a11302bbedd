import type { Response } from '@playwright/test';
import { expect, test } from './csp-guard';
import { consent, shot, waitForWebhook } from './capture-helpers';
import { APP, bearer, expectAccessible, receiver, useApp } from './helpers';
import { E2E_MEDIA, fakeCamera } from './media';

// The fake camera films a person looking ahead, then turning to his right (the e2e server asks only for turn_right), at 640×480.
test.use({ launchOptions: fakeCamera(E2E_MEDIA.faceVideo) });
test.beforeAll(async () => useApp());
test.setTimeout(150_000);

/** The whole selfie step may transfer at most this (issue 24: a light selfie camera). */
const TRANSFER_LIMIT = 1.2 * 1024 * 1024;

test('liveness step: tips, an instruction at once, progress, the movement recorded at the first try, review, success; light on the wire; result and webhook agree', async ({ page, request }, info) => {
  const hook = await receiver();
  const auth = await bearer(request);
  const started = await request.post('/services/api/v1/steps/liveness', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/verified`, webhookUrl: hook.url } });
  expect(started.status()).toBe(200);
  const { requestProcessUrl, requestId } = await started.json();
  // Every response of the step, from the first page to the success page: what went over the wire.
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto(requestProcessUrl);
  await expect(page.getByText(/selfie em vídeo curto/)).toBeVisible();
  await consent(page);
  await expect(page.getByRole('heading', { name: 'Selfie ao vivo' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, '1-tips');
  await page.getByRole('button', { name: 'Abrir a câmera' }).click();
  const guide = page.getByTestId('selfie-guide');
  await expect(page.getByRole('progressbar', { name: 'Andamento da selfie' })).toBeVisible({ timeout: 20_000 });
  const cameraAt = Date.now();
  // An instruction, not "getting ready", within 3 s of the camera running.
  await expect(guide).not.toHaveAttribute('data-guide', 'loading', { timeout: 3_000 });
  const firstInstructionMs = Date.now() - cameraAt;
  // The camera screen checked at once: with a fast tracker the movement can be asked and recorded within seconds.
  await shot(page, info, '2-camera');
  await expectAccessible(page);
  await expect(guide).toHaveAttribute('data-tracker', 'ready', { timeout: 20_000 });
  const trackerMs = Date.now() - cameraAt;
  const trackerBackend = await guide.getAttribute('data-tracker-backend');
  // The movement is asked once the face holds steady.
  // Within the start limit (45 s): on a loaded machine the page's tracker looks once every few seconds.
  await expect(guide).toHaveAttribute('data-guide', /^(turn_left|turn_right|come_closer)$/, { timeout: 40_000 });
  const promptMs = Date.now() - cameraAt;
  await expect(page.getByTestId('selfie-progress')).toHaveAttribute('data-stage', '1');
  const review = page.getByRole('img', { name: 'Confira a selfie' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  console.log(`selfie: tracker backend ${trackerBackend}, first instruction ${firstInstructionMs} ms, face tracker ready ${trackerMs} ms, movement asked ${promptMs} ms after the camera started; recorded ${await review.getAttribute('data-frames')} frames, yaw ${await review.getAttribute('data-yaws')}`);
  await shot(page, info, '3-review');
  await page.getByRole('button', { name: 'Enviar' }).click();
  // Accepted at the first try: no retry on the way.
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('retry')).toHaveCount(0);
  await shot(page, info, '4-success');

  // The tracker and its model: compressed, cached for a year; the selfie step as a whole within the limit.
  const vendor = responses.filter((r) => new URL(r.url()).pathname.startsWith('/vendor/'));
  // The WebAssembly kernels (with or without SIMD) only where the browser has no WebGL, as this headless Chromium.
  const names = vendor.map((r) => new URL(r.url()).pathname.split('/').pop()!);
  const kernels = names.filter((n) => n.endsWith('.wasm'));
  expect(names.filter((n) => !n.endsWith('.wasm')).sort()).toEqual(['blazeface.bin', 'blazeface.json', 'human.esm.js']);
  expect(kernels.length).toBe(trackerBackend === 'wasm' ? 1 : 0);
  for (const k of kernels) expect(['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm']).toContain(k);
  for (const r of vendor) {
    const h = await r.allHeaders();
    expect(h['content-encoding'], r.url()).toMatch(/^(br|gzip)$/);
    expect(h['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  const sizes = await Promise.all(responses.map(async (r) => ({ url: new URL(r.url()).pathname, ...(await r.request().sizes()) })));
  const transferred = sizes.reduce((s, x) => s + x.responseBodySize + x.responseHeadersSize, 0);
  const tracker = sizes.filter((x) => x.url.startsWith('/vendor/')).reduce((s, x) => s + x.responseBodySize + x.responseHeadersSize, 0);
  console.log(`selfie step transferred: ${(transferred / 1024).toFixed(0)} kB in ${sizes.length} responses (face tracker ${(tracker / 1024).toFixed(0)} kB)`);
  info.annotations.push({ type: 'selfie-step transfer', description: `${(transferred / 1024).toFixed(0)} kB (tracker ${(tracker / 1024).toFixed(0)} kB); first instruction ${firstInstructionMs} ms; movement asked after ${promptMs} ms` });
  expect(transferred).toBeLessThanOrEqual(TRANSFER_LIMIT);

  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: auth })).json();
  expect(result.status).toBe('APPROVED');
  expect(result.livenessResponse).toMatchObject({ requestId, isAlive: true, selfieImage: expect.stringMatching(/^data:image\/jpeg;base64,/) });
  const payload = await waitForWebhook(hook.calls, requestId);
  expect(payload.data.livenessResponse.isAlive).toBe(true);
  expect(JSON.stringify(payload)).not.toContain('selfieImage');
  await hook.close();
});

test('liveness step offline while sending: said so, the recording kept, sent by itself when the connection is back', { tag: '@one-viewport' }, async ({ page, request, context }) => {
  const auth = await bearer(request);
  const { requestProcessUrl, requestId } = await (await request.post('/services/api/v1/steps/liveness', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/verified` } })).json();
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByRole('button', { name: 'Abrir a câmera' }).click();
  await expect(page.getByRole('img', { name: 'Confira a selfie' })).toBeVisible({ timeout: 60_000 });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Enviar' }).click();
  const unsent = page.getByTestId('unsent');
  await expect(unsent).toContainText('Sem conexão com a internet');
  await expect(unsent).toHaveAttribute('data-unsent', 'offline');
  await expect(page.getByRole('img', { name: 'Confira a selfie' })).toBeVisible();
  await expect(page.getByText('A conexão está lenta')).toHaveCount(0);
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible({ timeout: 60_000 });
  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: auth })).json();
  expect(result.status).toBe('APPROVED');
});
