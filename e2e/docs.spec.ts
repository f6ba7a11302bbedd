import { expect, test } from './csp-guard';
import { expectAxeClean } from './helpers';
import { E2E_DEMO } from '../playwright.config';

test.describe('developer portal', () => {
  test('sidebar by base and tag, search, anchors; guides render; axe-clean', async ({ page }) => {
    // axe over the whole API reference (every operation rendered, about 12 000 elements) takes a while on a 2-core CI host.
    test.setTimeout(180_000);
    await page.goto('/');
    await page.getByRole('link', { name: 'Read the API reference' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Developer portal' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'API reference' });
    await expect(nav.getByRole('heading', { name: /Webhooks$/ }).first()).toBeVisible();
    await nav.getByLabel('Search the API').fill('subscribe url');
    await expect(nav.getByRole('link')).toHaveCount(1);
    await nav.getByRole('link', { name: /Subscribe a URL to event types/ }).click();
    await expect(page).toHaveURL(/#services-createWebhookEndpoint$/);
    const op = page.locator('#services-createWebhookEndpoint');
    await expect(op).toBeInViewport();
    await expect(op.getByText('Example request')).toBeVisible();
    await expect(op.locator('pre').filter({ hasText: "curl -s -X POST" })).toContainText('/services/api/v1/webhooks/endpoints');
    // Descriptions are Markdown: backticks are code, not literal.
    await expect(page.locator('#services-extractOcr').locator('code', { hasText: 'document_not_recognized' }).first()).toBeVisible();
    await nav.getByLabel('Search the API').fill('zzz-nothing');
    await expect(nav.getByText('Nothing matches')).toBeVisible();
    await nav.getByLabel('Search the API').fill('');
    // Every rule over the whole reference, but colour contrast (three quarters of axe's time on this page: 28 of 37 s
    // alone) on the sidebar, the header, the credentials form, the error table and one operation of each method: every operation is drawn
    // by the same components, and their colours are what contrast depends on.
    const oneOfEachMethod = ['#services-getSettings', '#services-createWebhookEndpoint', '#services-updateSettings', '#services-updateWebhookEndpoint', '#services-deleteWebhookEndpoint', '#services-extractOcr'];
    await expectAxeClean(page, { contrastIn: ['aside', 'main > h1', 'main > p', 'main > section', ...oneOfEachMethod, '#errors + p + table'] });

    await nav.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Python' })).toBeVisible();
    await expect(page.locator('pre').filter({ hasText: 'def verify_webhook' })).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: 'Quick start' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Quick start/ })).toBeVisible();
  });

  test('try-it: get a token with the form, then call an operation on this server with it', async ({ page }) => {
    await page.goto('/docs');
    const credentials = page.getByRole('region', { name: 'Your credentials for try-it' });
    await credentials.getByLabel('Username').fill(E2E_DEMO.username);
    await credentials.getByLabel('Password').fill(E2E_DEMO.password);
    await credentials.getByRole('button', { name: 'Get a token' }).click();
    await expect(credentials.getByRole('status')).toContainText('Signed in');
    const op = page.locator('#services-getSettings');
    await op.getByText('Try it').click();
    await op.getByRole('button', { name: 'Send GET' }).click();
    const answer = page.getByTestId('tryit-answer-services-getSettings');
    await expect(answer).toContainText('HTTP 200');
    await expect(answer).toContainText('"appOrigin"');
    // Without a token the server says why, as problem+json.
    await credentials.getByLabel('Bearer access token').fill('');
    await op.getByRole('button', { name: 'Send GET' }).click();
    await expect(answer).toContainText('HTTP 401');
    await expect(answer).toContainText('missing_credentials');
  });
});
