import { isIssuer, isUf, isValidCpf } from '../br';
import { joinedNames, namingWordCount, splitName, withLettersForDigits } from './names-known';
import { ocrDistance, withoutAccents } from './text';

/** Digits that OCR confuses with letters, fixed where only digits belong. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', Q: '0', D: '0', I: '1', l: '1', '|': '1', Z: '2', S: '5', s: '5', B: '8', G: '6', T: '7' };
export const digitsOnly = (s: string) => [...s].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('').replace(/\D/g, '');

/** dd/mm/yyyy (or with - and .) to ISO yyyy-mm-dd, when it is a real date. */
/** Months by abbreviation or full name, in Portuguese and English (folded). */
const MONTHS: Record<string, number> = Object.fromEntries(
  [
    ['JAN JANEIRO JANUARY', 1],
    ['FEV FEVEREIRO FEB FEBRUARY', 2],
    ['MAR MARCO MARCH', 3],
    ['ABR ABRIL APR APRIL', 4],
    ['MAI MAIO MAY', 5],
    ['JUN JUNHO JUNE', 6],
    ['JUL JULHO JULY', 7],
    ['AGO AGOSTO AUG AUGUST', 8],
    ['SET SETEMBRO SEP SEPT SEPTEMBER', 9],
    ['OUT OUTUBRO OCT OCTOBER', 10],
    ['NOV NOVEMBRO NOVEMBER', 11],
    ['DEZ DEZEMBRO DEC DECEMBER', 12],
  ].flatMap(([names, n]) => (names as string).split(' ').map((name) => [name, n as number])),
);
// Day, month word (a second one after a slash or a space: the bilingual passport), four-digit year. A name such as MARIA is no month.
const MONTH_DATE = /(?<![A-Z0-9])([0-3OIL]?[0-9OIL])\s*(?:DE\s+)?([A-Z]{3,9})\.?(?:\s*[\/|]?\s*([A-Z]{3,9})\.?)?\s*(?:DE\s+)?([12][0-9OIL]{3})(?![0-9])/g;
const FULL_NAMES = Object.keys(MONTHS).filter((name) => name.length > 4);

/**
 * The month a word names: an abbreviation or full name, a bilingual pair printed without its
 * slash ("JANJAN", "MAIMAY"), or a full name with one slip between look-alike shapes ("MARCQ").
 * A given name that merely starts like a month (MARIA, JULIANA) is not one.
 */
function monthOf(word: string): number | undefined {
  const exact = MONTHS[word];
  if (exact) return exact;
  const half = word.length === 6 ? MONTHS[word.slice(0, 3)] : undefined;
  if (half && half === MONTHS[word.slice(3)]) return half;
  const near = FULL_NAMES.find((name) => Math.abs(name.length - word.length) <= 1 && ocrDistance(word, name) <= 0.5);
  return near ? MONTHS[near] : undefined;
}
const digitsOf = (s: string) => s.replace(/O/g, '0').replace(/[IL]/g, '1');

function validIso(y: number, mo: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900 || y > 2100) return undefined;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Dates written with the month's name, as passports and certificates print them: "02 MAR/MAR 1985"
 * (Brazilian passport, bilingual), "12 AUG 1974", "2 DE MARÇO DE 1985". Two-digit years are left out
 * (their century is a guess).
 */
function monthNameDates(text: string): string[] {
  const folded = withoutAccents(text).toUpperCase();
  const out: string[] = [];
  for (const m of folded.matchAll(MONTH_DATE)) {
    const month = monthOf(m[2]!);
    // The second word of a bilingual pair, when it reads as a month, must be the same one (OCR may garble it).
    const second = m[3] && monthOf(m[3]);
    if (!month || (second && second !== month)) continue;
    const iso = validIso(Number(digitsOf(m[4]!)), month, Number(digitsOf(m[1]!)));
    if (iso) out.push(iso);
  }
  return out;
}

/** Whether a field's value is a date as fields hold them (ISO yyyy-mm-dd). */
export const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function isoDate(text: string): string | undefined {
  const numeric = numericIsoDate(text);
  return numeric ?? monthNameDates(text)[0];
}

