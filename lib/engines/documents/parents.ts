import { union } from './box';
import type { Grey } from './accents';
import { isLabelText, namedMostly } from './fallbacks';
import { isFullName } from './normalize';
import { needsRepair, repairName } from './names-repair';
import { betterName, inkedRuns, lineExtent, longerName, readNameLine } from './reread';
import { fold, levenshtein } from './text';
import type { OcrField } from './types';

/**
 * Middles of two parents' lines lie at most this many letter widths apart (0.9-2.6 on the tuning and variety pages);
 * a holder's name lies 3.4 or more above the first parent (`LINE_APART` in fallbacks.ts, measured the same way).
 */
const PARENTS_PITCH = 2.6;
/** A run of inked rows at least this share of the parent's own letters' height is a line of letters, not marks or a rule. */
const LINE_SHARE = 0.6;
/** The other parent's line read alone below the parent is taken at this confidence or more, with most of its words names the lexicon knows. */
const SURE_PARENT = 60;
/**
 * A name on the line just above, at this confidence or more, is the first parent: the one kept is then the second,
 * which it was put before. Lower than below, where a name only adds a second parent: above, it also puts the two in
 * their printed order (a rough tuning photo of an opened CNH: the father read alone at 38, the mother left in his place).
 */
const FIRST_PARENT = 30;
/** Lines read about one parent at most: the parent's box may reach over two, and one more on either side. */
const MAX_LINES = 4;

/** Two readings of one line: at most a fifth of the letters differ (MARIA OS GOMES and MARIA DOS GOMES). */
export const sameName = (a: string, b: string) => levenshtein(fold(a), fold(b)) <= Math.max(2, Math.floor(Math.min(a.length, b.length) / 5));

/**
 * The other parent of a filiação read with one. Parents are printed one under the other, so close that a reading can
 * take both lines for one (the name read again then keeps the line its box's lower part lies on) or drop one; the one
 * parent kept was put first whichever it was. Every line of letters about the parent's box, a parent's line pitch
 * beyond it at most, is read on its own: the one that reads as the parent, or as the parent with words its first
 * reading dropped (which it then gets back), is its line (the box may reach over two), and
 * a full name on the line just above or just below it, most of its words names, that is neither the holder's nor the
 * parent's, is the other parent (`otherParent`), placed in the order printed. Nothing when both sides hold such a name (the holder's
 * line may be one of them), when neither does, or when no line reads as the parent.
 */
export async function completeParents(page: Grey, fields: OcrField[]): Promise<void> {
  const holder = fields.find((f) => f.key === 'nome' && !f.fields);
  const changed = new Set<OcrField>();
  for (const filiacao of fields.filter((f) => f.key === 'filiacao' && f.fields?.length === 1)) {
    const parent = filiacao.fields![0]!;
    const [x, y, w, h] = parent.bbox;
    if (w < 8 || h < 6 || parent.value.replace(/\s/g, '').length < 4) continue;
    const letterWidth = w / parent.value.length;
    const x0 = Math.max(0, Math.round(x));
    const x1 = Math.min(page.width, Math.round(x + w));
    const reach = PARENTS_PITCH * letterWidth;
    const runs = inkedRuns(page, x0, x1, Math.max(0, Math.round(y - reach)), Math.min(page.height, Math.round(y + h + reach)));
    // The letters' height: the tallest run inside the box (marks, a rule or a label's small print are shorter).
    const inside = runs.filter(([a, b]) => a >= y - h * 0.2 && b <= y + h * 1.2);
    const height = Math.max(0, ...inside.map(([a, b]) => b - a));
    if (height < 6) continue;
    // The lines nearest the box, top to bottom.
    const near = ([a, b]: [number, number]) => Math.abs((a + b) / 2 - (y + h / 2));
    const lettered = runs.filter(([a, b]) => b - a >= LINE_SHARE * height && b - a <= height / LINE_SHARE);
    const lines = [...lettered].sort((p, q) => near(p) - near(q)).slice(0, MAX_LINES).sort((p, q) => p[0] - q[0]);
    const read = await Promise.all(
      lines.map(async (run, k) => {
        const [left, right] = lineExtent(page, [x, run[0], w, run[1] - run[0]], (run[1] - run[0]) * 1.6);
        // Short of the lines above and below: their marks and the tops of their capitals, cut off by the row count
        // but still grey, made the reading find nothing.
        const margin = (run[1] - run[0]) * 0.15;
        const within: [number, number] = [(lines[k - 1]?.[1] ?? -Infinity) + margin, (lines[k + 1]?.[0] ?? Infinity) - margin];
        const got = await readNameLine(page, left, right, run[0], run[1] - run[0], within);
        if (got && needsRepair(got.value)) got.value = await repairName(page, got.value, got.words);
        return got;
      }),
    );
    // The parent's line: it reads as the parent, or as the parent with words the first reading dropped.
    const longer = read.map((r) => r && longerName(parent, r));
    const own = read.findIndex((r, k) => r && (sameName(r.value, parent.value) || longer[k] !== undefined));
    if (own < 0) continue;
    // Read on its own line alone, the parent may read better than in a box that reached over two lines.
    const again = read[own]!;
    const whole = longer[own];
    if (whole !== undefined || betterName(parent, again)) {
      Object.assign(parent, { value: whole ?? again.value, conf: again.conf, bbox: union(again.words.map((wd) => wd.bbox)) });
      changed.add(filiacao);
    }
    const middle = (k: number) => (lines[k]![0] + lines[k]![1]) / 2;
    const beside = (k: number) => (read[k] && Math.abs(middle(k) - middle(own)) <= reach ? read[k] : undefined);
    const other = otherParent(beside(own - 1), beside(own + 1), [parent.value, holder?.value]);
    if (!other) continue;
    const added: OcrField = { key: 'nome', value: other.line.value, conf: other.line.conf, bbox: union(other.line.words.map((wd) => wd.bbox)) };
    filiacao.fields = other.first ? [added, parent] : [parent, added];
    changed.add(filiacao);
  }
  for (const filiacao of changed) rejoin(filiacao);
}

