import { expect, test } from './csp-guard';
import { expectAxeClean } from './helpers';
import { E2E_DEMO } from '../playwright.config';

test.describe('integrator console', () => {
  test('a signed-out visit goes to sign-in; a wrong password says so; the right one opens the overview; sign-out ends it', async ({ page }) => {
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
});
