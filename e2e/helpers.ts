import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_DEMO } from '../playwright.config';
import { codeIn } from '../lib/testing/codes';
import { startReceiver } from '../lib/testing/receiver';

export async function bearer(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/services/api/v1/authentication', { data: { username: E2E_DEMO.username, password: E2E_DEMO.password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** A phone number nobody else in the run uses, so the outbox can be read by recipient. */
export const uniquePhone = () => `119${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;

export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const body = await (await request.get(`/dev/outbox/messages?to=${encodeURIComponent(to)}`)).json();
    const code = codeIn(body.messages?.[0]?.body);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to} in the outbox`);
}

/**
 * The integrator's app, a real server on loopback (route interception does not
 * follow redirects, and the person arrives through one). http is accepted for
 * loopback appRedirect targets.
 */
export async function startApp() {
  const app = await startReceiver(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><html lang="en"><title>App</title><main><h1>Back in the app</h1></main></html>' }));
  return { url: app.url, close: app.close };
}

export let APP = '';
let app: Awaited<ReturnType<typeof startApp>> | undefined;
/** Starts the app once per worker (call in beforeAll). */
export async function useApp() {
  app ??= await startApp();
  APP = app.url;
}

/**
 * Leaves a success page for the app by its link. The page also continues by itself after a countdown, and on a busy CI
 * host the checks before the click can outlast it: a click racing the page's own navigation left Playwright waiting for
 * a navigation that had been replaced (timeouts in CI). So the link is clicked if it is still there, and either way the
 * test goes on once the app is reached (both go through the same /done redirect).
 */
export async function continueToApp(page: Page, link: string) {
  await Promise.race([
    page.getByRole('link', { name: link }).click({ timeout: 15_000 }).catch(() => undefined),
    page.waitForURL((url) => url.href.startsWith(APP), { timeout: 30_000 }),
  ]);
}

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** No serious or critical WCAG violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The console speaks pt-BR unless told: the specs written against its English texts choose English (the cookie the language switch sets). */
export async function consoleInEnglish(page: Page) {
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'atesta_console_lang', value: 'en', url: baseURL }]);
}

/** Signs in to the console (the demo admin unless told otherwise) and waits for the overview. */
export async function signInToConsole(page: Page, who: { username: string; password: string } = E2E_DEMO) {
  await consoleInEnglish(page);
  await page.goto('/console/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

const named = (violations: { impact?: string | null; id: string; nodes: { target: unknown[] }[] }[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * No WCAG violation of any impact (the console's bar). `contrastIn`: colour contrast is checked only inside these
 * selectors (each must match something), every other rule on the whole page; for a page that repeats the same components
 * thousands of times, where contrast (computed per text node) is most of axe's time.
 */
export async function expectAxeClean(page: Page, options: { contrastIn?: string[] } = {}) {
  if (!options.contrastIn) {
    expect(named((await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations)).toEqual([]);
    return;
  }
  for (const selector of options.contrastIn) await expect(page.locator(selector), selector).not.toHaveCount(0);
  expect(named((await new AxeBuilder({ page }).withTags(WCAG).disableRules(['color-contrast']).analyze()).violations)).toEqual([]);
  let sample = new AxeBuilder({ page }).withRules(['color-contrast']);
  for (const selector of options.contrastIn) sample = sample.include(selector);
  expect(named((await sample.analyze()).violations)).toEqual([]);
}

/** Runs a fixture script against the e2e server's embedded database. */
export function fixture(script: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `e2e/fixtures/${script}`, ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

/** The integrator's webhook receiver, on loopback. */
export async function receiver() {
  const hooks = await startReceiver(() => ({ status: 204 }));
  return { url: `${hooks.url}/hook`, calls: hooks.calls, close: hooks.close };
}
