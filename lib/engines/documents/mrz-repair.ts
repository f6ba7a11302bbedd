import { isValidCpf } from '../br';
import { LETTER_FOR_DIGIT } from './text';
import { LAYOUTS, OPTIONAL, SHAPES, checkDigit, differingChecks, failingChecks, issuingStateOf, knownState, plausible, type CharClass, type MrzFormat } from './mrz-layout';

/** Letters OCR makes of a chevron that pale print, blur or a pattern crosses. */
const CHEVRON_LETTERS = 'AKLCX';

/** OCR-B shapes OCR takes for one another, most frequent first. */
const CONFUSED: Record<string, string> = {
  '0': 'ODQU',
  O: '0DQ',
  D: '0O',
  Q: '0O',
  U: '0V',
  '1': 'ILT',
  I: '1L',
  L: '1I',
  T: '17',
  '2': 'Z',
  // OCR-B's Z differs from its 7 by the bottom stroke alone, which blur or a JPEG block takes away.
  Z: '27',
  '5': 'S',
  S: '58',
  '6': 'G',
  G: '6C',
  '7': 'TZ',
  '8': 'B',
  B: '8',
  '4': 'A',
  A: '4',
  C: 'G',
  V: 'U',
  M: 'H',
  H: 'M',
};

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '7', Z: '2', S: '5', B: '8', G: '6', A: '4', K: '<' };
const TO_SEX: Record<string, string> = { H: 'M', N: 'M', P: 'F', E: 'F' };

const fits = (c: string, cls: CharClass) => c === '<' || (cls === 'n' ? /\d/.test(c) : cls === 'a' ? /[A-Z]/.test(c) : cls === 's' ? /[MFX]/.test(c) : true);

/** Optional data padded from its first run of three fillers on (see `OPTIONAL`): what was read after it is filler. */
function paddedOptional(format: MrzFormat, lines: string[]): string[] {
  const out = [...lines];
  for (const [l, s, e] of OPTIONAL[format]) {
    const found = out[l]!.indexOf('<<<', s);
    // A lone chevron look-alike before the run is a filler too (`CHNK<<<`: K, like A and U, weighs 0 ≡ `<` in every check).
    const lone = found === s + 1 && CHEVRON_LETTERS.includes(out[l]![s]!) ? s : found;
    // Or, from a filler on, chevron look-alikes only, six letters or more (`<<KKKKKKKAAAAAK`: K, A and U weigh 0 like
    // `<`, so the checks pass on the misread padding).
    const run = lone >= 0 ? lone : s + fillerTail(out[l]!.slice(s, e), 0).length;
    if (run < e) out[l] = out[l]!.slice(0, run) + '<'.repeat(e - run) + out[l]!.slice(e);
  }
  return out;
}

/** Each character moved into its position's class: a letter where a date is is a misread digit. */
function coerce(format: MrzFormat, lines: string[]): string[] {
  const classes = LAYOUTS[format].classes;
  return paddedOptional(format, lines).map((l, k) =>
    [...l]
      .map((c, i) => {
        const cls = classes[k]![i]!;
        const fixed = cls === 'n' ? TO_DIGIT[c] : cls === 'a' ? LETTER_FOR_DIGIT[c] : cls === 's' ? TO_SEX[c] : undefined;
        const out = fixed && !fits(c, cls) ? fixed : c;
        // A filler read as K inside a run of fillers (optional data, names).
        return out === 'K' && cls !== 'n' && l[i - 1] === '<' && (l[i + 1] === '<' || i === l.length - 1) ? '<' : out;
      })
      .join('')
      // A filler between two digits of a numeric field (`27<8090`) is a 0 that blur or print over it took: no date or
      // number is padded in its middle, and both weigh 0 in every check, so only the field's reading changes.
      .replace(/(?<=\d)<(?=\d)/g, (c, i: number) => (classes[k]![i] === 'n' ? '0' : c)),
  );
}

/**
 * Versions of a data line one to three characters too long or short (OCR
 * drops or doubles fillers, splits a chevron), each with its cost: a filler
 * added to or a character dropped from a run of fillers costs 1, elsewhere 3.
 */
