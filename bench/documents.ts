/**
 * Document engine benchmark: accuracy per type and field on synthetic photos
 * (with ground truth), and latency through the SPEC 4.9 handler with both
 * cores busy. Part of `npm run bench`.
 */
import { DOC_TYPES, flattenFields, generate, type Sample } from '../scripts/synth';
import { extractDocument } from '../lib/engines/documents';
import { quantile } from './stats';

export interface DocumentBench {
  samples: number;
  classification: { correct: number; total: number; accuracy: number; byType: Record<string, number> };
  fields: Record<string, Record<string, { exact: number; total: number; accuracy: number }>>;
  groups: Record<'cpf_dates_numbers' | 'names', { exact: number; total: number; accuracy: number }>;
  latencyMs: { median: number; p95: number; concurrency: number; width: number };
  /**
   * The same generator's documents as a phone photographs them on a surface (a share of the frame, a textured table,
   * light falling off) with harsher damage (`scene` and `rough`): the tuned condition nearest the unseen part's phone
   * photos, so that its gap is read against it too.
   */
  scenes?: SceneRow;
  /** The same photos taken from further away: the card 30 % of the frame's width (too small an outline to locate). */
  farScenes?: SceneRow;
}

interface SceneRow {
  perType: number;
  classification: number;
  cpf_dates_numbers: number;
  names: number;
}

export const NAME_KEYS = new Set(['nome', 'filiacao.0', 'filiacao.1', 'naturalidade']);
export const NUMERIC_KEYS = new Set(['qrCode.cpf', 'cpf', 'dataNascimento', 'dataEmissao', 'validade', 'dataExpedicao', 'primeiraHabilitacao', 'numeroRegistro', 'rg', 'numeroPassaporte']);

/** The group a field's exactness counts in (names, or CPF, dates and numbers), or none. */
export type FieldGroup = 'cpf_dates_numbers' | 'names';
export const groupOf = (key: string): FieldGroup | undefined => (NAME_KEYS.has(key) ? 'names' : NUMERIC_KEYS.has(key) ? 'cpf_dates_numbers' : undefined);

/** Exact values of a field group, of those counted. */
export interface GroupCount {
  exact: number;
  total: number;
}

/** A reading's fields against the truth, each counted in its group in every record of `into`; the keys it got wrong. */
export function countFields(truth: Record<string, string>, got: Record<string, string | undefined>, ...into: Record<FieldGroup, GroupCount>[]): string[] {
  const wrong: string[] = [];
  for (const [key, want] of Object.entries(truth)) {
    const ok = got[key] === want;
    if (!ok) wrong.push(key);
    const g = groupOf(key);
    if (!g) continue;
    for (const groups of into) {
      groups[g].total++;
      if (ok) groups[g].exact++;
    }
  }
  return wrong;
}

const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((1000 * a) / b) / 10);

export async function benchDocuments(perType: number, log: (s: string) => void): Promise<DocumentBench> {
  const fields: DocumentBench['fields'] = {};
  const groups: DocumentBench['groups'] = { cpf_dates_numbers: { exact: 0, total: 0, accuracy: 0 }, names: { exact: 0, total: 0, accuracy: 0 } };
  const byTypeCorrect: Record<string, number> = {};
  let correct = 0;
  let total = 0;
  for (const type of DOC_TYPES) {
    byTypeCorrect[type] = 0;
    for (let seed = 1000; seed < 1000 + perType; seed++) {
      const s: Sample = await generate(type, seed, 'photo');
      const r = await extractDocument(s.image.toString('base64'));
      total++;
      if (r.typeRecognized === type) {
        correct++;
        byTypeCorrect[type]!++;
      }
      const got = flattenFields(r.fields);
      for (const [key, want] of Object.entries(s.truth.fields)) {
        const cell = ((fields[type] ??= {})[key] ??= { exact: 0, total: 0, accuracy: 0 });
        const ok = got[key] === want;
        cell.total++;
        if (ok) cell.exact++;
        const g = groupOf(key);
        const group = g && groups[g];
        if (group) {
          group.total++;
          if (ok) group.exact++;
        }
      }
    }
    log(`  ${type}: classified ${byTypeCorrect[type]}/${perType}`);
  }
  for (const t of Object.values(fields)) for (const c of Object.values(t)) c.accuracy = pct(c.exact, c.total);
  for (const g of Object.values(groups)) g.accuracy = pct(g.exact, g.total);

  // Latency: 1600 px wide photos of every type (damage, turns included, drawn at the generator's rates), two at a time (both cores busy).
  // Three per type: with a handful of pictures the median jumps between a fast and a slow one.
  const inputs: string[] = [];
  for (const [i, type] of DOC_TYPES.entries()) {
    let found = 0;
    for (let k = 0; k < 10 && found < 3; k++) {
      const photo = await generate(type, 5000 + i * 10 + k, 'photo');
      if (photo.damage.width !== 1600) continue;
      inputs.push(photo.image.toString('base64'));
      found++;
    }
  }
  const times: number[] = [];
  let next = 0;
  const runs = inputs.length;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < runs) {
        const input = inputs[next++ % inputs.length]!;
        const t = performance.now();
        await extractDocument(input);
        times.push(performance.now() - t);
      }
    }),
  );
  const scenesPerType = Number(process.env.BENCH_SCENES_PER_TYPE ?? Math.min(4, perType));
  const scenes = await benchScenes(scenesPerType, log);
  const farScenes = await benchScenes(scenesPerType, log, FAR_FILL);
  return {
    samples: total,
    scenes,
    farScenes,
    classification: { correct, total, accuracy: pct(correct, total), byType: Object.fromEntries(Object.entries(byTypeCorrect).map(([k, v]) => [k, pct(v, perType)])) },
    fields,
    groups,
    latencyMs: { median: Math.round(quantile(times, 0.5)), p95: Math.round(quantile(times, 0.95)), concurrency: 2, width: 1600 },
  };
}

/** The card's share of the frame's width in `DocumentBench.farScenes`. */
const FAR_FILL = 0.3;

/**
 * Classification and field groups on rough phone photos of the tuning generator's documents on a surface
 * (`DocumentBench.scenes`; with `fill`, the card that share of the frame: `farScenes`).
 */
async function benchScenes(perType: number, log: (s: string) => void, fill?: number): Promise<SceneRow> {
  const classified = [0, 0];
  const groups: Record<FieldGroup, GroupCount> = { cpf_dates_numbers: { exact: 0, total: 0 }, names: { exact: 0, total: 0 } };
  for (const type of DOC_TYPES) {
    for (let seed = 1000; seed < 1000 + perType; seed++) {
      const s = await generate(type, seed, 'photo', { scene: true, rough: true, sceneFill: fill });
      const r = await extractDocument(s.image.toString('base64'));
      classified[1]!++;
      if (r.typeRecognized === type) classified[0]!++;
      countFields(s.truth.fields, flattenFields(r.fields), groups);
    }
  }
  log(`  rough photos on a surface${fill ? ` from afar (${fill * 100} %)` : ''}: classified ${classified[0]}/${classified[1]}`);
  return { perType, classification: pct(classified[0]!, classified[1]!), cpf_dates_numbers: pct(groups.cpf_dates_numbers.exact, groups.cpf_dates_numbers.total), names: pct(groups.names.exact, groups.names.total) };
}
