/**
 * The document engine on layouts it was never tuned on: photos from the
 * independent generator (scripts/synth-unseen: other layouts, wordings,
 * fonts, backgrounds, issuers and phone damage at three levels), scored the
 * same way as the tuned set (bench/documents.ts). Evaluation only: nothing
 * here may be used to tune the engine. Part `documentsUnseen` of `npm run bench`.
 */
import { extractDocument } from '../lib/engines/documents';
import { flattenFields } from '../scripts/synth/compare';
import { generateUnseen, LEVELS, UNSEEN_TYPES, type Level } from '../scripts/synth-unseen';
import { countFields, groupOf, type DocumentBench, type FieldGroup } from './documents';
import { quantile } from './stats';

interface Tally {
  exact: number;
  total: number;
  accuracy: number;
  /** Per field, on pages placed as the right type: values not found, and values found but wrong (a missing label or
   * line, against a misread or a value taken from the wrong place). */
  missing?: number;
  misread?: number;
}
type Group = FieldGroup;

export interface UnseenDocumentBench {
  samples: number;
  perTypePerLevel: number;
  classification: Tally & { byType: Record<string, number>; byLevel: Record<Level, number>; byVariant: Record<string, Tally> };
  /** Exact fields per type and key, and per key over all types. */
  fields: Record<string, Record<string, Tally>>;
  byField: Record<string, Tally>;
  groups: Record<Group, Tally>;
  groupsByLevel: Record<Level, Record<Group, Tally>>;
  /** For each type, what its misclassified photos were read as (and how often). */
  confusion: Record<string, Record<string, number>>;
  msPerImage: { median: number; p95: number };
  /**
   * The same documents filling the frame (scanned, or cut to the page; the level's blur, noise, light and JPEG, no
   * surface, tilt or glare): what the layouts alone cost, apart from the phone's framing.
   */
  pages?: { classification: Tally; groups: Record<Group, Tally>; byType: Record<string, number> };
}

const tally = (): Tally => ({ exact: 0, total: 0, accuracy: 0 });
const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((1000 * a) / b) / 10);
const count = (t: Tally, ok: boolean) => {
  t.total++;
  if (ok) t.exact++;
};