function lengthVariants(line: string, width: number): { line: string; cost: number }[] {
  if (line.length === width) return [{ line, cost: 0 }];
  if (line.length < width - 3) return [{ line: (line + '<'.repeat(width)).slice(0, width), cost: 6 }];
  const nearFiller = (l: string, i: number) => l[i - 1] === '<' || l[i + 1] === '<' || l[i] === '<';
  let level = new Map([[line, 0]]);
  while ([...level.keys()][0]!.length !== width) {
    const next = new Map<string, number>();
    const keep = (l: string, c: number) => next.set(l, Math.min(c, next.get(l) ?? Infinity));
    for (const [l, c] of level) {
      if (l.length < width) for (let i = 0; i <= l.length; i++) keep(l.slice(0, i) + '<' + l.slice(i), c + (l[i - 1] === '<' || l[i] === '<' ? 1 : 3));
      else for (let i = 0; i < l.length; i++) keep(l.slice(0, i) + l.slice(i + 1), c + (nearFiller(l, i) ? 1 : 3));
    }
    if (next.size > 300) return [{ line: (line + '<'.repeat(width)).slice(0, width), cost: 6 }];
    level = next;
  }
  return [...level].map(([l, cost]) => ({ line: l, cost }));
}

/** A line of the right width with one character dropped and a filler added at the start of a run of fillers. */
function shiftVariants(line: string): string[] {
  const out = new Set<string>();
  const runs: number[] = [];
  for (let i = 0; i < line.length; i++) if (line[i] === '<' && line[i - 1] !== '<') runs.push(i);
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '<') continue;
    const dropped = line.slice(0, i) + line.slice(i + 1);
    for (const r of runs) {
      const at = r > i ? r - 1 : r;
      out.add(dropped.slice(0, at) + '<' + dropped.slice(at));
    }
  }
  out.delete(line);
  return [...out];
}

/** A run of chevrons and the letters OCR makes of them. */
const CHEVRON_LOOKALIKES = new RegExp(`^[<${CHEVRON_LETTERS}]*$`);
/** Letters such a run must hold before it is taken for fillers: no name of six or more is spelt with those letters alone. */
const CHEVRON_RUN = 6;

/** A name line's end made of chevron look-alikes only, from a filler on (`SOFIA<KLLLLKLK<<KA<LAKK…`), is fillers. */
function fillerTail(line: string, from: number): string {
  for (let p = line.indexOf('<', from); p >= 0; p = line.indexOf('<', p + 1)) {
    const rest = line.slice(p);
    if (CHEVRON_LOOKALIKES.test(rest) && rest.replace(/</g, '').length >= CHEVRON_RUN) return line.slice(0, p);
  }
  return line;
}

/**
 * The header of a name line (document code, then the issuing state: `P<UTO`) as printed, where OCR misread the filler
 * that ends a one-letter code, or lost the code. Nothing checks it, and a header one place off puts the state's code
 * in the names.
 */
function headerMended(read: string, format: MrzFormat): string {
  // A passport's code and filler both lost ("BRACASTRO<<FRANCISCA"): the line opens with the state's code. (A TD3 is
  // a passport's zone; a visa's as wide opens with V, which formatOf read.)
  if (format === 'TD3' && read[0] !== 'P' && knownState(read.slice(0, 3)) && !knownState(read.slice(2, 5))) return `P<${read}`;
  // A state code never opens with a filler: "PX<UTO" is "P<UTO" with a letter read into the gap.
  if (/^[A-Z][A-Z0-9]<[A-Z]{2}/.test(read)) return read[0] + read.slice(2);
  // A passport's or visa's filler read as X or K ("PXUSA"): a chevron's look-alikes, and no state issues such a code.
  if (/^[PV][XK]/.test(read) && knownState(read.slice(2, 5))) return `${read[0]}<${read.slice(2)}`;
  // The filler lost ("PBELKUMAR"): the state's code then begins one place early, and what stands in its place is none.
  if (/^[PV][A-Z]/.test(read) && !knownState(read.slice(2, 5)) && knownState(read.slice(1, 4))) return `${read[0]}<${read.slice(1)}`;
  return read;
}

