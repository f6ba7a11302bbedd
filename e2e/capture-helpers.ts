import { expect, type Page, type TestInfo } from '@playwright/test';

/** A screenshot of the current screen, kept with the test's artifacts (per project: phone and desktop). */
export async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

/** Consent on the intro page of a capture step. */
export async function consent(page: Page) {
  await page.getByLabel('Li e concordo com o uso dos meus dados para esta verificação.').check();
  await page.getByRole('button', { name: 'Começar' }).click();
}

export async function waitForWebhook(calls: { body: string }[], requestId: string) {
  await expect.poll(() => calls.find((c) => c.body.includes(requestId)) !== undefined, { timeout: 30_000 }).toBe(true);
  return JSON.parse(calls.find((c) => c.body.includes(requestId))!.body);
}
