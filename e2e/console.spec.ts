import { expect, test } from './csp-guard';
import { APP, bearer, consoleInEnglish, expectAxeClean, signInToConsole, uniquePhone, useApp } from './helpers';
import { E2E_DEMO } from '../playwright.config';

test.beforeAll(async () => useApp());

test.describe('integrator console', () => {
  test('the console speaks pt-BR by default and English on request, remembered across pages', async ({ page }) => {
    await page.goto('/console');
    await expect(page.getByRole('heading', { name: 'Console Atesta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.locator('main')).toHaveAttribute('lang', 'pt-BR');
    await page.getByLabel('Usuário').fill(E2E_DEMO.username);
    await page.getByLabel('Senha').fill(E2E_DEMO.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Visão geral' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Seções do console' });
    await expect(nav.getByRole('link', { name: 'Etapas' })).toBeVisible();
    await expectAxeClean(page);
    await nav.getByRole('link', { name: 'Marca' }).click();
    await expect(page.getByRole('button', { name: 'Salvar marca' })).toBeVisible();
    await expect(page).toHaveTitle('Marca · Console · Atesta');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Save branding' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible(); // remembered
    await page.getByRole('button', { name: 'Português' }).click();
    await expect(page.getByRole('heading', { name: 'Registro de entregas' })).toBeVisible();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
  });

  test('a signed-out visit goes to sign-in; a wrong password says so; the right one opens the overview; sign-out ends it', async ({ page }) => {
    await consoleInEnglish(page);
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/login$/);
    await expect(page.getByRole('heading', { name: 'Atesta console' })).toBeVisible();
    await expectAxeClean(page);

    await page.getByLabel('Username').fill(E2E_DEMO.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong' })).toHaveText('Wrong username or password.');

    await page.getByLabel('Password').fill(E2E_DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByTestId('awaiting-review')).toHaveText(/^\d+$/);
    await expect(page.getByText(`${E2E_DEMO.username} · admin`)).toBeVisible();
    await expectAxeClean(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/login$/);
  });

  test('the step processes list filters by type, status and day, and opens a process', async ({ page, request }) => {
    const auth = await bearer(request);
    const started = await request.post('/services/api/v1/steps/validation', { headers: auth, data: { cpf: '52998224725', appRedirect: `${APP}/done`, cellphone: uniquePhone() } });
    const { requestId } = await started.json();
    expect((await request.post(`/services/api/v1/steps/${requestId}/cancel`, { headers: auth })).status()).toBe(200);
    await signInToConsole(page);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Steps', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step processes' })).toBeVisible();
    const filters = page.getByRole('form', { name: 'Filter step processes' });
    await filters.getByLabel('Type').selectOption('validation');
    await filters.getByLabel('Status').selectOption('CANCELED');
    await filters.getByLabel('Started from').fill(new Date().toISOString().slice(0, 10));
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/kind=validation&status=CANCELED&from=/);
    const row = page.getByRole('row').filter({ hasText: requestId });
    await expect(row).toContainText('CANCELED');
    await expectAxeClean(page);
    await filters.getByLabel('Status').selectOption('APPROVED');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('row').filter({ hasText: requestId })).toHaveCount(0);
    await page.goto(`/console/steps?status=CANCELED`);
    await page.getByRole('link', { name: requestId }).click();
    await expect(page.getByTestId('status')).toHaveText('CANCELED');
  });
});