/**
 * A name line: everything after the first run of three fillers is filler (long runs come back as K, L or digits), and
 * a digit among the names that looks like no letter is a speck or a stroke read as one, not a character ("B3ERANGER").
 */
function nameVariant(read: string, width: number, format: MrzFormat, fixGap = true): string {
  const from = format === 'TD1' ? 1 : 5;
  const line = fixGap && from === 5 ? headerMended(read, format) : read;
  const cut = line.indexOf('<<<', from);
  const names = fillerTail(cut > 0 ? line.slice(0, cut) : line, from);
  const kept = fixGap ? names.slice(0, from) + names.slice(from).replace(/\d/g, (d) => (LETTER_FOR_DIGIT[d] ? d : '')) : names;
  return (kept + '<'.repeat(width)).slice(0, width);
}

/** Positions [line, index] a checked field and its check digit cover. */
function fieldPositions(format: MrzFormat, lines: string[], name: string): [number, number][] {
  const layout = LAYOUTS[format];
  if (name === 'composite') {
    const c = layout.composite!;
    const taken = new Set(layout.checks.flatMap((f) => [...range(f.at[1], f.at[2]).map((i) => `${f.at[0]}:${i}`), `${f.check[0]}:${f.check[1]}`]));
    const free = c.parts.flatMap(([l, s, e]) => range(s, e).map((i) => [l, i] as [number, number])).filter(([l, i]) => !taken.has(`${l}:${i}`));
    return [...free, c.check];
  }
  const f = layout.checks.find((x) => x.name === name)!;
  const out: [number, number][] = range(f.at[1], f.at[2]).map((i) => [f.at[0], i]);
  // A TD1 number longer than nine characters goes on in the optional data.
  if (format === 'TD1' && name === 'documentNumber' && lines[0]![14] === '<') out.push(...range(15, 30).map((i) => [0, i] as [number, number]));
  else out.push(f.check);
  return out;
}

const range = (s: number, e: number) => Array.from({ length: e - s }, (_, i) => s + i);

/** The look-alikes OCR confuses most on OCR-B. */
const COMMON = new Set(['O0', 'D0', 'Q0', 'I1', 'L1', 'S5', 'B8', 'Z2', 'G6']);

/** A common letter-digit slip (O/0, S/5) costs least, a rarer one (A/4) more, letter for letter most. */
function swapCost(a: string, b: string): number {
  if (COMMON.has(a + b) || COMMON.has(b + a)) return 1;
  return /\d/.test(a) === /\d/.test(b) ? 2 : 1.5;
}

const kindOf = (ch: string | undefined) => (ch === undefined ? undefined : ch === '<' ? 'filler' : /\d/.test(ch) ? 'digit' : 'letter');

/**
 * A swap that leaves a character unlike both its neighbours (a letter inside a run of digits) is less
 * likely than one that makes it like them: of two equally common look-alike repairs that pass the same
 * check digit (`XO8544201` → `X08544201` or `XO85442Q1`), the one that keeps the runs whole wins.
 * Neighbours are those of the same field (`inField`): the digit that checks the field before is no
 * context for the first letter of the next (a personal number `Z3418162` after an expiry's check digit).
 */
function contextCost(line: string, i: number, alt: string, inField: (j: number) => boolean = () => true): number {
  const near = [i - 1, i + 1].filter(inField).map((j) => kindOf(line[j])).filter(Boolean);
  const agree = (ch: string) => near.filter((k) => k === kindOf(ch)).length;
  // At most ±0.2: it only breaks ties between swaps of one kind, never outweighs a commoner slip (O/0 over 1/T).
  return (agree(line[i]!) - agree(alt)) * 0.1;
}

interface Fix {
  lines: string[];
  cost: number;
  /** Two swaps in one field made its check digit pass: one pair in ten passes any check by chance, so only the glyphs may choose. */
  guess?: boolean;
}

