import { expect, test } from './csp-guard';
import { APP, bearer, expectAxeClean, fixture, signInToConsole, uniquePhone, useApp } from './helpers';
import { E2E_DEMO } from '../playwright.config';

test.beforeAll(async () => useApp());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const STEP_PAGES = ['intro', 'code', 'document', 'selfie', 'result'];

test.describe('console: branding, rule weights, deny list', () => {
  test('the phone-frame previews of every step page follow the form live; saved, a real hosted page shows the branding', async ({ page, request }) => {
    const auth = await bearer(request);
    try {
      await signInToConsole(page);
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Branding' }).click();
      await expect(page.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible();
      for (const id of STEP_PAGES) await expect(page.getByTestId(`preview-${id}`)).toBeVisible();
      await expectAxeClean(page);

      await page.getByLabel('Display name').fill('Banco Verde');
      await page.getByLabel('Brand colour (hex)').fill('#b91c1c');
      await page.getByLabel('Support text').fill('Ajuda: 0800 123 4567');
      await page.getByLabel(/^Logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('New logo: logo.png (not saved yet)')).toBeVisible();
      await expect(page.getByTestId('contrast-check')).toContainText('white text on #b91c1c');

      // Every step page, in its phone frame, with the unsaved branding.
      for (const id of STEP_PAGES) {
        const frame = page.getByTestId(`preview-${id}`);
        await expect(frame.locator('header')).toContainText('Banco Verde');
        await expect(frame.locator('img[alt="Banco Verde"]')).toHaveAttribute('src', /^data:image\/png;base64,/);
        await expect(frame.locator('footer')).toContainText('Ajuda: 0800 123 4567');
      }
      const intro = page.getByTestId('preview-intro');
      await expect(intro).toContainText(/em nome de\s+Banco Verde/);
      expect(await intro.locator('button', { hasText: 'Começar' }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(185, 28, 28)');
      await expect(page.getByTestId('preview-code')).toContainText('Digite o código');
      await expect(page.getByTestId('preview-document').getByTestId('camera-placeholder')).toBeVisible();
      await expect(page.getByTestId('preview-selfie').getByTestId('camera-placeholder')).toBeVisible();
      await expect(page.getByTestId('preview-result')).toContainText('Verificação concluída');
      // The preview speaks the other language too.
      await page.getByLabel('English').check();
      await expect(page.getByTestId('preview-code')).toContainText('Enter the code');
      await expectAxeClean(page);

      await page.getByRole('button', { name: 'Save branding' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

      const started = await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/b`, cellphone: uniquePhone() } });
      expect(started.status()).toBe(200);
      await page.goto((await started.json()).requestProcessUrl);
      await expect(page.getByRole('banner').getByText('Banco Verde')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Banco Verde' })).toBeVisible();
      await expect(page.locator('head link[rel="icon"][href^="/branding/"]')).toHaveCount(1); // the tab shows the integrator's logo
      await expect(page.getByText('Ajuda: 0800 123 4567')).toBeVisible();
      expect(await page.getByRole('button', { name: 'Começar' }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(185, 28, 28)');
    } finally {
      await request.put('/services/api/v1/settings', { headers: auth, data: { branding: { displayName: null, primaryColor: null, supportText: null, logo: null } } });
    }
  });

  test('raising a weight previews how many of the last analyses would change decision, before saving', async ({ page, request }) => {
    const group = `e2e-console-${Date.now()}`;
    fixture('record-analyses.ts', E2E_DEMO.username, group, '4');
    const auth = await bearer(request);
    try {
      await signInToConsole(page);
      await page.goto('/console/fraud');
      await expect(page.getByRole('heading', { name: 'Rule weights' })).toBeVisible();
      await expectAxeClean(page);
      await page.getByLabel('rulesGroup (empty: every analysis)').fill(group);
      await page.getByRole('button', { name: 'Show rules' }).click();
      await expect(page.getByText(`Rules for rulesGroup ${group}`)).toBeVisible();

      // Four analyses of the group scored 85 (approved); at weight 40 they score 60: manual review.
      await page.getByLabel('Weight of BAIXA_QUALIDADE').fill('40');
      await expect(page.getByTestId('preview-changed')).toHaveText('4 of 4 analyses would change decision: 4 approved → review.');
      await expect(page.getByRole('img', { name: /^Score distribution/ })).toBeVisible();
      await expectAxeClean(page);

      await page.getByRole('button', { name: 'Save 1 change' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Saved 1 rule for rulesGroup ${group}` })).toBeVisible();
      const rules = await (await request.get(`/services/api/v1/fraud/rules?rulesGroup=${group}`, { headers: auth })).json();
      expect(rules.find((r: { name: string }) => r.name === 'BAIXA_QUALIDADE').weight).toBe(40);
    } finally {
      await request.put('/services/api/v1/fraud/rules/BAIXA_QUALIDADE', { headers: auth, data: { rulesGroup: group, weight: null, enabled: null } });
    }
  });

  test('the deny list masks CPFs until one is revealed; an admin adds and removes', async ({ page }) => {
    await signInToConsole(page);
    await page.goto('/console/fraud');
    await page.getByLabel('CPF', { exact: true }).fill('111.444.777-35');
    await page.getByLabel('Reason').fill('chargeback');
    await page.getByRole('button', { name: 'Add to deny list' }).click();
    await expect(page.getByRole('status').filter({ hasText: '***.444.777-** is on the deny list.' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'chargeback' });
    await expect(row).toContainText('***.444.777-**');
    await expect(row).not.toContainText('111.444.777-35');
    await row.getByRole('button', { name: 'Reveal CPF ***.444.777-**' }).click();
    await expect(row).toContainText('111.444.777-35');
    await expectAxeClean(page);
    await row.getByRole('button', { name: 'Remove CPF ***.444.777-**' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'taken off the deny list' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'chargeback' })).toHaveCount(0);
  });

  test('page texts, privacy and terms links, the SMS sender and the hidden credit: previewed live, then on the real pages and in the SMS', async ({ page, request }) => {
    const auth = await bearer(request);
    try {
      await signInToConsole(page);
      await page.goto('/console/branding');
      await page.getByLabel('Privacy policy link (https)').fill('https://banco.example.com/privacidade');
      await page.getByLabel('Terms of use link (https)').fill('https://banco.example.com/termos');
      await page.getByLabel('SMS sender name').fill('Banco Verde');
      await expect(page.getByText('Codes arrive as “Seu código Banco Verde é 123456”.')).toBeVisible();
      await page.getByLabel('Hide “Verificação por Atesta” in the footer').check();
      await page.getByLabel('Intro title').fill('Abra sua conta no Banco Verde');
      const intro = page.getByTestId('preview-intro');
      await expect(intro.getByRole('heading', { level: 1 })).toHaveText('Abra sua conta no Banco Verde');
      await expect(intro.locator('footer')).toContainText('Privacidade');
      await expect(intro.locator('footer')).not.toContainText('Verificação por Atesta');
      // The preview shows what a fresh process shows: masked as the pages mask, with the real limits.
      await expect(page.getByTestId('preview-code')).toContainText('(11) •••••-4321');
      await page.getByLabel('English').check();
      await expect(intro.getByRole('heading', { level: 1 })).not.toHaveText('Abra sua conta no Banco Verde'); // texts are per language
      await page.getByLabel('Português').check();
      await expectAxeClean(page);
      await page.getByRole('button', { name: 'Save branding' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

      const phone = uniquePhone();
      const started = await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/b`, cellphone: phone } });
      await page.goto((await started.json()).requestProcessUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Abra sua conta no Banco Verde' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Privacidade' })).toHaveAttribute('href', 'https://banco.example.com/privacidade');
      await expect(page.getByRole('link', { name: 'Termos de uso' })).toBeVisible();
      await expect(page.getByText('Verificação por Atesta')).toHaveCount(0);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Começar' }).click();
      await expect.poll(async () => (await (await request.get(`/dev/outbox/messages?to=${phone}`)).json()).messages?.[0]?.body ?? '', { timeout: 20_000 }).toMatch(/^Seu código Banco Verde é \d{6}\./);
    } finally {
      await request.put('/services/api/v1/settings', { headers: auth, data: { branding: { copy: null, privacyUrl: null, termsUrl: null, smsSender: null, hideCredit: false } } });
    }
  });

  test('any brand colour is taken: yellow buttons get black text, links a darker shade', async ({ page }) => {
    await signInToConsole(page);
    await page.goto('/console/branding');
    await page.getByLabel('Brand colour (hex)').fill('#ffff00');
    await expect(page.getByTestId('contrast-check')).toContainText('black text on #ffff00');
    const start = page.getByTestId('preview-intro').locator('button', { hasText: 'Começar' });
    expect(await start.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual(['rgb(255, 255, 0)', 'rgb(0, 0, 0)']);
    await expectAxeClean(page);
  });

  test('the app origin set in the console is where an appRedirect path leads', async ({ page, request }) => {
    const auth = await bearer(request);
    const before = (await (await request.get('/services/api/v1/settings', { headers: auth })).json()).appOrigin as string | null;
    try {
      await signInToConsole(page);
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Integration' }).click();
      await expect(page.getByRole('heading', { name: 'Integration', level: 1 })).toBeVisible();
      await page.getByLabel('Origin (https, no path)').fill('https://shop.example.com/x');
      await page.getByRole('button', { name: 'Save origin' }).click();
      await expect(page.getByRole('status').filter({ hasText: /Not saved: .*no path/ })).toBeVisible();
      await page.getByLabel('Origin (https, no path)').fill('https://shop.example.com');
      await page.getByRole('button', { name: 'Save origin' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved: /done now goes to https://shop.example.com/done' })).toBeVisible();
      await expectAxeClean(page);
      expect((await (await request.get('/services/api/v1/settings', { headers: auth })).json()).appOrigin).toBe('https://shop.example.com');
      const started = await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: '/done', cellphone: uniquePhone() } });
      expect(started.status()).toBe(200);
    } finally {
      await request.put('/services/api/v1/settings', { headers: auth, data: { appOrigin: before } });
    }
  });
});