export async function benchDocumentsUnseen(perTypePerLevel: number, log: (s: string) => void): Promise<UnseenDocumentBench> {
  const fields: UnseenDocumentBench['fields'] = {};
  const byField: UnseenDocumentBench['byField'] = {};
  const groups = { cpf_dates_numbers: tally(), names: tally() };
  const groupsByLevel = Object.fromEntries(LEVELS.map((l) => [l, { cpf_dates_numbers: tally(), names: tally() }])) as UnseenDocumentBench['groupsByLevel'];
  const confusion: UnseenDocumentBench['confusion'] = {};
  const byType: Record<string, Tally> = {};
  const byLevel = Object.fromEntries(LEVELS.map((l) => [l, tally()])) as Record<Level, Tally>;
  const byVariant: Record<string, Tally> = {};
  const all = tally();
  const times: number[] = [];
  const pages = { classification: tally(), groups: { cpf_dates_numbers: tally(), names: tally() }, byType: {} as Record<string, Tally> };
  for (const type of UNSEEN_TYPES) {
    byType[type] = tally();
    pages.byType[type] = tally();
    for (const [li, level] of LEVELS.entries()) {
      // Seeds of their own (the tuned bench uses 1000+), other documents at each level: more layouts and people seen per type.
      for (let seed = 7000 + li * 100; seed < 7000 + li * 100 + perTypePerLevel; seed++) {
        const sample = await generateUnseen(type, seed, level);
        const t = performance.now();
        const read = await extractDocument(sample.image.toString('base64')).catch((e: Error) => ({ typeRecognized: `error: ${e.message.slice(0, 40)}`, fields: [] }));
        times.push(performance.now() - t);
        const right = read.typeRecognized === type;
        for (const t of [all, byType[type]!, byLevel[level], (byVariant[sample.truth.variant] ??= tally())]) count(t, right);
        // A page not placed says whether the time budget cut its fallbacks short: the figure tells a slow reading from an unknown layout.
        // and which fallbacks it left untried.
        const untried = 'errorMessage' in read ? /not tried: ([^)]*)/.exec(read.errorMessage ?? '')?.[1] : undefined;
        // A page not placed also says the candidate that came closest (type only: the cues are the page's own).
        const closest = 'candidates' in read ? [...(read.candidates ?? [])].sort((a, b) => b.score - a.score)[0]?.type : undefined;
        const notPlaced = [untried && `budget spent; not tried: ${untried}`, closest ? `closest ${closest}` : 'no candidate'].filter(Boolean).join('; ');
        const readAs = read.typeRecognized || `not recognised (${notPlaced})`;
        if (!right) (confusion[type] ??= {})[readAs] = (confusion[type]?.[readAs] ?? 0) + 1;
        const page = await generateUnseen(type, seed, level, { framing: 'page' });
        const pageRead = await extractDocument(page.image.toString('base64')).catch(() => ({ typeRecognized: 'error', fields: [] }));
        for (const t of [pages.classification, pages.byType[type]!]) count(t, pageRead.typeRecognized === type);
        countFields(page.truth.fields, flattenFields(pageRead.fields), pages.groups);
        const got = flattenFields(read.fields);
        for (const [key, want] of Object.entries(sample.truth.fields)) {
          const ok = got[key] === want;
          const cell = ((fields[type] ??= {})[key] ??= tally());
          count(cell, ok);
          if (right && !ok) {
            if (got[key] === undefined) cell.missing = (cell.missing ?? 0) + 1;
            else cell.misread = (cell.misread ?? 0) + 1;
          }
          count((byField[key] ??= tally()), ok);
          const g = groupOf(key);
          if (g) {
            count(groups[g], ok);
            count(groupsByLevel[level][g], ok);
          }
        }
      }
      log(`  ${type} ${level}: classified ${byType[type]!.exact}/${byType[type]!.total} so far`);
    }
  }
  const finish = (t: Tally) => (t.accuracy = pct(t.exact, t.total));
  [all, ...Object.values(byType), ...Object.values(byLevel), ...Object.values(byVariant), ...Object.values(byField), ...Object.values(groups), pages.classification, ...Object.values(pages.groups), ...Object.values(pages.byType)].forEach(finish);
  for (const t of Object.values(fields)) Object.values(t).forEach(finish);
  for (const l of Object.values(groupsByLevel)) Object.values(l).forEach(finish);
  return {
    samples: all.total,
    perTypePerLevel,
    classification: {
      ...all,
      byType: Object.fromEntries(Object.entries(byType).map(([k, v]) => [k, v.accuracy])),
      byLevel: Object.fromEntries(LEVELS.map((l) => [l, byLevel[l].accuracy])) as Record<Level, number>,
      byVariant,
    },
    fields,
    byField,
    groups,
    groupsByLevel,
    confusion,
    msPerImage: { median: Math.round(quantile(times, 0.5)), p95: Math.round(quantile(times, 0.95)) },
    pages: { ...pages, byType: Object.fromEntries(Object.entries(pages.byType).map(([k, v]) => [k, v.accuracy])) },
  };
}

const gap = (tuned: number | undefined, unseen: number) => (tuned === undefined ? '—' : (Math.round((tuned - unseen) * 10) / 10).toFixed(1));
const cell = (v: number | undefined) => (v === undefined ? '—' : String(v));