/** Every single-character swap between look-alikes in a field (at positions after `after`), passing or not. */
function fieldSwaps(format: MrzFormat, start: Fix, name: string, after = -1): (Fix & { at: number })[] {
  const classes = LAYOUTS[format].classes;
  const out: (Fix & { at: number })[] = [];
  const positions = fieldPositions(format, start.lines, name);
  const span = new Set(positions.map(([pl, pi]) => `${pl}:${pi}`));
  for (const [n, [l, i]] of positions.entries()) {
    if (n <= after) continue;
    const c = start.lines[l]![i]!;
    for (const alt of CONFUSED[c] ?? '') {
      // Never a digit for a digit: that is what a forged date or number looks like, and it must stay invalid.
      if (!fits(alt, classes[l]![i]!) || (/\d/.test(c) && /\d/.test(alt))) continue;
      const tried = start.lines.map((x, k) => (k === l ? x.slice(0, i) + alt + x.slice(i + 1) : x));
      out.push({ lines: tried, cost: start.cost + swapCost(c, alt) + contextCost(start.lines[l]!, i, alt, (j) => span.has(`${l}:${j}`)), at: n });
    }
  }
  return out;
}

/** Every single-character swap between look-alikes in a field that makes its check digit pass. */
function fieldFixes(format: MrzFormat, start: Fix, name: string): Fix[] {
  return fieldSwaps(format, start, name)
    .filter((f) => !failingChecks(format, f.lines).includes(name))
    .map(({ lines, cost }) => ({ lines, cost, ...(start.guess ? { guess: true } : {}) }));
}

/**
 * Two look-alike swaps in one field that make its check digit pass, where no single swap does: a document number whose
 * letters were read as digits (`IQ6312163` as `106312163`, `IN5030645` as `INSO30645`). Each is a guess (`Fix.guess`).
 */
function fieldDoubleFixes(format: MrzFormat, start: Fix, name: string): Fix[] {
  return fieldSwaps(format, start, name)
    .flatMap((first) => fieldSwaps(format, first, name, first.at))
    .filter((f) => !failingChecks(format, f.lines).includes(name))
    .map(({ lines, cost }) => ({ lines, cost, guess: true }));
}

/** What an unreadable composite check digit costs when it is worked out instead (a look-alike swap costs 1–2). */
const UNREAD_COMPOSITE_COST = 3;

/**
 * A composite check digit read as no digit at all (a filler, a speck), worked out from the zone: only when every
 * field it covers is checked on its own and its optional data is blank, so that it would confirm nothing more. A
 * Brazilian identity card's optional data is the holder's CPF, whose own two check digits vouch for it as a blank
 * would (one misread digit in a hundred passes them).
 */
function unreadComposite(format: MrzFormat, start: Fix, readAsDigit: boolean): Fix[] {
  const composite = LAYOUTS[format].composite;
  if (!composite) return [];
  const [l, p] = composite.check;
  const checkedAlone = (data: string) => /^<*$/.test(data) || cardCpf(format, start.lines, data) !== undefined;
  const blank = OPTIONAL[format].every(([ol, s, e]) => checkedAlone(start.lines[ol]!.slice(s, e)));
  if (readAsDigit || !blank) return [];
  const digit = checkDigit(composite.parts.map(([pl, s, e]) => start.lines[pl]!.slice(s, e)).join(''));
  return [{ ...start, lines: start.lines.map((x, k) => (k === l ? x.slice(0, p) + digit + x.slice(p + 1) : x)), cost: start.cost + UNREAD_COMPOSITE_COST }];
}

/**
 * Every way of making the zone pass with one look-alike swap per failing
 * field (the composite check digit, when the format has one, has to agree).
 */
