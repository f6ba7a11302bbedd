/**
 * Printed portraits found and matched on scanned document pages (the fraud
 * step's and formalistic's portrait; scripts/face-eval/pages.ts): the page
 * reading alone beside the product's, per half of the identities. Part
 * `facePages` of `npm run bench`; BENCH_QUICK=1 takes a few identities.
 */
import { closeFacePool } from '../lib/engines/face';
import { photos, sampleIdentities } from '../scripts/face-eval/data';
import { pagePortraits, type PageTally } from '../scripts/face-eval/pages';
import { QUICK } from './stats';

export type FacePagesBench = Record<'tune' | 'heldout', PageTally>;

export async function benchFacePages(log: (s: string) => void): Promise<FacePagesBench> {
  const list = sampleIdentities(photos(), QUICK ? 8 : undefined);
  if (!list.length) throw new Error('face pages: datasets missing (../shared/datasets or DATASETS_DIR)');
  const out = await pagePortraits(list, log);
  for (const [half, t] of Object.entries(out)) log(`  ${half}: found ${t.pageFound} → ${t.found}, matched ${t.pageMatched} → ${t.matched} of ${t.pairs}`);
  await closeFacePool();
  return out;
}

const share = (n: number, of: number) => `${n} of ${of} (${of ? Math.round((n / of) * 100) : 0} %)`;

/** The report section (bench/report.ts). */
export function facePagesSection(b: FacePagesBench): string[] {
  return [
    'Each identity’s second photo printed as the `document` condition prints it (halftone, guilloche, low contrast, 120–200 px wide), set on a card scanned at about 300 dpi (1000 × 640 px), found on the whole page and matched to the identity’s first photo at the threshold of the pair’s kind (a portrait marked printed against a photo: the one-printed-side threshold; otherwise the default). "Page reading alone": the portrait search on the page as it was before session 45; "product": the page softened when nothing is found, and the portrait descreened and its template averaged over readings when its screen is resolved.',
    '',
    '| identities | pages | found, page reading alone | found, product | matched, page reading alone | matched, product |',
    '|---|---|---|---|---|---|',
    ...(['heldout', 'tune'] as const).map((h) => {
      const t = b[h];
      return `| ${h === 'heldout' ? 'held-out half (never tuned on)' : 'tuning half'} | ${t.pairs} | ${share(t.pageFound, t.pairs)} | ${share(t.found, t.pairs)} | ${share(t.pageMatched, t.pairs)} | **${share(t.matched, t.pairs)}** |`;
    }),
  ];
}
