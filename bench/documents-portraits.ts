/**
 * The document engine on unseen layouts whose holder's picture is a real photograph, beside the same documents with the
 * drawn silhouette, photographed with a phone and filling the frame (scanned, or cut to the page). Real documents carry
 * a photograph, and its edges and tones are what an outline or a text block can run into: the drawn silhouette hid that
 * (session 103 found a page filling the frame outlined as its portrait). Evaluation only, like `documentsUnseen`: the
 * photographs are the shared identities set's (London Set neutral faces), never used to tune the document engine.
 * Part `documentsPortraits` of `npm run bench`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { extractDocument } from '../lib/engines/documents';
import { datasetsDir } from '../lib/testing/datasets';
import { flattenFields } from '../scripts/synth/compare';
import { generateUnseen, LEVELS, type UnseenType } from '../scripts/synth-unseen';
import { countFields, type GroupCount } from './documents';
import { quantile } from './stats';

/** The unseen types that print the holder's picture. */
export const PORTRAIT_TYPES: UnseenType[] = ['CNH_FRENTE', 'CNH_ABERTA', 'RG_FRENTE', 'RG_ABERTO', 'CIN_FRENTE', 'PASSAPORTE'];

const ARMS = [
  { key: 'drawnPhone', portrait: false, framing: 'phone', label: 'drawn silhouette, phone photo' },
  { key: 'photoPhone', portrait: true, framing: 'phone', label: 'real photograph, phone photo' },
  { key: 'drawnPage', portrait: false, framing: 'page', label: 'drawn silhouette, page filling the frame' },
  { key: 'photoPage', portrait: true, framing: 'page', label: 'real photograph, page filling the frame' },
] as const;
type Arm = (typeof ARMS)[number]['key'];

interface Counts {
  classified: number;
  photos: number;
  cpf_dates_numbers: GroupCount;
  names: GroupCount;
}

export interface PortraitDocumentBench {
  perTypePerLevel: number;
  /** Which faces: the identities set's neutral photos, or why the part did not run. */
  faces: string;
  arms: Record<Arm, Counts & { msMedian: number; msP95: number }>;
  byType: Record<string, Record<Arm, Counts>>;
  /** Photos whose reading differs between the silhouette and the photograph (same document and shot): type, seed, level, framing and what changed. */
  differences: string[];
}

const counts = (): Counts => ({ classified: 0, photos: 0, cpf_dates_numbers: { exact: 0, total: 0 }, names: { exact: 0, total: 0 } });

/** Neutral studio photos of the identities set, in a fixed order. */
function neutralFaces(): string[] {
  const dir = datasetsDir();
  if (!dir) return [];
  const root = path.join(dir, 'identities');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((d) => d.startsWith('london_'))
    .sort()
    .map((d) => path.join(root, d, `${d.slice(7)}_03.jpg`))
    .filter((f) => fs.existsSync(f));
}