function checkDigitRepairs(format: MrzFormat, start: Fix, compositeRead = true, doubles = true): Fix[] {
  const bad = failingChecks(format, start.lines);
  if (bad.length === 0) return plausible(format, start.lines) ? [start] : [];
  if (bad.length > 3) return [];
  let options: Fix[] = [start];
  for (const name of bad.filter((b) => b !== 'composite')) {
    const single = options.flatMap((o) => fieldFixes(format, o, name));
    // (Only the document number, where letters stand among digits: a date or a number of digits has no such pair.)
    const double = doubles && single.length === 0 && name === 'documentNumber' ? options.flatMap((o) => fieldDoubleFixes(format, o, name)) : [];
    options = (single.length ? single : double).slice(0, 200);
    if (options.length === 0) return [];
  }
  const out: Fix[] = [];
  for (const o of options) {
    const left = failingChecks(format, o.lines);
    if (left.length === 0) out.push(o);
    // A composite digit read as no digit (`I` for `9`, made `1` by its class) is itself a guess: a swap elsewhere that
    // makes it pass would be a second one, where only the composite checks (a TD1's optional data).
    else if (left.length === 1 && left[0] === 'composite') out.push(...(compositeRead ? fieldFixes(format, o, 'composite') : []), ...unreadComposite(format, o, compositeRead));
  }
  return out.filter((o) => plausible(format, o.lines));
}

/**
 * The best reading of a zone from its OCR lines (MRZ alphabet already): lines
 * brought to the width, characters coerced into their position's class, then
 * look-alikes swapped where a check digit fails. `repaired` tells that the
 * result differs from what OCR read (beyond fillers trailing a name).
 */
export function repairGroup(format: MrzFormat, raw: string[]): Repair | undefined {
  // A zone's lines are read again and again, mixed with each line read alone (a dozen readings a band, bands read at
  // each turn and contrast): the same lines are repaired once. A garbled zone's search takes a second of CPU.
  const key = `${format}\n${raw.join('\n')}`;
  let r = repaired.get(key);
  if (r === undefined) {
    r = searchRepairs(format, raw) ?? null;
    const runs = r && !r.contested ? zerosInRuns(format, r.lines) : undefined;
    if (r && runs && runs !== r.lines) r = { ...r, lines: runs, repaired: true };
    // (Contested or failing too: the CPF tells what the check digits could not.)
    const byCpf = r && cpfAsNumber(format, r.lines);
    if (r && byCpf && byCpf !== r.lines) r = { lines: byCpf, repaired: true };
    if (repaired.size >= REPAIRS_KEPT) repaired.delete(repaired.keys().next().value!);
  } else repaired.delete(key);
  // Kept most recent last: the oldest goes first.
  repaired.set(key, r);
  return r ? { ...r, lines: [...r.lines] } : undefined;
}

/**
 * A valid zone's document number with its 0s and Os in the runs they belong to. Two swapped at positions weighted 7 and
 * 3 cancel in every check digit that covers them (24 × 10), and OCR-B's 0 and O differ by less than print does (the
 * glyphs leave them untold, `judgeRivals`): of the versions that flip 0s and Os and keep every check, the one whose
 * letters and digits run unbroken wins when it breaks the runs fewer times than the reading (`NO0O2710` read for
 * `N0002710`: a number is a letter prefix and digits).
 */
export function zerosInRuns(format: MrzFormat, lines: string[]): string[] {
  if (failingChecks(format, lines).length > 0) return lines;
  let best = lines;
  let fewest = numberBreaks(format, lines);
  for (const { lines: z, breaks } of zeroFlips(format, lines)) if (breaks < fewest) [best, fewest] = [z, breaks];
  return best;
}

/**
 * A Brazilian identity card's number is its holder's CPF, the first nine of the eleven digits its optional data holds. A
 * zone whose number reads letters where that CPF has digits and the CPF's digits elsewhere is given the CPF's digits when
 * the zone then passes every check: the CPF's own two check digits and six or more digits agreeing vouch for them, where
 * the number's check digit alone cannot (`5S8663824`: S weighs 28 and 8 weighs 8, the same at any weight; `B9643S277`
 * for 096435277: two misreads that cancel). Lines unchanged otherwise (another state's card, a number that is not a CPF).
 */