function numericIsoDate(text: string): string | undefined {
  // A year's last 1 read as a closing bracket at the end of the word ("11/11/201)", a rough photo of a tuning CNH).
  const t = text.replace(/[OoQD]/g, '0').replace(/[Il|]/g, '1').replace(/(\d{2}[/.\-]\d{2}[/.\-]\d{3})[)\]](?!\d)/g, '$11');
  // One separator lost ("2512/1998", "25/121998"): eight digits standing alone still say which is which. A slash
  // blurred into a colon ("27:10/2022", "1501: 1952") is still a separator.
  const m = /(\d{2})\s*[/.\-:]\s*(\d{2})\s*[/.\-:]\s*(\d{4})/.exec(t) ?? /(?<!\d)(\d{2})(\d{2})\s*[/.\-:]\s*(\d{4})(?!\d)/.exec(t) ?? /(?<!\d)(\d{2})\s*[/.\-:]\s*(\d{2})(\d{4})(?!\d)/.exec(t);
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900 || y > 2100) return undefined;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** A grouped number with the spaces OCR put before or after its dots and dash closed ("2.554 .620-4" → "2.554.620-4"). */
export const closeNumberGaps = (text: string) => text.replace(/(\d)\s+(?=[.\-]\s*\d)/g, '$1').replace(/(\d[.\-])\s+(?=\d)/g, '$1');

/**
 * The identity (RG) number in a value: the first run of five to ten digits, plain or grouped by dots with a dash
 * before its check digit, the spaces OCR puts around a dot or dash closed ("16.490 .917-5"). Look-alike letters count
 * inside the number only: a line of words ("NOME COMPLETO FÁBIO", fifteen look-alikes) holds none, nor does a date or
 * a CPF. A state's prefix before it ("MG-12.345.678") is not part of it.
 */
export function rgNumberIn(text: string): string | undefined {
  // A space OCR read into a plain number (`91 508992`): one or two digits alone before a run of six or seven.
  const closed = closeNumberGaps(text).replace(/(?<![\d.\-/])(\d{1,2}) (?=\d{6,7}(?![\d./\-]))/g, '$1');
  for (const m of closed.matchAll(/(?<![\p{L}\d./]|[\d.]-)[\dOoIl][\dOoIl.\-]{3,14}[\dXx](?![\p{L}\d/]|[.\-]\d)/gu)) {
    const token = m[0];
    const real = token.match(/\d/g)?.length ?? 0;
    const digits = digitsOnly(token);
    // Mostly real digits (a look-alike or two read into it), neither a date nor a CPF.
    if (real < 5 || real < digits.length - 2 || digits.length > 10 || isoDate(token) || /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(token)) continue;
    return digits;
  }
  return undefined;
}

/**
 * A date whose two slashes were both lost ("27102025"): a word of exactly eight digits that is a valid day, month and
 * year. Only where a date is expected without a label (the chronology fallback): an RG number of eight digits may
 * happen to read as a date.
 */
export function runDate(word: string): string | undefined {
  const m = /^[^\dA-Z]*(\d{2})(\d{2})(\d{4})[^\dA-Z]*$/.exec(word);
  return m ? numericIsoDate(`${m[1]}/${m[2]}/${m[3]}`) : undefined;
}

export function allDates(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\d{2}\s*[/.\-]\s*\d{2}\s*[/.\-]\s*\d{4}/g)) {
    const iso = numericIsoDate(m[0]);
    if (iso) out.push(iso);
  }
  return out.length ? out : monthNameDates(text);
}

/** Letters read for digits that a bare number may hold (a CPF of eleven digits with three letters in it is not read as one). */
const MAX_LOOKALIKES = 2;

