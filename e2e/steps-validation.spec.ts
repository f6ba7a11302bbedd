import { expect, test } from './csp-guard';
import { Webhook } from 'standardwebhooks';
import { APP, bearer, expectAccessible, fixture, latestCode, receiver, uniquePhone, useApp } from './helpers';
import crypto from 'node:crypto';

test.beforeAll(async () => useApp());

function signatureOk(secret: string, requestId: string, status: string, signature: string | null) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return signature === crypto.createHmac('sha256', key).update(`${requestId}.${status}`).digest('hex');
}

test('SMS validation: intro, wrong then right code, back to the app with a valid signature; result and webhook agree', async ({ page, request, browser }) => {
  const auth = await bearer(request);
  const hook = await receiver();
  const phone = uniquePhone();
  const started = await request.post('/services/api/v1/steps/validation', {
    headers: auth,
    data: { cpf: '52998224725', appRedirect: `${APP}/verified`, cellphone: phone, webhookUrl: hook.url, webhookBasicAuth: 'acme:pw' },
  });
  expect(started.status()).toBe(200);
  const { requestProcessUrl, requestId } = await started.json();

  await page.goto(requestProcessUrl);
  await expect(page).toHaveURL(new RegExp(`/p/${requestId}$`)); // the secret left the address bar
  await expect(page.getByRole('heading', { name: 'Vamos confirmar que é você' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Começar' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Marque a caixa para continuar.');
  await page.getByLabel('Li e concordo com o uso dos meus dados para esta verificação.').check();
  await page.getByRole('button', { name: 'Começar' }).click();

  await expect(page.getByRole('heading', { name: 'Digite o código' })).toBeVisible();
  await expect(page.getByText(`(${phone.slice(0, 2)}) •••••-${phone.slice(-4)}`)).toBeVisible();
  const input = page.getByLabel('Código de 6 dígitos');
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: /Reenviar código em \d+ s/ })).toBeDisabled();
  await expectAccessible(page);

  const code = await latestCode(request, phone);
  await input.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Código incorreto. Confira o código recebido e digite de novo.');
  await expect(page.getByText('4 tentativas restantes')).toBeVisible(); // said once, under the field
  await input.fill(code);
  await page.getByRole('button', { name: 'Confirmar' }).click();

  await expect(page.getByRole('heading', { name: 'Verificação concluída' })).toBeVisible();
  // The page would take the person back by itself after a countdown, which they can stop (WCAG 2.2.1).
  await expect(page.getByTestId('auto-continue')).toHaveText(/^Voltando ao aplicativo em \d s\.$/);
  await page.getByRole('button', { name: 'Ficar nesta página' }).click();
  await expect(page.getByTestId('auto-continue')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continuar' })).toBeFocused(); // the pressed button is gone: focus is not dropped on <body>
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Back in the app' })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.origin + landed.pathname).toBe(`${APP}/verified`);
  expect(landed.searchParams.get('requestId')).toBe(requestId);
  expect(landed.searchParams.get('status')).toBe('APPROVED');
  const secret = (await (await request.get('/services/api/v1/webhooks/secret', { headers: auth })).json()).webhookSecret;
  expect(signatureOk(secret, requestId, 'APPROVED', landed.searchParams.get('signature'))).toBe(true);

  const result = await (await request.get(`/services/api/v1/steps/result/${requestId}`, { headers: auth })).json();
  expect(result).toMatchObject({ status: 'APPROVED', validationResponse: { requestId, phoneNumber: Number(phone), isCodeValid: true } });
  await expect.poll(() => hook.calls.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const call = hook.calls[0]!;
  const payload = new Webhook(secret).verify(call.body, call.headers as Record<string, string>) as { type: string; data: unknown };
  expect(payload.type).toBe('step.completed');
  expect(payload.data).toEqual(result);
  expect(call.headers.authorization).toBe(`Basic ${Buffer.from('acme:pw').toString('base64')}`);
  await hook.close();

  // Replaying the finished link elsewhere (a forwarded link, another device) shows only the finished page.
  const other = await browser.newContext({ locale: 'pt-BR' });
  const replay = await other.newPage();
  await replay.goto(requestProcessUrl);
  await expect(replay.getByRole('heading', { name: 'Este processo já foi concluído' })).toBeVisible();
  await expectAccessible(replay);
  await other.close();
});

test('five wrong codes reject the process and the person returns with status REJECTED', { tag: '@one-viewport' }, async ({ page, request }) => {
  const auth = await bearer(request);
  const phone = uniquePhone();
  const { requestProcessUrl, requestId } = await (await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/back`, cellphone: phone, useIntroPage: false } })).json();
  await page.goto(requestProcessUrl);
  const code = await latestCode(request, phone);
  const wrong = code === '123123' ? '321321' : '123123';
  const input = page.getByLabel('Código de 6 dígitos');
  for (const left of [4, 3, 2, 1]) {
    await input.fill(wrong);
    await input.press('Enter'); // keyboard only
    await expect(page.getByText(`${left} ${left === 1 ? 'tentativa restante' : 'tentativas restantes'}`)).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Código incorreto. Confira o código recebido e digite de novo.');
  }
  await input.fill(wrong);
  await input.press('Enter');
  await expect(page.getByRole('heading', { name: 'Não foi possível verificar' })).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByText('não pode mais ser usado')).toBeVisible(); // no "try again later" on a link that cannot work again
  await expect(page.getByTestId('auto-continue')).toHaveCount(0); // a rejection is read, not left by itself
  await page.getByRole('link', { name: 'Voltar ao aplicativo' }).click();
  await expect(page).toHaveURL(new RegExp(`^${APP}/back\\?requestId=${requestId}&status=REJECTED&signature=[0-9a-f]{64}$`));
});

test('without a success page the person goes straight back to the app; English via ?lang=en', async ({ page, request }) => {
  const auth = await bearer(request);
  const phone = uniquePhone();
  const { requestProcessUrl } = await (await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/fast`, cellphone: phone, useSuccessPage: false } })).json();
  await page.goto(`${requestProcessUrl}?lang=en`);
  await expect(page.getByRole('heading', { name: "Let's confirm it's you" })).toBeVisible();
  await page.getByLabel('I have read and agree to the use of my data for this verification.').check();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('6-digit code').fill(await latestCode(request, phone));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`^${APP}/fast\\?requestId=.*&status=APPROVED`));
});