function cpfAsNumber(format: MrzFormat, lines: string[]): string[] {
  const cpf = cardCpf(format, lines);
  const number = lines[0]!.slice(5, 14);
  if (!cpf || number === cpf.slice(0, 9)) return lines;
  const letters = [...number].filter((c) => /[A-Z]/.test(c)).length;
  if (letters > MAX_LETTERS_FOR_CPF || ![...number].every((c, i) => c === cpf[i] || /[A-Z]/.test(c))) return lines;
  const mended = [lines[0]!.slice(0, 5) + cpf.slice(0, 9) + lines[0]!.slice(14), ...lines.slice(1)];
  return failingChecks(format, mended).length === 0 && plausible(format, mended) ? mended : lines;
}

/** The CPF in a Brazilian identity card's optional data (`data`, its first line's by default), when it passes its own two check digits. */
function cardCpf(format: MrzFormat, lines: string[], data = lines[0]!.slice(15, 30)): string | undefined {
  if (format !== 'TD1' || issuingStateOf(lines) !== 'BRA') return undefined;
  const cpf = /^(\d{11})<*$/.exec(data)?.[1];
  return cpf && isValidCpf(cpf) ? cpf : undefined;
}

/** Most letters a Brazilian card's number may read where its CPF has digits (`cpfAsNumber`): six digits at least must agree. */
const MAX_LETTERS_FOR_CPF = 3;

/**
 * A zone that a glyph's clear verdict broke (`A` read where the glyph is a `Q`), passing again with the fewest of its
 * number's 0s and Os flipped: the misread that cancelled the glyph's character in the check digits was one the glyphs
 * cannot see (`DA5O6165` read for `DQ506165`: Q→A and 0→O cancel, 16 × 3 against 24 × 7). Undefined when it passes as it
 * is, when no flip makes it pass, or when two ways of as few flips do.
 */
export function zerosMended(format: MrzFormat, lines: string[]): string[] | undefined {
  if (failingChecks(format, lines).length === 0) return undefined;
  const passing = zeroFlips(format, lines).sort((a, b) => a.flipped - b.flipped || a.breaks - b.breaks);
  const [best, next] = passing;
  return best && !(next && next.flipped === best.flipped && next.breaks === best.breaks) ? best.lines : undefined;
}

/** The versions of a zone with some of its document number's 0s and Os flipped that pass every check, each with how many were flipped and how often the number then breaks its runs. */
function zeroFlips(format: MrzFormat, lines: string[]): { lines: string[]; flipped: number; breaks: number }[] {
  const flips = fieldPositions(format, lines, 'documentNumber').filter(([l, i]) => lines[l]![i] === '0' || lines[l]![i] === 'O');
  if (flips.length > MAX_FLIPS) return [];
  const out: { lines: string[]; flipped: number; breaks: number }[] = [];
  for (let set = 1; set < 1 << flips.length; set++) {
    const z = lines.map((line, l) => [...line].map((c, i) => (flips.some(([fl, fi], n) => fl === l && fi === i && set & (1 << n)) ? (c === '0' ? 'O' : '0') : c)).join(''));
    if (failingChecks(format, z).length === 0 && plausible(format, z)) out.push({ lines: z, flipped: flips.filter((_, n) => set & (1 << n)).length, breaks: numberBreaks(format, z) });
  }
  return out;
}

/** How often a zone's document number passes from letters to digits or back (fillers aside). */
function numberBreaks(format: MrzFormat, lines: string[]): number {
  const kinds = fieldPositions(format, lines, 'documentNumber').map(([l, i]) => kindOf(lines[l]![i])).filter((k) => k !== 'filler');
  return kinds.filter((k, n) => n > 0 && k !== kinds[n - 1]).length;
}

/** Most 0s and Os in a document number whose flips are weighed (2^n versions). */
const MAX_FLIPS = 8;

/** A zone's repair: `repairGroup`'s answer. */
type Repair = { lines: string[]; repaired: boolean; contested?: string[]; rivals?: string[][] };

/** Repairs kept by their lines (a zone's readings within a call and across the calls near it). */
const repaired = new Map<string, Repair | null>();
const REPAIRS_KEPT = 500;

