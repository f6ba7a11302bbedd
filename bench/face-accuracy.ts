/**
 * Face recognition accuracy per condition (scripts/face-eval): the product's
 * embedder on the identities/ and deepface photos, clean and degraded, at the
 * shipped default threshold (lib/engines/face/calibration.json), on the tuning half
 * of the identities (where the threshold was set), the held-out half (never
 * tuned on) and all; the other embedders as the calibration measured them.
 * Part `faceAccuracy` of `npm run bench`; BENCH_QUICK=1 takes a few
 * identities and three conditions. Detections and templates are cached under
 * .scratch/face-eval/.
 */
import calibration from '../lib/engines/face/calibration.json';
import { closeFacePool } from '../lib/engines/face';
import { EMBEDDER } from '../scripts/face-calibrate';
import { CONDITIONS, type Condition } from '../scripts/face-eval/degrade';
import { photos, sampleIdentities } from '../scripts/face-eval/data';
import { calibrateOn, calibratePrinted, printedPairs, repeatedHalves, templates, type ConditionRow, type PrintedCalibration, type RepeatedHalves } from '../scripts/face-eval/evaluate';
import { QUICK } from './stats';

export interface FaceAccuracyBench {
  embedder: string;
  threshold: number;
  photos: number;
  identities: number;
  conditions: Condition[];
  noFace: Record<string, number>;
  msPerFace?: number;
  tune: ConditionRow[];
  heldout: ConditionRow[];
  all: ConditionRow[];
  /** The split-half check repeated over random halves of the identities. */
  halves?: RepeatedHalves;
  /** Pairs with one or two printed sides at the thresholds shipped for them (and at the default). */
  printed?: PrintedCalibration[];
  /** Embedders compared on the same faces by the last calibration (pooled over the held-out half). */
  comparison: Record<string, { msPerFace?: number; threshold: number; heldout: ConditionRow[] }>;
}

export async function benchFaceAccuracy(log: (s: string) => void): Promise<FaceAccuracyBench> {
  const list = sampleIdentities(photos(), QUICK ? 8 : undefined);
  if (!list.length) throw new Error('face accuracy: datasets missing (../shared/datasets or DATASETS_DIR)');
  const conditions: Condition[] = QUICK ? ['clean', 'small', 'document'] : [...CONDITIONS];
  log(`  ${list.length} photos, ${conditions.length} conditions (cached detections and templates are reused)`);
  const t = await templates(list, conditions, [EMBEDDER], { log: (s) => log(`  ${s}`) });
  const c = calibrateOn(list, t, EMBEDDER, conditions, calibration.threshold);
  const pooled = (rows: ConditionRow[]) => rows.find((r) => r.condition === 'pooled')!;
  for (const split of ['tune', 'heldout'] as const) {
    const p = pooled(c[split]);
    log(`  ${split}: AUC ${p.auc}, FNMR@FMR0.1% ${(p.fnmrAtFmr001 * 100).toFixed(1)} %, at the default threshold FMR ${(p.fmr * 100).toFixed(2)} % FNMR ${(p.fnmr * 100).toFixed(1)} % (${p.genuine} genuine, ${p.impostor} impostor pairs)`);
  }
  const byPrints = printedPairs(list, t, EMBEDDER, conditions);
  const printed = ([1, 2] as const).map((sides) => calibratePrinted(byPrints[sides], sides, calibration.threshold, sides === 1 ? calibration.printed.oneSide.threshold : calibration.printed.bothSides.threshold));
  for (const p of printed) log(`  ${p.sides} printed side(s): held-out FNMR ${(p.heldout.fnmr * 100).toFixed(1)} % FMR ${(p.heldout.fmr * 100).toFixed(3)} % at ${p.threshold} (default: ${(p.atDefault.heldout.fnmr * 100).toFixed(1)} % / ${(p.atDefault.heldout.fmr * 100).toFixed(3)} %)`);
  const halves = repeatedHalves(list, t, EMBEDDER, conditions);
  log(`  ${halves.draws} random halves: FMR on the other half median ${(halves.fmr.median * 100).toFixed(3)} %, mean ${(halves.fmr.mean * 100).toFixed(3)} %, p90 ${(halves.fmr.p90 * 100).toFixed(3)} %`);
  await closeFacePool();
  return {
    halves,
    printed,
    embedder: calibration.descriptor,
    threshold: calibration.threshold,
    photos: list.length,
    identities: new Set(list.map((p) => p.identity)).size,
    conditions,
    noFace: t.noFace,
    msPerFace: t.msPerFace[EMBEDDER],
    tune: c.tune,
    heldout: c.heldout,
    all: c.all,
    comparison: (calibration as { comparison?: FaceAccuracyBench['comparison'] }).comparison ?? {},
  };
}

const pct = (v: number, digits = 1) => (v * 100).toFixed(digits);

