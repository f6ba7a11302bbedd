import { expect, test } from './csp-guard';
import { consent, shot } from './capture-helpers';
import { APP, bearer, expectAccessible, useApp } from './helpers';
import { E2E_MEDIA, fakeCamera } from './media';

// The fake camera films a document lying still: its small portrait sits off the oval, so the selfie never starts by itself.
test.use({ launchOptions: fakeCamera(E2E_MEDIA.documentVideo) });
test.beforeAll(async () => useApp());
test.setTimeout(120_000);

// One viewport: the panel is one component on both; that a phone never offers itself is checked by the camera-denied and
// hand-off tests on the phone viewport (this one took 23 s more of CI there).
test('liveness step: no usable face for 45 s: the person is told what to do and offered to start anyway, try again or the phone', { tag: '@one-viewport' }, async ({ page, request }, info) => {
  const auth = await bearer(request);
  const { requestProcessUrl } = await (await request.post('/services/api/v1/steps/liveness', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/verified` } })).json();
  await page.clock.install();
  await page.goto(requestProcessUrl);
  await consent(page);
  await page.getByRole('button', { name: 'Abrir a câmera' }).click();
  const guide = page.getByTestId('selfie-guide');
  await expect(page.getByTestId('selfie-time-left')).toHaveText('45 s para começar', { timeout: 20_000 });
  await expect(guide).toHaveAttribute('data-tracker', 'ready', { timeout: 20_000 });
  await expect(guide).toHaveAttribute('data-guide', /^(none|center|closer)$/, { timeout: 10_000 });
  await expect(page.getByTestId('selfie-stuck')).toHaveCount(0);
  await page.clock.fastForward(46_000);
  const stuck = page.getByTestId('selfie-stuck');
  await expect(stuck).toBeVisible();
  await expect(stuck).toContainText('Ainda não conseguimos começar');
  await expect(page.getByRole('button', { name: 'Continuar no celular' })).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, info, 'stuck');
  // Try again: the clock starts over.
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(stuck).toHaveCount(0);
  await expect(page.getByTestId('selfie-time-left')).toBeVisible();
  await page.clock.fastForward(46_000);
  // Start anyway: the movement is asked and recorded (the server will judge it).
  await page.getByRole('button', { name: 'Começar mesmo assim' }).click();
  await expect(guide).toHaveAttribute('data-guide', /^(turn_left|turn_right|come_closer)$/);
  await expect(page.getByRole('img', { name: 'Confira a selfie' })).toBeVisible({ timeout: 30_000 });
});
