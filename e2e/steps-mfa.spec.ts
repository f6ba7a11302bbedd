import { expect, test } from './csp-guard';
import { E2E_DEMO } from '../playwright.config';
import { APP, bearer, expectAccessible, latestCode, useApp } from './helpers';

test.beforeAll(async () => useApp());

test('MFA with the API key: the person chooses e-mail, types the code, and the 2.4 result says so', async ({ page, request }) => {
  const email = `pessoa.${Date.now()}@example.com`;
  const started = await request.post('/onboarding/api/v1/steps/mfa', {
    headers: { 'x-api-key': E2E_DEMO.apiKey },
    data: { cpf: '52998224725', appRedirect: `${APP}/mfa`, cellphone: '11987650000', email },
  });
  expect(started.status()).toBe(200);
  const { requestProcessUrl, requestId } = await started.json();

  await page.goto(requestProcessUrl);
  await page.getByLabel('Li e concordo com o uso dos meus dados para esta verificação.').check();
  await page.getByRole('button', { name: 'Começar' }).click();
  await expect(page.getByRole('group', { name: 'Onde você quer receber o código?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/E-mail para/).check();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText(/p•••@example\.com/)).toBeVisible();
  await page.getByLabel('Código de 6 dígitos').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible();

  const result = await request.get(`/onboarding/api/v1/steps/result/${requestId}`, { headers: { 'x-api-key': E2E_DEMO.apiKey } });
  expect(await result.json()).toMatchObject({ requestId, status: 'APPROVED', details: { isCodeValid: true, channel: 'email' }, finishedAt: expect.any(String) });
  // Another integrator (here: a wrong key) cannot read it.
  expect((await request.get(`/onboarding/api/v1/steps/result/${requestId}`, { headers: { 'x-api-key': 'atk_wrong_key_000000000000' } })).status()).toBe(401);
  const auth = await bearer(request);
  expect((await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: auth })).status()).toBe(200);
});

test('MFA: after choosing e-mail the person can switch to SMS (once the resend wait is over) and finish with the SMS code', { tag: '@one-viewport' }, async ({ page, request }) => {
  const email = `troca.${Date.now()}@example.com`;
  const phone = `119${String(Date.now()).slice(-8)}`;
  const started = await request.post('/onboarding/api/v1/steps/mfa', { headers: { 'x-api-key': E2E_DEMO.apiKey }, data: { cpf: '52998224725', appRedirect: `${APP}/mfa`, cellphone: phone, email } });
  const { requestProcessUrl, requestId } = await started.json();
  await page.goto(requestProcessUrl);
  await page.getByLabel('Li e concordo com o uso dos meus dados para esta verificação.').check();
  await page.getByRole('button', { name: 'Começar' }).click();
  await page.getByLabel(/E-mail para/).check();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const toSms = page.getByRole('button', { name: /Receber por SMS em/ });
  await expect(toSms).toBeVisible();
  await expect(toSms).toBeEnabled({ timeout: 10_000 }); // the resend cooldown (3 s here)
  await expectAccessible(page);
  await toSms.click();
  await expect(page.getByRole('button', { name: /Receber por e-mail em/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`•••••-${phone.slice(-4)}`)).first()).toBeVisible();
  await page.getByLabel('Código de 6 dígitos').fill(await latestCode(request, phone));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible();
  const result = await (await request.get(`/onboarding/api/v1/steps/result/${requestId}`, { headers: { 'x-api-key': E2E_DEMO.apiKey } })).json();
  expect(result.details).toMatchObject({ isCodeValid: true, channel: 'sms' });
});
