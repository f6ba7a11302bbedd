/**
 * Names exact, accent recall and dates exact of the document engine on a
 * generator's photos: `npx tsx scripts/names-eval/generator.ts [seeds per type] [tuned|unseen] [level] [first seed] [TYPE,TYPE...]`.
 * The unseen generator (scripts/synth-unseen) is for evaluation only, never for tuning.
 */
import { DOC_TYPES, flattenFields, generate } from '../synth';
import { extractDocument } from '../../lib/engines/documents';
import { closeOcrPool } from '../../lib/engines/ocr';
import { fold } from '../../lib/engines/documents/text';

const NAME_KEYS = new Set(['nome', 'filiacao.0', 'filiacao.1', 'naturalidade']);
const DATE_KEYS = new Set(['dataNascimento', 'dataEmissao', 'validade', 'dataExpedicao', 'primeiraHabilitacao']);

async function main() {
  const seeds = Number(process.argv[2] ?? 2);
  const which = process.argv[3] ?? 'tuned';
  const level = process.argv[4] ?? 'photo';
  const first = Number(process.argv[5] ?? 1000);
  const types = process.argv[6] ? DOC_TYPES.filter((t) => process.argv[6]!.split(',').includes(t)) : DOC_TYPES;
  const make = which === 'unseen' ? ((await import(`../synth-unseen/${'index'}`)) as { generateUnseen: (t: string, s: number, l: string) => Promise<{ image: Buffer; truth: { fields: Record<string, string> } }> }).generateUnseen : (t: string, s: number) => generate(t as never, s, 'photo');
  const n = { names: 0, namesOk: 0, namesFolded: 0, accentWords: 0, accentOk: 0, plainWords: 0, falseAccent: 0, dates: 0, datesOk: 0 };
  const wrong: string[] = [];
  for (const type of types) {
    for (let seed = first; seed < first + seeds; seed++) {
      const s = await make(type, seed, level);
      const r = await extractDocument(s.image.toString('base64'));
      const got = flattenFields(r.fields);
      for (const [key, want] of Object.entries(s.truth.fields)) {
        const g = got[key] ?? '';
        if (DATE_KEYS.has(key)) {
          n.dates++;
          if (g === want) n.datesOk++;
          else wrong.push(`${type} ${seed} ${key}: ${want} -> ${g}`);
        }
        if (!NAME_KEYS.has(key)) continue;
        n.names++;
        if (g === want) n.namesOk++;
        else wrong.push(`${type} ${seed} ${key}: ${want} -> ${g}`);
        if (fold(g) === fold(want)) n.namesFolded++;
        const gw = g.split(/[\s/-]+/);
        for (const [i, w] of want.split(/[\s/-]+/).entries()) {
          if (fold(gw[i] ?? '') !== fold(w)) continue;
          if (w !== fold(w)) (n.accentWords++, gw[i] === w && n.accentOk++);
          else (n.plainWords++, gw[i] !== w && n.falseAccent++);
        }
      }
    }
  }
  const pct = (a: number, b: number) => `${b ? ((100 * a) / b).toFixed(1) : '-'} % (${a}/${b})`;
  console.log(`${which} ${level}, ${seeds} per type from seed ${first}, ${types.join(' ')}`);
  console.log(`names exact ${pct(n.namesOk, n.names)}, ignoring accents ${pct(n.namesFolded, n.names)}`);
  console.log(`accent recall ${pct(n.accentOk, n.accentWords)}, false accents ${pct(n.falseAccent, n.plainWords)}`);
  console.log(`dates exact ${pct(n.datesOk, n.dates)}`);
  console.log(wrong.join('\n'));
  await closeOcrPool();
}

await main();
