import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard';
import { consent } from './capture-helpers';
import { APP, bearer, useApp } from './helpers';
import { E2E_MEDIA, fakeCamera } from './media';

test.use({ launchOptions: fakeCamera(E2E_MEDIA.documentVideo) });
test.beforeAll(async () => useApp());

/** Compressed (gzip) bytes of the JavaScript the page loads while `act` runs. */
async function scriptBytes(page: Page, act: () => Promise<void>): Promise<{ gzip: number; files: string[] }> {
  const bodies: Promise<{ url: string; size: number }>[] = [];
  const listener = (r: import('@playwright/test').Response) => {
    if (r.request().resourceType() === 'script') bodies.push(r.body().then((b) => ({ url: r.url(), size: zlib.gzipSync(b, { level: 9 }).length })));
  };
  page.on('response', listener);
  await act();
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  const all = await Promise.all(bodies);
  return { gzip: all.reduce((s, b) => s + b.size, 0), files: all.map((b) => `${new URL(b.url).pathname} ${(b.size / 1024).toFixed(1)} kB`) };
}

const LIMIT = 150 * 1024;

test('page weight: the first load of each step page stays under 150 kB of compressed JavaScript; camera code loads only with the camera', { tag: '@one-viewport' }, async ({ page, request }, info) => {
  const auth = await bearer(request);
  const figures: Record<string, number> = {};
  for (const kind of ['validation', 'fraud', 'liveness'] as const) {
    const body = { cpf: '52998224725', appRedirect: `${APP}/verified`, ...(kind === 'validation' ? { cellphone: '11987654321' } : {}) };
    const { requestProcessUrl } = await (await request.post(`/services/api/v1/steps/${kind}`, { headers: auth, data: body })).json();
    await page.context().clearCookies();
    const first = await scriptBytes(page, async () => {
      await page.goto(requestProcessUrl);
    });
    figures[`${kind}: intro, first load`] = first.gzip;
    if (kind === 'validation') console.log(first.files.join('\n'));
    expect(first.gzip, `${kind}: ${first.files.join(', ')}`).toBeLessThanOrEqual(LIMIT);
    if (kind === 'validation') continue;
    await consent(page);
    await expect(page.getByRole('heading', { name: kind === 'fraud' ? 'Foto do documento' : 'Selfie ao vivo' })).toBeVisible();
    const camera = await scriptBytes(page, async () => {
      await page.getByRole('button', { name: kind === 'fraud' ? 'Usar a câmera' : 'Abrir a câmera' }).click();
      await expect(page.locator('video')).toBeVisible();
    });
    figures[`${kind}: camera screen, loaded on demand`] = camera.gzip;
    expect(camera.gzip, 'the camera code is not part of the first load').toBeGreaterThan(0);
  }
  const lines = Object.entries(figures).map(([k, v]) => `${k}: ${(v / 1024).toFixed(1)} kB`);
  console.log(`Page weight (gzip JavaScript):\n  ${lines.join('\n  ')}`);
  fs.mkdirSync(path.join('bench'), { recursive: true });
  fs.writeFileSync(info.outputPath('page-weight.json'), JSON.stringify(figures, null, 2));
  if (process.env.PAGE_WEIGHT_OUT) fs.writeFileSync(process.env.PAGE_WEIGHT_OUT, JSON.stringify({ limitKb: 150, kb: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v / 102.4) / 10])) }, null, 2));
});
