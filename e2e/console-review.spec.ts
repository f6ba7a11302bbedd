import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './csp-guard';
import { shot } from './capture-helpers';
import { bearer, expectAxeClean, signInToConsole } from './helpers';
import { facesDir } from '../lib/testing/datasets';
import { fraudCase, type Faces } from '../scripts/synth/fraud';
import { E2E_DEMO } from '../playwright.config';

test.setTimeout(240_000);

const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
const dataUrl = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/** An onboarding the score sends to manual review: a genuine CNH whose validity ran out (the grey zone), with the holder's selfie. */
async function onboardingInAnalysis(request: APIRequestContext) {
  // A person no other spec enrols (identities.csv), so no other rule fires.
  const faces: Faces = { owner: face('img48.jpg'), ownerSelfie: face('img49.jpg'), other: face('img24.jpg') };
  let doc = await fraudCase('expired', 0, faces);
  for (let i = 1; doc.type !== 'CNH_FRENTE'; i++) doc = await fraudCase('expired', i, faces);
  const customerId = `review-${Date.now()}`;
  const headers = await bearer(request);
  const res = await request.post('/services/api/v1/onboarding/enroll/json', {
    headers,
    data: { cpf: doc.cpf, customerId, imageFront: dataUrl(doc.image), imageSelfie: dataUrl(faces.ownerSelfie) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { onboardingId } = await res.json();
  let status = '';
  for (const deadline = Date.now() + 150_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    const record = await (await request.get(`/services/api/v1/onboarding/enroll/${onboardingId}`, { headers })).json();
    status = record.status;
    if (!['STARTED', 'PENDING', 'PROCESSING'].includes(status)) {
      expect(status, JSON.stringify(record.scoreData)).toBe('ANALYSIS');
      break;
    }
  }
  expect(status).toBe('ANALYSIS');
  return { onboardingId: onboardingId as string, customerId, cpf: doc.cpf };
}

test.describe('console: review queue, search, charts', () => {
  test('an onboarding in ANALYSIS is reviewed in the console: boxes and faces shown, rejected with a reason, RESOLVED with who and when; search finds it', async ({ page, request }, info) => {
    const o = await onboardingInAnalysis(request);
    await signInToConsole(page);

    // The overview's charts, with their text alternatives.
    await expect(page.getByTestId('stats-charts')).toBeVisible();
    await expect(page.getByRole('img', { name: /onboardings in 30 days/ })).toBeVisible();
    await expectAxeClean(page);
    await shot(page, info, '1-overview');

    // The queue: the onboarding, CPF masked.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reviews' }).click();
    await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
    const row = page.getByTestId('review-row').filter({ hasText: o.customerId });
    await expect(row).toContainText(masked(o.cpf));
    await expect(row).toContainText('DOCUMENTO_VENCIDO');
    await expectAxeClean(page);
    await row.getByRole('link').click();

    // The file: OCR boxes over the document, a row highlights its box; both faces; penalties.
    await expect(page.getByRole('heading', { name: `Review: ${o.customerId}` })).toBeVisible();
    await expect(page.getByTestId('ocr-overlay')).toBeVisible();
    expect(await page.getByTestId('ocr-box').count()).toBeGreaterThan(3);
    const cpfRow = page.getByTestId('ocr-row').filter({ hasText: o.cpf }).first();
    await cpfRow.hover();
    await expect(page.locator(`[data-testid="ocr-box"][data-field="${await cpfRow.getAttribute('data-field')}"]`)).toHaveAttribute('data-active', 'true');
    await expect(page.getByRole('img', { name: 'Document portrait' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Selfie' })).toBeVisible();
    await expect(page.getByTestId('face-figures')).toContainText('Similarity');
    await expect(page.getByTestId('penalties')).toContainText('DOCUMENTO_VENCIDO');
    await expectAxeClean(page);
    await shot(page, info, '2-review');

    // The decision needs a reason; then RESOLVED, with who and when.
    await page.getByRole('radio', { name: 'Reject' }).check();
    await page.getByLabel(/^Reason/).fill('Document expired; the customer must send a valid one');
    await page.getByRole('button', { name: 'Record decision' }).click();
    await expect(page.getByTestId('status')).toHaveText('RESOLVED');
    await expect(page.getByTestId('resolution')).toContainText(`Rejected by ${E2E_DEMO.username} on`);
    await expect(page.getByTestId('resolution')).toContainText('Document expired; the customer must send a valid one');
    const decided = page.getByTestId('history').getByRole('row').filter({ hasText: 'ANALYSIS → RESOLVED' });
    await expect(decided).toContainText(E2E_DEMO.username);
    await expect(decided).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    await expect(page.getByRole('button', { name: 'Record decision' })).toHaveCount(0);
    await expectAxeClean(page);
    await shot(page, info, '3-resolved');

    // Search: by formatted CPF (masked in the results; a step process for the same CPF too), then by customerId, to the detail pages.
    const step = await request.post('/services/api/v1/steps/validation', { headers: await bearer(request), data: { cpf: o.cpf, appRedirect: 'https://app.example.com/done', cellphone: '11911112222' } });
    expect(step.status(), await step.text()).toBe(200);
    const { requestId } = await step.json();
    await page.goto('/console/search');
    await page.getByLabel(/Id, CPF/).fill(formatted(o.cpf));
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('region', { name: /Onboardings/ }).getByRole('row').filter({ hasText: o.customerId });
    await expect(found).toContainText(masked(o.cpf));
    await expect(found).toContainText('RESOLVED');
    await expect(page.getByRole('main')).not.toContainText(o.cpf);
    await expectAxeClean(page);
    await shot(page, info, '4-search');
    await expect(page.getByRole('region', { name: /Step processes/ }).getByRole('row').filter({ hasText: requestId })).toContainText(masked(o.cpf));
    await page.getByRole('link', { name: requestId }).click();
    await expect(page.getByRole('heading', { name: 'Step process (validation)' })).toBeVisible();
    await expect(page.getByTestId('history')).toContainText('created (PENDING)');
    await expectAxeClean(page);
    await page.goBack();
    await page.getByLabel(/Id, CPF/).fill(o.customerId);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('search-summary')).toHaveText(`1 found for “${o.customerId}”.`);
    await page.getByRole('link', { name: o.onboardingId }).click();
    await expect(page.getByRole('heading', { name: `Onboarding: ${o.customerId}` })).toBeVisible();
    await expect(page.getByTestId('status')).toHaveText('RESOLVED');
    await expect(page.getByTestId('history')).toContainText('PROCESSING → ANALYSIS');
    await expectAxeClean(page);
  });
});
