/**
 * MRZ benchmark: valid-zone rate and field accuracy on the real specimen scans
 * and on generated ICAO pages (OCR-B, every format, photographed and damaged,
 * turned 0/90/180/270), with the time the zone stage adds (locate + read) on
 * the page as the engine prepares it. Runnable alone: `npx tsx bench/mrz.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { extractDocument, preparedPageAndGlare, readPage } from '../lib/engines/documents';
import type { MrzRead } from '../lib/engines/documents/mrz';
import { locateMrz } from '../lib/engines/documents/mrz-locate';
import { readMachineZone } from '../lib/engines/documents/mrz-zone';
import { intake } from '../lib/engines/media';
import { closeOcrPool } from '../lib/engines/ocr';
import { facesDir } from '../lib/testing/datasets';
import { generateIcao, MRZ_FORMATS, exampleZone, type ZoneTruth } from '../scripts/synth/icao';
import { quantile } from './stats';

const SPECIMENS = path.join(facesDir(), 'documents');

interface Tally {
  pages: number;
  valid: number;
  validRate: number;
  /** Share of the zone's fields (number, names, dates, sex, nationality) read right. */
  fieldAccuracy: number;
  repaired: number;
  medianMs: number;
  /** Pages whose zone did not validate. */
  failures: string[];
}

export interface MrzBench {
  specimens: Tally & { endToEnd: { file: string; type: string; valid: boolean; ms: number }[] };
  generated: Record<string, Tally>;
  generatedAll: Tally;
  /** Locating on a page with no zone (a CNH-like page of the document generator): median ms. */
  noZoneMs: number;
}

const FIELDS = ['documentNumber', 'lastName', 'firstName', 'birthDate', 'expirationDate', 'sex', 'nationality'] as const;

function fieldsRight(read: MrzRead | undefined, t: ZoneTruth): number {
  if (!read) return 0;
  const want: Record<(typeof FIELDS)[number], string> = { ...t, sex: t.sex === 'M' ? 'male' : 'female' };
  return FIELDS.filter((k) => (read.fields[k] ?? '') === want[k]).length;
}

function tally(rows: { read?: MrzRead; truth: ZoneTruth; ms: number; name: string }[]): Tally {
  const valid = rows.filter((r) => r.read?.valid).length;
  const right = rows.reduce((s, r) => s + fieldsRight(r.read, r.truth), 0);
  return {
    pages: rows.length,
    valid,
    validRate: rows.length ? Math.round((1000 * valid) / rows.length) / 10 : 0,
    fieldAccuracy: rows.length ? Math.round((1000 * right) / (rows.length * FIELDS.length)) / 10 : 0,
    repaired: rows.filter((r) => r.read?.repaired).length,
    medianMs: Math.round(quantile(rows.map((r) => r.ms), 0.5)),
    failures: rows.filter((r) => !r.read?.valid).map((r) => r.name),
  };
}

/**
 * The zone stage on a page as the engine prepares it (with the page's OCR lines and, when the page
 * had glare, its glare-undone version, as the engine has them), timed. As the engine
 * does for a page it could not settle upright, a page whose zone did not read
 * is prepared again a quarter turned (deskew measures level lines only).
 */
async function zoneOf(image: Buffer): Promise<{ read?: MrzRead; ms: number }> {
  let ms = 0;
  let read: MrzRead | undefined;
  for (const turn of [0, 90]) {
    const turned = turn ? await sharp(image).rotate(turn).jpeg({ quality: 95 }).toBuffer() : image;
    const { page, glareUndone, photo } = await preparedPageAndGlare(await intake(turned.toString('base64'), 'image'));
    // The page's own OCR lines, as the engine has them when the zone stage runs (not timed: the page reading is its own stage).
    const { lines } = await readPage(page);
    const t = performance.now();
    const r = await readMachineZone(page, lines, undefined, glareUndone, photo);
    ms += performance.now() - t;
    if (r && (!read || r.valid)) read = r;
    if (read?.valid) break;
  }
  return { read, ms };
}