function searchRepairs(format: MrzFormat, raw: string[]): Repair | undefined {
  const { width, lines: count } = SHAPES[format];
  if (raw.length !== count) return undefined;
  const nameAt = format === 'TD1' ? 2 : 0;
  const per = raw.map((l, k) => (k === nameAt ? [{ line: nameVariant(l, width, format), cost: 0 }] : lengthVariants(l, width)));
  if (per.reduce((n, o) => n * o.length, 1) > 2000) return undefined;
  let combos: Fix[] = [{ lines: [], cost: 0 }];
  for (const o of per) combos = combos.flatMap((c) => o.map((x) => ({ lines: [...c.lines, x.line], cost: c.cost + x.cost })));
  const read = per.map((o, k) => (k === nameAt ? nameVariant(raw[k]!, width, format, false) : raw[k]!));
  const solutions = new Map<string, number>();
  /** Of each solution's cost, what moving characters into their class took (no guess: a K among fillers is one). */
  const classMoves = new Map<string, number>();
  const guessed = new Set<string>();
  let fallback: string[] | undefined;
  let fewest = Infinity;
  const search = (list: Fix[], doubles = true) => {
    for (const combo of list) {
      const lines = coerce(format, combo.lines);
      // Each character moved into its class counts a little: of two repairs, the one changing less wins.
      const moved = lines.reduce((n, l, k) => n + [...l].filter((c, i) => c !== combo.lines[k]![i]).length, 0);
      const composite = LAYOUTS[format].composite?.check;
      const compositeRead = !composite || /\d/.test(combo.lines[composite[0]]![composite[1]] ?? '');
      for (const s of checkDigitRepairs(format, { lines, cost: combo.cost + moved / 4 }, compositeRead, doubles)) {
        const key = s.lines.join('\n');
        if (s.cost < (solutions.get(key) ?? Infinity)) {
          solutions.set(key, s.cost);
          classMoves.set(key, moved / 4);
          if (s.guess) guessed.add(key);
          else guessed.delete(key);
        }
      }
      const n = failingChecks(format, lines).length + combo.cost / 100;
      if (n < fewest) {
        fewest = n;
        fallback = lines;
      }
    }
  };
  search(combos);
  // Lines read too long or too short: each way of bringing them to the width is another guess at the check digits.
  let margin = per.some((o) => o.length > 1 || o[0]!.cost > 0) ? GUESS_MARGIN : 0;
  // Nothing passes: a letter read twice and a filler lost (or the reverse) leave the width right but shift the data.
  // Not where the composite digit (each format's last) was read as no digit: hundreds of shifted lines against a guessed
  // composite find one that passes by chance (`IDUTOS66621921973542B` with `I` for `9`: a `3` dropped, `1` passing).
  const lastDigit = !LAYOUTS[format].composite || /\d$/.test(raw[format === 'TD1' ? 1 : raw.length - 1]!.trim());
  if (solutions.size === 0 && lastDigit) {
    const shifted = combos.flatMap((c) => c.lines.flatMap((l, k) => (k === nameAt ? [] : shiftVariants(l).map((v) => ({ lines: c.lines.map((x, j) => (j === k ? v : x)), cost: c.cost + 2 })))));
    // (A shifted line is a guess: its document number mended by two swaps on top would be a guess on a guess, and
    // looking for those took a second of CPU a zone.)
    if (shifted.length <= 3000) search(shifted, false);
    margin = GUESS_MARGIN;
  }
  // The cheapest repair, unless another as cheap reads differently: then the check digits cannot tell which, and the
  // zone is not valid (its contested fields named). Where the lines were resized or shifted (tens to hundreds of
  // versions, a tenth of which pass any one check digit by chance: `C<PRTH279UB166744298B2A<<<` gave three zones
  // within 0.1 of each other) a repair that reads a checked field differently from the next must also win by a margin.
  const ranked = [...solutions].filter(([, cost]) => cost <= MAX_REPAIR_COST).sort((a, b) => a[1] - b[1]);
  // A document number mended by two swaps: however cheap, the check digit alone cannot vouch for it (a tenth of the pairs
  // pass). The zone stays as read, its mended versions as likely as the cheapest named for the glyphs to choose.
  if (ranked.length > 0 && guessed.has(ranked[0]![0]) && fallback) {
    const rivals = ranked.filter(([key, cost]) => guessed.has(key) && cost <= ranked[0]![1] + GUESS_MARGIN).slice(0, MAX_GUESSES).map(([key]) => key.split('\n'));
    return { lines: fallback, repaired: differs(read, fallback), contested: ['documentNumber'], rivals };
  }
  if (ranked.length > 0) {
    const lines = ranked[0]![0].split('\n');
    const next = ranked[1];
    const contested = next ? differingChecks(format, lines, next[0].split('\n')) : [];
    const clear = !next || next[1] > ranked[0]![1] + (contested.length ? margin : 0);
    // Lines brought to their width (tens of versions) and then mended past a few swaps: the versions tried are enough
    // for one to pass the check digits by chance, alone (generated TD2#0: `F1I2041<<<<<<6` made `F1011201<<<<<<<6` at
    // 5.75 for 1204159). The glyphs must vouch for it, as for a repair past the cap.
    if (clear && margin > 0 && ranked[0]![1] - (classMoves.get(ranked[0]![0]) ?? 0) > RESIZED_VOUCHED && fallback) return { lines: fallback, repaired: differs(read, fallback), contested: everyCheck(format), rivals: [lines, fallback] };
    if (clear) return { lines, repaired: differs(read, lines) };
    if (contested.length) {
      // The repairs as likely as the best (by the check digits and the edits' costs) go with it: the glyphs may tell.
      const rivals = ranked.filter(([, cost]) => cost <= ranked[0]![1] + margin).slice(0, MAX_RIVALS).map(([key]) => key.split('\n'));
      return { lines, repaired: differs(read, lines), contested, rivals };
    }
  }
  // Every version that passes cost more than a repair may: the one kept may pass too, by the same chance, so no check vouches for it.
  // The cheapest of them, and the reading as it fails, go with it: the glyphs may vouch for one (a data line read four
  // characters short, brought to its width at a repair's whole cost, is often right).
  const capped = solutions.size > 0 && ranked.length === 0;
  if (capped && fallback) {
    const rivals = [...[...solutions].sort((a, b) => a[1] - b[1]).slice(0, MAX_RIVALS).map(([key]) => key.split('\n')), fallback];
    return { lines: fallback, repaired: differs(read, fallback), contested: everyCheck(format), rivals };
  }
  return fallback && { lines: fallback, repaired: differs(read, fallback) };
}