test('expired, canceled and invalid links show their own pages', { tag: '@one-viewport' }, async ({ page, request }) => {
  const auth = await bearer(request);
  const start = async () => (await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/x`, cellphone: uniquePhone() } })).json();
  const expiring = await start();
  fixture('expire-process.ts', expiring.requestId);
  await page.goto(expiring.requestProcessUrl);
  await expect(page.getByRole('heading', { name: 'Este link expirou' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao aplicativo' })).toHaveAttribute('href', `${APP}/x`); // no dead end
  await expectAccessible(page);
  expect((await (await request.get(`/services/api/v1/steps/result/${expiring.requestId}`, { headers: auth })).json()).status).toBe('EXPIRED');

  const canceling = await start();
  expect((await request.post(`/services/api/v1/steps/${canceling.requestId}/cancel`, { headers: auth })).status()).toBe(200);
  await page.goto(canceling.requestProcessUrl);
  await expect(page.getByRole('heading', { name: 'Este processo foi cancelado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao aplicativo' })).toHaveAttribute('href', `${APP}/x`);

  // A wrong secret, in a browser that never opened the process: invalid, not the process's state.
  const fresh = await page.context().browser()!.newContext();
  const stranger = await fresh.newPage();
  await stranger.goto(canceling.requestProcessUrl.replace(/[^/]+$/, 'not-the-secret'));
  await expect(stranger.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  await fresh.close();
  await page.goto('/p/00000000-0000-4000-8000-000000000000/whatever');
  await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  await expectAccessible(page);
});

test('resend: the cooldown is shown, then a new code arrives and works', { tag: '@one-viewport' }, async ({ page, request }) => {
  const auth = await bearer(request);
  const phone = uniquePhone();
  const { requestProcessUrl } = await (await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/r`, cellphone: phone, useIntroPage: false } })).json();
  await page.goto(requestProcessUrl);
  const first = await latestCode(request, phone);
  const resend = page.getByRole('button', { name: /Reenviar código/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/Reenviar código em \d s/);
  await expect(resend).toBeEnabled({ timeout: 10_000 });
  await resend.click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Enviamos um novo código.');
  await expect(resend).toBeDisabled();
  const count = async () => (await (await request.get(`/dev/outbox/messages?to=${phone}`)).json()).messages.length;
  await expect.poll(count, { timeout: 10_000 }).toBe(2);
  const second = await latestCode(request, phone);
  void first;
  await page.getByLabel('Código de 6 dígitos').fill(second);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  // Untouched, the success page takes the person back by itself when its countdown ends.
  await expect(page).toHaveURL(new RegExp(`^${APP}/r\\?requestId=.*&status=APPROVED`), { timeout: 20_000 });
});