export async function benchMrz(log: (s: string) => void, perFormat = Number(process.env.MRZ_BENCH_PER_FORMAT ?? 20)): Promise<MrzBench> {
  // Warm the OCR workers so the first page does not pay for their start.
  await zoneOf((await generateIcao('TD3', 0, 'clean')).image);
  const specimenRows = [];
  const endToEnd = [];
  for (const [file, format] of [['passport-td2-specimen.jpg', 'TD2'], ['passport-td3-specimen.jpg', 'TD3']] as const) {
    const p = path.join(SPECIMENS, file);
    if (!fs.existsSync(p)) continue;
    const image = fs.readFileSync(p);
    const z = await zoneOf(image);
    specimenRows.push({ ...z, truth: exampleZone(format), name: file });
    const t = performance.now();
    const r = await extractDocument(image.toString('base64'));
    const mrz = r.fields.find((f) => f.key === 'mrz');
    endToEnd.push({ file, type: r.typeRecognized, valid: Boolean(mrz?.valid), ms: Math.round(performance.now() - t) });
    log(`mrz specimen ${file}: zone ${z.read?.valid ? 'valid' : 'invalid'} ${Math.round(z.ms)} ms; extractDocument ${r.typeRecognized || r.errorMessage} ${endToEnd.at(-1)!.ms} ms`);
  }
  const generated: Record<string, Tally> = {};
  const all = [];
  for (const format of MRZ_FORMATS) {
    const rows = [];
    for (let seed = 0; seed < perFormat; seed++) {
      const s = await generateIcao(format, seed, 'photo');
      const z = await zoneOf(s.image);
      rows.push({ ...z, truth: s.truth, name: `${format}#${seed} turn ${s.damage.turn}` });
    }
    generated[format] = tally(rows);
    all.push(...rows);
    log(`mrz generated ${format}: ${generated[format]!.valid}/${rows.length} valid, fields ${generated[format]!.fieldAccuracy} %, median ${generated[format]!.medianMs} ms`);
  }
  // A page without a zone: the locate pass alone should cost little.
  const blank = await generateIcao('TD3', 1, 'clean');
  const noZone = [];
  const { page } = await preparedPageAndGlare(await intake(blank.image.toString('base64'), 'image'));
  const cropped = { ...page, height: Math.round(page.height * 0.6), data: page.data.subarray(0, page.width * Math.round(page.height * 0.6)) };
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    if (await locateMrz(cropped)) log('mrz: a zone was found on a page without one');
    noZone.push(performance.now() - t);
  }
  return { specimens: { ...tally(specimenRows), endToEnd }, generated, generatedAll: tally(all), noZoneMs: Math.round(quantile(noZone, 0.5)) };
}

export function renderMrz(b: MrzBench): string {
  const row = (name: string, t: Tally) => `| ${name} | ${t.valid}/${t.pages} (${t.validRate} %) | ${t.fieldAccuracy} % | ${t.repaired} | ${t.medianMs} |`;
  return [
    '## MRZ (machine-readable zone)',
    '',
    'Zone stage (locate the band, read it in the MRZ alphabet, repair by check digits) on the page as the engine prepares it.',
    '',
    '| set | valid MRZ | fields right | repaired | median ms |',
    '| --- | --- | --- | --- | --- |',
    row('real specimens', b.specimens),
    ...Object.entries(b.generated).map(([f, t]) => row(`generated ${f}`, t)),
    row('generated, all formats', b.generatedAll),
    '',
    `Locating on a page without a zone: median ${b.noZoneMs} ms.`,
    '',
    `End to end (\`extractDocument\`): ${b.specimens.endToEnd.map((e) => `${e.file} ${e.type || 'not recognised'} MRZ ${e.valid ? 'valid' : 'invalid'} ${e.ms} ms`).join('; ')}.`,
    b.generatedAll.failures.length ? `\nNot valid: ${b.generatedAll.failures.join(', ')}.` : '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchMrz(console.log)
    .then((b) => console.log(`\n${renderMrz(b)}`))
    .finally(() => closeOcrPool());
}