function rows(rs: ConditionRow[]): string[] {
  return [
    '| condition | genuine pairs | impostor pairs | AUC | FNMR @ FMR 0.1 % | FNMR @ FMR 1 % | FMR at default | FNMR at default |',
    '|---|---|---|---|---|---|---|---|',
    ...rs.map((r) => `| ${r.condition === 'pooled' ? '**pooled**' : r.condition} | ${r.genuine} | ${r.impostor} | ${r.auc.toFixed(4)} | ${pct(r.fnmrAtFmr001)} % | ${pct(r.fnmrAtFmr01)} % | ${pct(r.fmr, 2)} % | ${pct(r.fnmr)} % |`),
  ];
}

/** Pairs with printed sides: each kind at the threshold shipped for it, beside the default threshold. */
function printedRows(ps: PrintedCalibration[], threshold: number): string[] {
  const at = (r: PrintedCalibration['all']) => `${pct(r.fnmr)} % / ${pct(r.fmr, 3)} %`;
  return [
    `**Pairs with printed sides** (a face described from a printed picture, its screen found and removed: a document portrait). Each kind has the threshold set at FMR ≤ 0.1 % over its own pairs (one side: every condition's pairs whose probe is printed; two sides: every pair of printed portraits), on all identities as the default is. FNMR / FMR:`,
    '',
    '| printed sides | threshold | genuine / impostor pairs | held-out, at its threshold | held-out, at the default | tuning half, at its threshold | all, at its threshold | all, at the default |',
    '|---|---|---|---|---|---|---|---|',
    ...ps.map((p) => `| ${p.sides} | ${p.threshold} (default ${threshold}) | ${p.all.genuine} / ${p.all.impostor} | ${at(p.heldout)} | ${at(p.atDefault.heldout)} | ${at(p.tune)} | ${at(p.all)} | ${at(p.atDefault.all)} |`),
    '',
  ];
}

/** The report section (bench/report.ts). */
export function faceAccuracySection(a: FaceAccuracyBench): string[] {
  const embedders = Object.keys(a.comparison ?? {});
  const conditions = a.comparison?.[embedders[0]!]?.heldout.map((r) => r.condition) ?? [];
  return [
    `Embedder: ${a.embedder}. Default threshold: distance ${a.threshold} (similarity 50), set at FMR ≤ 0.1 % on the impostor pairs of every identity and condition pooled (split-half check: on the held-out half, whose people never set it, the shipped threshold gives FMR ${((a.heldout.find((r) => r.condition === 'pooled')?.fmr ?? 0) * 100).toFixed(2)} %, pooled). ${a.photos} photos of ${a.identities} identities (identities/: London Set neutral vs smiling, lisa over sessions; faces/deepface), each clean photo against another photo of the same person (genuine) or of someone else (impostor) under each condition (scripts/face-eval/degrade.ts, seeded). A face not found counts as a non-match (faces not found per condition: ${Object.entries(a.noFace).map(([c, n]) => `${c} ${n}`).join(', ')}). FNMR @ FMR x: at the threshold that gives FMR x on those pairs; "at default": at the shipped threshold.`,
    '',
    ...(a.halves
      ? [
          `**Repeated split-half check** (${a.halves.draws} random halves of the identities; each time one half sets the threshold for FMR 0.1 % and the other half, people it never saw, is measured at it): FMR on the other half median ${pct(a.halves.fmr.median, 3)} %, mean ${pct(a.halves.fmr.mean, 3)} %, 90th percentile ${pct(a.halves.fmr.p90, 3)} %; FNMR mean ${pct(a.halves.fnmrMean)} %. A few look-alike pairs of people decide FMR at 0.1 %, so one split alone (below) can land them on either side.`,
          '',
        ]
      : []),
    '**Held-out half (never tuned on):**',
    '',
    ...rows(a.heldout),
    '',
    ...(a.printed ? printedRows(a.printed, a.threshold) : []),
    '**Tuning half (the threshold was set here):**',
    '',
    ...rows(a.tune),
    '',
    '**All identities** (impostor pairs across the halves included):',
    '',
    ...rows(a.all),
    '',
    ...(embedders.length
      ? [
          'Embedders compared on the same detections and landmarks (last calibration, held-out half; AUC per condition, then pooled FNMR @ FMR 0.1 % and 1 %, ms per face in a worker):',
          '',
          `| embedder | ${conditions.join(' | ')} | FNMR @ 0.1 % | FNMR @ 1 % | ms/face |`,
          `|---|${conditions.map(() => '---').join('|')}|---|---|---|`,
          ...embedders.map((e) => {
            const h = a.comparison[e]!.heldout;
            const p = h.find((r) => r.condition === 'pooled')!;
            return `| ${e} | ${h.map((r) => r.auc.toFixed(3)).join(' | ')} | ${pct(p.fnmrAtFmr001)} % | ${pct(p.fnmrAtFmr01)} % | ${a.comparison[e]!.msPerFace ?? '?'} |`;
          }),
        ]
      : []),
  ];
}
