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
import { generateSpecimen, SPECIMEN_FORMATS, type SpecimenTruth } from '../scripts/synth-unseen';
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

/** The unseen specimens' zone stage, and the whole engine on the same scans (the MRZ field as 4.9 returns it). */
interface UnseenTally extends Tally {
  /** Zones read character for character as printed. */
  exact: number;
  engine: { valid: number; exact: number; medianMs: number; p95Ms: number };
}

export interface MrzBench {
  specimens: Tally & { endToEnd: { file: string; type: string; valid: boolean; ms: number }[] };
  generated: Record<string, Tally>;
  generatedAll: Tally;
  /** The tuning generator's specimen scans (overprints, patterns behind the zone, issuers' pitch and ink, 650–1400 px). */
  scans?: Record<string, Tally>;
  scansAll?: Tally;
  /** Scanned specimens from the independent generator (scripts/synth-unseen/specimens.ts): evaluation only, never tuned on. */
  unseen?: Record<string, UnseenTally>;
  unseenAll?: UnseenTally;
  /** Locating on a page with no zone (a CNH-like page of the document generator): median ms. */
  noZoneMs: number;
}

const FIELDS = ['documentNumber', 'lastName', 'firstName', 'birthDate', 'expirationDate', 'sex', 'nationality'] as const;

/** A zone's fields as the reader should give them (the parser's terms: sex as `male`, codes without fillers for the specimens). */
type Expected = Record<(typeof FIELDS)[number], string>;

const expectedOf = (t: ZoneTruth): Expected => ({ ...t, sex: t.sex === 'M' ? 'male' : 'female' });

/** An unseen specimen's fields: codes compared without fillers, an unspecified sex as unspecified. */
const expectedOfSpecimen = (t: SpecimenTruth): Expected => ({ ...t, nationality: t.nationality.replace(/</g, ''), sex: t.sex === 'M' ? 'male' : t.sex === 'F' ? 'female' : 'nonspecified' });

function fieldsRight(read: MrzRead | undefined, want: Expected): number {
  if (!read) return 0;
  return FIELDS.filter((k) => (read.fields[k] ?? '') === want[k]).length;
}

function tally(rows: { read?: MrzRead; want: Expected; ms: number; name: string }[]): Tally {
  const valid = rows.filter((r) => r.read?.valid).length;
  const right = rows.reduce((s, r) => s + fieldsRight(r.read, r.want), 0);
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
    const { page, plain, glareUndone, photo, onPhoto } = await preparedPageAndGlare(await intake(turned.toString('base64'), 'image'));
    // The page's own OCR lines, as the engine has them when the zone stage runs (not timed: the page reading is its own stage).
    const { lines } = await readPage(page);
    const t = performance.now();
    const own = await readMachineZone(plain, lines, undefined, glareUndone, photo);
    // As the engine does: a page without a valid zone of its own, located in a larger scan, has it looked for beside it
    // and on the document, read off the photo past where the page cut it.
    const beside = own?.valid ? undefined : await onPhoto?.beside();
    const over = !own?.valid && !beside?.valid ? await onPhoto?.over() : undefined;
    const r = over?.valid ? over : beside && (beside.valid || !own) ? beside : own;
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
    specimenRows.push({ ...z, want: expectedOf(exampleZone(format)), name: file });
    const t = performance.now();
    const r = await extractDocument(image.toString('base64'));
    const mrz = r.fields.find((f) => f.key === 'mrz');
    endToEnd.push({ file, type: r.typeRecognized, valid: Boolean(mrz?.valid), ms: Math.round(performance.now() - t) });
    log(`mrz specimen ${file}: zone ${z.read?.valid ? 'valid' : 'invalid'} ${Math.round(z.ms)} ms; extractDocument ${r.typeRecognized || r.errorMessage} ${endToEnd.at(-1)!.ms} ms`);
  }
  const photos = await benchGenerated(log, 'photo', perFormat);
  const scans = await benchGenerated(log, 'scan', Number(process.env.MRZ_BENCH_SCANS_PER_FORMAT ?? 10));
  const { unseen, unseenAll } = await benchUnseenSpecimens(log, Number(process.env.MRZ_BENCH_UNSEEN_PER_FORMAT ?? 10));
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
  return { specimens: { ...tally(specimenRows), endToEnd }, generated: photos.per, generatedAll: photos.all, scans: scans.per, scansAll: scans.all, unseen, unseenAll, noZoneMs: Math.round(quantile(noZone, 0.5)) };
}

/** The zone stage on the tuning generator's pages of every format: photographed, or scanned as specimens. */
async function benchGenerated(log: (s: string) => void, level: 'photo' | 'scan', perFormat: number): Promise<{ per: Record<string, Tally>; all: Tally }> {
  const per: Record<string, Tally> = {};
  const all = [];
  for (const format of MRZ_FORMATS) {
    const rows = [];
    for (let seed = 0; seed < perFormat; seed++) {
      const s = await generateIcao(format, seed, level);
      const z = await zoneOf(s.image);
      rows.push({ ...z, want: expectedOf(s.truth), name: `${level} ${format}#${seed}${s.damage.turn ? ` turn ${s.damage.turn}` : ''}` });
    }
    per[format] = tally(rows);
    all.push(...rows);
    log(`mrz generated ${level} ${format}: ${per[format]!.valid}/${rows.length} valid, fields ${per[format]!.fieldAccuracy} %, median ${per[format]!.medianMs} ms`);
  }
  return { per, all: tally(all) };
}