/** The first 11-digit group with valid check digits, else the first 11 digits found. */
export function cpfFrom(text: string): { value: string; valid: boolean } | undefined {
  // Overlapping matches (a lookahead): other digits just before the CPF ("FLS.101 878.546.974-26") must not swallow its start.
  const candidates = [...text.matchAll(/(?<![\dOoIlSB|])(?=([\dOoIlSB|]{3}\s*[.,]?\s*[\dOoIlSB|]{3}\s*[.,]?\s*[\dOoIlSB|]{3}\s*[-–.]?\s*[\dOoIlSB|]{2}))/g)].map((m) => digitsOnly(m[1]!));
  // A printed CPF whose groups OCR split with a space ("61 7.787.352-90"): its dots and dash still frame it.
  for (const m of text.matchAll(/(?<!\d)(?=((?:\d\s?){3}[.,]\s?(?:\d\s?){3}[.,]\s?(?:\d\s?){3}[-–]\s?\d\s?\d))/g)) candidates.push(digitsOnly(m[1]!));
  // Every digit run together: a CPF read without its dots and dash ("265 263 129 26"), only when the text is that number
  // and nothing else. A city and a date ("MANAUS-GO 18/06/1953") ran together, with S, G and O taken for 5, 6 and 0,
  // once made eleven digits whose check digits passed by chance (one in a hundred do).
  // Printed in the CPF's own groups ("S29.98Z.Z47-Z5"), any number of its digits may have been read as letters.
  const framed = /^[\dA-Za-z|]{3}[.,][\dA-Za-z|]{3}[.,][\dA-Za-z|]{3}[-–][\dA-Za-z|]{2}$/.test(text.replace(/\s/g, ''));
  const bare = text.replace(/[\s.,\-–]/g, '');
  const lookalikes = [...bare].filter((c) => !/\d/.test(c)).length;
  const plain = digitsOnly(bare);
  if (plain.length === 11 && plain.length === bare.length && (framed || lookalikes <= MAX_LOOKALIKES)) candidates.push(plain);
  const valid = candidates.find((c) => c.length === 11 && isValidCpf(c)) ?? doubledDigitCpf(text);
  if (valid) return { value: valid, valid: true };
  const any = candidates.find((c) => c.length === 11);
  return any ? { value: any, valid: false } : undefined;
}

/**
 * A CPF printed in its groups with one group a digit too long, where the reading doubled a digit (`5587.791.763-30` for
 * `587.791.763-30`): the one digit of that group that repeats its neighbour taken out, when that gives valid check digits
 * and only one CPF. A doubled digit only: any digit taken out of twelve passes the check digits one time in a hundred.
 */
