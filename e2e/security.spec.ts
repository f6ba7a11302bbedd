import { expect, test } from './csp-guard';
import { startReceiver } from '../lib/testing/receiver';
import { bearer, latestCode, uniquePhone } from './helpers';

/** The integrator's app: records the Referer of each visit and serves a page that frames a given URL. */
async function recordingApp() {
  const visits: { path: string; referer?: string }[] = [];
  const app = await startReceiver((call) => {
    const url = new URL(call.path, 'http://app');
    visits.push({ path: url.pathname, referer: call.headers.referer });
    const body = url.pathname === '/frame' ? `<iframe title="step" src="${url.searchParams.get('src')}"></iframe>` : '<h1>Back in the app</h1>';
    return { status: 200, headers: { 'content-type': 'text/html' }, body: `<!doctype html><html lang="en"><title>App</title><main>${body}</main></html>` };
  });
  return { url: app.url, visits, close: app.close };
}

test('home and docs run under the strict CSP: a fresh nonce per response, client navigation works', async ({ page }) => {
  const first = await page.goto('/');
  const csp = first!.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(first!.headers()['x-frame-options']).toBe('DENY');
  expect(first!.headers()['x-content-type-options']).toBe('nosniff');
  // A client-side (hydrated) navigation: React and the router run with the nonce.
  await page.getByRole('link', { name: 'Read the API reference' }).click();
  await expect(page.getByRole('heading', { name: 'Errors' })).toBeVisible();
  expect(page.url()).toMatch(/\/docs$/);
  const again = await page.goto('/');
  expect(again!.headers()['content-security-policy']).not.toBe(csp);
});

test('a step page: no Referer reaches the app, and another origin cannot frame it', async ({ page, request, cspViolations }) => {
  const app = await recordingApp();
  try {
    const auth = await bearer(request);
    const phone = uniquePhone();
    const started = await request.post('/services/api/v1/steps/validation', {
      headers: auth,
      data: { cpf: '52998224725', appRedirect: `${app.url}/verified`, cellphone: phone, useIntroPage: false, useSuccessPage: false },
    });
    const { requestProcessUrl, requestId } = await started.json();

    // Framed by the app's origin: the browser refuses (frame-ancestors 'none'); the step page never renders there.
    await page.goto(`${app.url}/frame?src=${encodeURIComponent(requestProcessUrl)}`);
    await expect.poll(() => cspViolations.some((v) => /frame-ancestors/.test(v))).toBe(true);
    cspViolations.length = 0;
    await expect(page.frameLocator('iframe').getByLabel('Código de 6 dígitos')).toHaveCount(0);

    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === `/p/${requestId}`);
    await page.goto(requestProcessUrl);
    expect((await opened).headers()['referrer-policy']).toBe('no-referrer');
    await page.getByLabel('Código de 6 dígitos').fill(await latestCode(request, phone));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('heading', { name: 'Back in the app' })).toBeVisible();
    const landing = app.visits.find((v) => v.path === '/verified')!;
    expect(landing).toBeDefined();
    expect(landing.referer).toBeUndefined();
  } finally {
    await app.close();
  }
});