/** Every check a format has, the composite included. */
const everyCheck = (format: MrzFormat): string[] => [...LAYOUTS[format].checks.map((c) => c.name), ...(LAYOUTS[format].composite ? ['composite'] : [])];

/**
 * The most a repair may cost and still make a zone valid: a few fillers (1 each), two or three look-alike swaps (1–2)
 * and characters moved into their class (a quarter each). Past it, edits enough to pass the check digits by chance
 * (`C<PRTH279UB1I66744298BA<K<<<` made to pass at 8.25 with an inserted `I` kept and a `U` read as `V`).
 */
const MAX_REPAIR_COST = 6;

/**
 * The most the edits and swaps of a repair of lines read too long or short (or shifted) may cost before the glyphs must
 * vouch for it (characters moved into their class do not count: a K among fillers is no guess).
 */
const RESIZED_VOUCHED = 4;

/** Contested repairs handed on to be told apart by their glyphs: more than a few means the reading is too garbled to trust. */
const MAX_RIVALS = 4;

/** Two-swap versions of a document number handed to the glyphs: every one must lose to the one they take. */
const MAX_GUESSES = 12;

/** How much cheaper than any other a repair of resized or shifted lines must be (a look-alike swap costs 1–2). */
const GUESS_MARGIN = 1;

/** Whether the result differs from the reading (the name line taken up to its fillers). */
function differs(read: string[], lines: string[]): boolean {
  return lines.some((l, k) => l !== read[k]);
}