export async function benchDocumentsPortraits(perTypePerLevel: number, log: (s: string) => void): Promise<PortraitDocumentBench | undefined> {
  const faces = neutralFaces();
  if (faces.length === 0) {
    log('  identities set missing (../shared/datasets/identities): part skipped');
    return undefined;
  }
  const arms = Object.fromEntries(ARMS.map((a) => [a.key, counts()])) as Record<Arm, Counts>;
  const times = Object.fromEntries(ARMS.map((a) => [a.key, [] as number[]])) as Record<Arm, number[]>;
  const byType: PortraitDocumentBench['byType'] = {};
  const differences: string[] = [];
  for (const [ti, type] of PORTRAIT_TYPES.entries()) {
    byType[type] = Object.fromEntries(ARMS.map((a) => [a.key, counts()])) as Record<Arm, Counts>;
    for (const [li, level] of LEVELS.entries()) {
      // The unseen part's seeds: the drawn phone arm is its photos again.
      for (let seed = 7000 + li * 100; seed < 7000 + li * 100 + perTypePerLevel; seed++) {
        const face = fs.readFileSync(faces[(seed * 7 + ti * 13) % faces.length]!);
        const summary: Partial<Record<Arm, string>> = {};
        for (const arm of ARMS) {
          const sample = await generateUnseen(type, seed, level, { portrait: arm.portrait ? face : undefined, framing: arm.framing });
          const t = performance.now();
          const read = await extractDocument(sample.image.toString('base64')).catch(() => ({ typeRecognized: 'error', fields: [] }));
          times[arm.key].push(performance.now() - t);
          const right = read.typeRecognized === type;
          for (const c of [arms[arm.key], byType[type]![arm.key]]) {
            c.photos++;
            if (right) c.classified++;
          }
          const wrong = countFields(sample.truth.fields, flattenFields(read.fields), arms[arm.key], byType[type]![arm.key]);
          summary[arm.key] = `${right ? type : read.typeRecognized || 'not recognised'}${wrong.length ? ` (wrong ${wrong.join(', ')})` : ''}`;
        }
        for (const [drawn, photo, framing] of [['drawnPhone', 'photoPhone', 'phone'], ['drawnPage', 'photoPage', 'page']] as const) {
          if (summary[drawn] !== summary[photo]) differences.push(`${type} ${seed} ${level} ${framing}: silhouette ${summary[drawn]}; photograph ${summary[photo]}`);
        }
      }
    }
    log(`  ${type}: ${ARMS.map((a) => `${a.key} ${byType[type]![a.key].classified}/${byType[type]![a.key].photos}`).join(', ')}`);
  }
  return {
    perTypePerLevel,
    faces: `${faces.length} neutral photos of the identities set (London Set)`,
    arms: Object.fromEntries(ARMS.map((a) => [a.key, { ...arms[a.key], msMedian: Math.round(quantile(times[a.key], 0.5)), msP95: Math.round(quantile(times[a.key], 0.95)) }])) as PortraitDocumentBench['arms'],
    byType,
    differences,
  };
}

const pct = ({ exact, total }: GroupCount) => (total === 0 ? '—' : (Math.round((1000 * exact) / total) / 10).toString());

/** The four arms side by side, per type, and the photos whose reading the photograph changed. */
export function portraitsSection(p: PortraitDocumentBench): string[] {
  const row = (label: string, c: Counts & { msMedian?: number; msP95?: number }) =>
    `| ${label} | ${c.photos} | ${pct({ exact: c.classified, total: c.photos })} | ${pct(c.cpf_dates_numbers)} | ${pct(c.names)} |${c.msMedian === undefined ? '' : ` ${c.msMedian} / ${c.msP95} |`}`;
  return [
    `The unseen part's documents of the ${PORTRAIT_TYPES.length} types that print the holder's picture (${PORTRAIT_TYPES.join(', ')}; ${p.perTypePerLevel} per type per damage level, the same seeds), each read four ways: the drawn silhouette or a real photograph as the picture (${p.faces}; the rest of the document identical), photographed with a phone on a surface or filling the frame (scanned, or cut to the page: a turn of a degree at most, the level's blur, noise, light and JPEG). Evaluation only: neither the generator nor the photographs tune the engine.`,
    '',
    '| picture, framing | photos | classified % | CPF, dates and numbers exact % | names exact % | engine ms median / p95 |',
    '|---|---|---|---|---|---|',
    ...ARMS.map((a) => row(a.label, p.arms[a.key])),
    '',
    'Per type (classified % / CPF, dates and numbers % / names %):',
    '',
    `| type | ${ARMS.map((a) => a.label).join(' | ')} |`,
    `|---|${ARMS.map(() => '---|').join('')}`,
    ...Object.entries(p.byType).map(([type, arms]) => `| ${type} | ${ARMS.map((a) => `${pct({ exact: arms[a.key].classified, total: arms[a.key].photos })} / ${pct(arms[a.key].cpf_dates_numbers)} / ${pct(arms[a.key].names)}`).join(' | ')} |`),
    '',
    p.differences.length ? `Readings the photograph changed (same document and shot): ${p.differences.length}.` : 'No reading changed with the photograph.',
    '',
    ...p.differences.map((d) => `- ${d}`),
  ];
}