function doubledDigitCpf(text: string): string | undefined {
  const m = /(?<![\d.])(\d{3,4})\s?[.,]\s?(\d{3,4})\s?[.,]\s?(\d{3,4})\s?[-–]\s?(\d{2,3})(?![\d])/.exec(text);
  if (!m) return undefined;
  const groups = m.slice(1, 5);
  const long = groups.map((g, i) => g.length - (i === 3 ? 2 : 3));
  // (The pattern's group lengths allow each group one digit more at most.)
  if (long.filter((d) => d === 1).length !== 1) return undefined;
  const at = long.indexOf(1);
  const group = groups[at]!;
  const found = new Set<string>();
  for (let i = 1; i < group.length; i++) {
    if (group[i] !== group[i - 1]) continue;
    const cpf = groups.map((g, k) => (k === at ? g.slice(0, i) + g.slice(i + 1) : g)).join('');
    if (isValidCpf(cpf)) found.add(cpf);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

export { isValidCnhNumber } from '../br';

/** A person's full name has at least two words (given name and surname). */
/** CNH categories (ACC for mopeds, A to E, and the combinations printed), longest first so a match takes the whole code. */
const CNH_CATEGORIES = '(ACC|AB|AC|AD|AE|A|B|C|D|E)';
/** A word that is a CNH category. */
export const CNH_CATEGORY = new RegExp(`^${CNH_CATEGORIES}$`);
/** A CNH category as a word inside a line of text. */
export const CNH_CATEGORY_IN_TEXT = new RegExp(`\\b${CNH_CATEGORIES}\\b`);
/**
 * A CNH category as OCR reads it, its signs made letters: a bold B, blurred, is read as "&" (an opened CNH of the
 * tuning generator, session 83), and no category holds the sign (`A&` is AB).
 */
export const categorySigns = (text: string): string => text.replace(/&/g, 'B');

export const isFullName = (name: string) => name.split(' ').filter(Boolean).length >= 2;

/** Short words a Brazilian name may hold; any other lone letter or pair at either end is a speck read as text. */
const PARTICLES = new Set(['DA', 'DE', 'DO', 'DI', 'DU', 'E', 'Y']);

/** A printed name: letters (accents kept), single spaces, upper case, without stray letters from specks at the ends. */
export function personName(text: string): string {
  // Names are printed in capitals: a word in lower case at either end is a speck or a mark read as letters.
  // A name word read with digits for look-alike capitals ("1515" for ÍSIS) is the name it spells, not a speck.
  const raw = afterStrayPrefix(withLettersForDigits(text).split(/\s+/).filter(Boolean));
  const lower = (w: string) => /[a-zà-ÿ]/.test(w) && !/[A-ZÀ-Ý]/.test(w);
  if (raw.some((w) => !lower(w) && /[A-ZÀ-Ý]{2}/.test(w))) {
    while (raw.length > 1 && lower(raw[0]!)) raw.shift();
    while (raw.length > 1 && lower(raw[raw.length - 1]!)) raw.pop();
  }
  const words = raw
    .join(' ')
    .toUpperCase()
    .replace(/[^A-ZÀ-ÖØ-Ý' ]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    // A single letter inside a name is a speck too (names are printed in full), except the conjunction E.
    .filter((w, i, all) => w.length > 1 || w === 'E' || all.length === 1)
    // Names read without the spaces between them (blur closes them) apart again, where the lexicon knows every part.
    .flatMap((w) => joinedNames(w) ?? [w])
    // One name read as two, a letter lost to a space between them, together again where the lexicon knows it whole.
    .reduce<string[]>((out, w) => {
      const whole = out.length ? splitName(out[out.length - 1]!, w) : undefined;
      return whole ? [...out.slice(0, -1), whole] : [...out, w];
    }, []);
  const stray = (w: string) => w.length <= 2 && !PARTICLES.has(w);
  while (words.length > 1 && stray(words[words.length - 1]!)) words.pop();
  while (words.length > 1 && stray(words[0]!)) words.shift();
  return words.join(' ');
}

/** A dash standing alone between words: names are not printed with one (a double-barrelled name's hyphen has no spaces). */
const LONE_DASH = /^[-–—]+$/;

/**
 * The words after a dash standing alone, when those before it name no one the lexicon knows and those after it name
 * someone (two known words): the edge of a portrait beside the line read as letters (`PEA — JÚLIA FERNANDA MACHADO`).
 */
function afterStrayPrefix(words: string[]): string[] {
  const dash = words.findIndex((w) => LONE_DASH.test(w));
  if (dash < 1) return words;
  const after = words.slice(dash + 1);
  return namingWordCount(words.slice(0, dash)) === 0 && namingWordCount(after) >= 2 ? after : words;
}

/** Signs and digits OCR reads for a state's capitals (`R)` for RJ: a J's hook is a closing parenthesis at small sizes). */
const STATE_LOOKALIKES: Record<string, string> = { ')': 'J', ']': 'J', '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/**
 * A place as documents print it, "CITY-UF" or "CITY/UF", with a state that exists; "SSP-SP" (an identity number's issuer
 * and its state) is no city. The city as read and the state, or undefined. A state letter read as its look-alike
 * sign or digit counts when the state it then spells exists ("JOÃO PESSOA/R)").
 */
export function placeOf(text: string): { city: string; uf: string } | undefined {
  const m = /^([A-ZÀ-Ý][A-ZÀ-Ý' ]{2,}?)\s*[-/]\s*([A-Z0-9)\]]{2})$/.exec(text.trim());
  if (!m) return undefined;
  const uf = [...m[2]!].map((c) => STATE_LOOKALIKES[c] ?? c).join('');
  return isUf(uf) && !isIssuer(m[1]!.trim()) ? { city: m[1]!, uf } : undefined;
}