type UnseenRow = { read?: MrzRead; want: Expected; ms: number; name: string; exact: boolean; engine: { valid: boolean; exact: boolean; ms: number } };

function unseenTally(rows: UnseenRow[]): UnseenTally {
  const ms = rows.map((r) => r.engine.ms);
  return {
    ...tally(rows),
    exact: rows.filter((r) => r.exact).length,
    engine: { valid: rows.filter((r) => r.engine.valid).length, exact: rows.filter((r) => r.engine.exact).length, medianMs: Math.round(quantile(ms, 0.5)), p95Ms: Math.round(quantile(ms, 0.95)) },
  };
}

/** The zone stage and the whole engine on scanned specimens of every format from the independent generator. */
async function benchUnseenSpecimens(log: (s: string) => void, perFormat: number): Promise<{ unseen: Record<string, UnseenTally>; unseenAll: UnseenTally }> {
  const unseen: Record<string, UnseenTally> = {};
  const all: UnseenRow[] = [];
  for (const format of SPECIMEN_FORMATS) {
    const rows: UnseenRow[] = [];
    for (let seed = 1; seed <= perFormat; seed++) {
      const s = await generateSpecimen(format, seed);
      const z = await zoneOf(s.image);
      const t = performance.now();
      const r = await extractDocument(s.image.toString('base64'));
      const ms = performance.now() - t;
      const mrz = r.fields.find((f) => f.key === 'mrz');
      const printed = s.truth.lines.join('\n');
      rows.push({ ...z, want: expectedOfSpecimen(s.truth), name: `${format}#${seed}`, exact: z.read?.lines.join('\n') === printed, engine: { valid: Boolean(mrz?.valid), exact: mrz?.value === printed, ms } });
    }
    unseen[format] = unseenTally(rows);
    all.push(...rows);
    const u = unseen[format]!;
    log(`mrz unseen specimens ${format}: zone ${u.valid}/${rows.length} valid (${u.exact} exact), fields ${u.fieldAccuracy} %; engine ${u.engine.valid} valid, median ${u.engine.medianMs} ms`);
  }
  return { unseen, unseenAll: unseenTally(all) };
}

function renderUnseen(unseen: Record<string, UnseenTally>, all: UnseenTally, tuned: Tally): string[] {
  const row = (name: string, t: UnseenTally) => `| ${name} | ${t.valid}/${t.pages} (${t.validRate} %) | ${t.exact}/${t.pages} | ${t.fieldAccuracy} % | ${t.engine.valid}/${t.pages} | ${t.engine.exact}/${t.pages} | ${t.engine.medianMs} / ${t.engine.p95Ms} |`;
  return [
    '**Unseen specimens** (scripts/synth-unseen/specimens.ts, an independent generator used only here, never tuned on): scans of ICAO specimens of every format as catalogues publish them, 600–1600 px wide, guilloche and rainbow print, SPECIMEN overprints (some across the zone), spreads and stickers on passport pages, both sides of a card on one scan, zones in other pitches, inks and weights. Zone stage as above; "engine": `extractDocument` on the same scan (the MRZ field as 4.9 returns it), median / p95 ms.',
    '',
    '| set | zone valid | zone exact | fields right | engine: MRZ valid | engine: MRZ exact | engine ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries(unseen).map(([f, t]) => row(`unseen ${f}`, t)),
    row('unseen, all formats', all),
    '',
    `Gap, generated scans − unseen specimens (valid zones): ${Math.round((tuned.validRate - all.validRate) * 10) / 10} points.${all.failures.length ? ` Not valid: ${all.failures.join(', ')}.` : ''}`,
    '',
  ];
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
    ...(b.scans && b.scansAll ? [...Object.entries(b.scans).map(([f, t]) => row(`generated scan ${f}`, t)), row('generated scans, all formats', b.scansAll)] : []),
    '',
    'Generated: ICAO pages photographed (tilt, perspective, glare, turns). Generated scans: the same generator\'s pages scanned as catalogues publish specimens (SPECIMEN overprints, sometimes across the zone; a pattern behind the zone; an issuer\'s pitch, ink and weight; 650–1400 px wide). Both tune the reader.',
    '',
    ...(b.unseen && b.unseenAll ? renderUnseen(b.unseen, b.unseenAll, b.scansAll ?? b.generatedAll) : []),
    `Locating on a page without a zone: median ${b.noZoneMs} ms.`,
    '',
    `End to end (\`extractDocument\`): ${b.specimens.endToEnd.map((e) => `${e.file} ${e.type || 'not recognised'} MRZ ${e.valid ? 'valid' : 'invalid'} ${e.ms} ms`).join('; ')}.`,
    [...b.generatedAll.failures, ...(b.scansAll?.failures ?? [])].length ? `\nNot valid: ${[...b.generatedAll.failures, ...(b.scansAll?.failures ?? [])].join(', ')}.` : '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchMrz(console.log)
    .then((b) => console.log(`\n${renderMrz(b)}`))
    .finally(() => closeOcrPool());
}
