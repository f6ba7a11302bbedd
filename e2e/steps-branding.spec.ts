import { expect, test } from './csp-guard';
import { APP, bearer, expectAccessible, uniquePhone, useApp } from './helpers';

test.beforeAll(async () => useApp());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test("the integrator's branding, set through the API, is on the hosted pages", async ({ page, request }) => {
  const auth = await bearer(request);
  const put = await request.put('/services/api/v1/settings', {
    headers: auth,
    data: { branding: { displayName: 'Banco Azul', primaryColor: '#1d4ed8', supportText: 'Dúvidas? Ligue 0800 000 0000', logo: `data:image/png;base64,${PNG}` } },
  });
  expect(put.status()).toBe(200);
  try {
    const { requestProcessUrl } = await (await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/b`, cellphone: uniquePhone() } })).json();
    await page.goto(requestProcessUrl);
    await expect(page.getByRole('banner').getByText('Banco Azul')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Banco Azul' })).toBeVisible();
    await expect(page.getByText('Dúvidas? Ligue 0800 000 0000')).toBeVisible();
    await expect(page.getByText(/em nome de\s+Banco Azul/)).toBeVisible();
    const color = await page.getByRole('button', { name: 'Começar' }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(color).toBe('rgb(29, 78, 216)');
    await expectAccessible(page);
    // Keyboard only: tab to the checkbox, tick it, tab to the button, press Enter.
    await page.getByLabel(/Li e concordo/).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Começar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Digite o código' })).toBeVisible();
    await expect(page.getByLabel('Código de 6 dígitos')).toBeFocused();
  } finally {
    await request.put('/services/api/v1/settings', { headers: auth, data: { branding: { displayName: null, primaryColor: null, supportText: null, logo: null } } });
  }
});