/**
 * The other parent among the lines read just above and just below the parent's (a parent's line pitch away at most):
 * a full name, most of its words names, no label's words (NATURALIDADE, FILIAÇÃO), neither the holder's nor the
 * parent's (`known`), read at `FIRST_PARENT` above or `SURE_PARENT` below. Nothing when both lines hold one.
 */
export function otherParent<L extends { value: string; conf: number }>(above: L | undefined, below: L | undefined, known: (string | undefined)[]): { line: L; first: boolean } | undefined {
  const named = (got: L | undefined, floor: number): boolean =>
    got !== undefined && got.conf >= floor && isFullName(got.value) && !isLabelText(got.value) && namedMostly(got.value) && !known.some((v) => v && sameName(v, got.value));
  const [up, down] = [named(above, FIRST_PARENT), named(below, SURE_PARENT)];
  if (up === down) return undefined;
  return up ? { line: above!, first: true } : { line: below!, first: false };
}

/** A filiação's joined value, confidence and box from its parents, after they changed. */
function rejoin(filiacao: OcrField): void {
  const parents = filiacao.fields ?? [];
  filiacao.value = parents.map((p) => p.value).join(' / ');
  filiacao.conf = Math.min(...parents.map((p) => p.conf));
  filiacao.bbox = union(parents.map((p) => p.bbox));
}

/**
 * The holder a CNH's QR code names, where the name taken by its place (labels lost) is another line and the code's
 * name was read as a parent: a city line above the holder's (`JOÃO PESSOA`) had made the holder a parent and the first
 * parent the second. The holder takes that parent's reading (the page's spelling, with its accents); the parents keep
 * the rest, and `completeParents` may then find the one below. Nothing when the code's name was not read as a parent.
 */
export function holderFromCode(fields: OcrField[], codeName: string | undefined): void {
  const nome = fields.find((f) => f.key === 'nome' && !f.fields);
  const filiacao = fields.find((f) => f.key === 'filiacao' && f.fields?.length);
  if (!codeName || !nome || !filiacao || sameName(nome.value, codeName)) return;
  const at = filiacao.fields!.findIndex((p) => sameName(p.value, codeName));
  if (at < 0) return;
  const [holder] = filiacao.fields!.splice(at, 1);
  Object.assign(nome, { value: holder!.value, conf: holder!.conf, bbox: holder!.bbox });
  if (filiacao.fields!.length === 0) fields.splice(fields.indexOf(filiacao), 1);
  else rejoin(filiacao);
}