/** The unseen-layout figures beside the tuned set's (the `documents` part), with the gap per group. */
export function unseenSection(u: UnseenDocumentBench, tuned: DocumentBench | undefined): string[] {
  const readAs = (type: string) =>
    Object.entries(u.confusion[type] ?? {})
      .sort((a, b) => b[1] - a[1])
      .map(([t, n]) => `${t} ×${n}`)
      .join(', ') || '—';
  const row = (name: string, t: number | undefined, v: number) => `| ${name} | ${cell(t)} | **${v}** | ${gap(t, v)} |`;
  return [
    `Photos from the independent generator \`scripts/synth-unseen\` (evaluation only, never used to tune): other layouts, label wordings, Debian fonts, backgrounds and issuers, fields moved about ±10 %, phone damage at three levels. ${u.perTypePerLevel} per type per level, ${u.samples} photos; engine ${u.msPerImage.median} ms median, ${u.msPerImage.p95} ms p95 per photo (one at a time). Tuned set: the \`documents\` part's figures${tuned ? ` (${tuned.samples} photos from scripts/synth)` : ' (not measured)'}.`,
    '',
    '| measure | tuned set % | unseen layouts % | gap (tuned − unseen) |',
    '|---|---|---|---|',
    row('classification', tuned?.classification.accuracy, u.classification.accuracy),
    row('CPF, dates and numbers exact', tuned?.groups.cpf_dates_numbers.accuracy, u.groups.cpf_dates_numbers.accuracy),
    row('names exact', tuned?.groups.names.accuracy, u.groups.names.accuracy),
    '',
    ...(u.pages
      ? [
          `The same unseen documents filling the frame (scanned, or cut to the page: no surface, tilt or glare; the level's blur, noise, light and JPEG): classification ${u.pages.classification.accuracy} %, CPF, dates and numbers ${u.pages.groups.cpf_dates_numbers.accuracy} %, names ${u.pages.groups.names.accuracy} %. So of the gap to the tuned set, ${gap(tuned?.classification.accuracy, u.pages.classification.accuracy)} / ${gap(tuned?.groups.cpf_dates_numbers.accuracy, u.pages.groups.cpf_dates_numbers.accuracy)} / ${gap(tuned?.groups.names.accuracy, u.pages.groups.names.accuracy)} points remain on pages (the layouts), and ${gap(u.pages.classification.accuracy, u.classification.accuracy)} / ${gap(u.pages.groups.cpf_dates_numbers.accuracy, u.groups.cpf_dates_numbers.accuracy)} / ${gap(u.pages.groups.names.accuracy, u.groups.names.accuracy)} come with the phone's framing (the card a smaller share of the frame, tilted, turned, on a surface, under glare). Pages classified per type: ${Object.entries(u.pages.byType)
            .map(([t, a]) => `${t} ${a} %`)
            .join(', ')}.`,
          '',
        ]
      : []),
    `By damage level (classification / CPF, dates and numbers / names): ${LEVELS.map((l) => `${l} ${u.classification.byLevel[l]} / ${u.groupsByLevel[l].cpf_dates_numbers.accuracy} / ${u.groupsByLevel[l].names.accuracy}`).join('; ')}.`,
    '',
    '| type | tuned classified % | unseen classified % | misread as |',
    '|---|---|---|---|',
    ...UNSEEN_TYPES.map((t) => `| ${t} | ${cell(tuned?.classification.byType[t])} | ${u.classification.byType[t]} | ${readAs(t)} |`),
    '',
    `Per variant (classified): ${Object.entries(u.classification.byVariant)
      .map(([v, t]) => `${v} ${t.exact}/${t.total}`)
      .join(', ')}.`,
    '',
    'Missing / misread: of the unseen photos placed as the right type, the values not found and the values found but wrong.',
    '',
    '| type | field | tuned exact % | unseen exact % | unseen n | missing / misread |',
    '|---|---|---|---|---|---|',
    ...Object.entries(u.fields).flatMap(([type, keys]) => Object.entries(keys).map(([key, t], i) => `| ${i === 0 ? type : ''} | ${key} | ${cell(tuned?.fields[type]?.[key]?.accuracy)} | ${t.accuracy} | ${t.total} | ${t.missing ?? 0} / ${t.misread ?? 0} |`)),
    '',
    `Per field over all types (unseen): ${Object.entries(u.byField)
      .sort((a, b) => a[1].accuracy - b[1].accuracy)
      .map(([k, t]) => `${k} ${t.accuracy} % (${t.total})`)
      .join(', ')}.`,
  ];
}
