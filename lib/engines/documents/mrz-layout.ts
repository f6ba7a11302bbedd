/**
 * ICAO 9303 machine-readable zone layouts: where each field and check digit
 * sits, and what kind of character each position holds. The check digits are
 * ours to compute: the `mrz` package also rejects state codes it does not know
 * (ICAO's own example country UTO among them), which says nothing about
 * whether the zone was read right.
 */
import { states } from 'mrz';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'MRVA' | 'MRVB';

/** Lines and width of each format. */
export const SHAPES: Record<MrzFormat, { lines: number; width: number }> = {
  TD1: { lines: 3, width: 30 },
  TD2: { lines: 2, width: 36 },
  TD3: { lines: 2, width: 44 },
  MRVA: { lines: 2, width: 44 },
  MRVB: { lines: 2, width: 36 },
};

/** 'n' digit or filler, 'a' letter or filler, 'x' either, 's' sex (M, F, X, <). */
export type CharClass = 'n' | 'a' | 'x' | 's';

/** A field [line, start, end) and the position of its check digit. */
interface Checked {
  name: string;
  at: [number, number, number];
  check: [number, number];
}

export interface Layout {
  classes: CharClass[][];
  checks: Checked[];
  /** Pieces [line, start, end) under the composite check digit, and where it is. */
  composite?: { parts: [number, number, number][]; check: [number, number] };
}

function classes(width: number, spans: [number, number, CharClass][]): CharClass[] {
  const out: CharClass[] = Array(width).fill('x');
  for (const [s, e, c] of spans) for (let i = s; i < e; i++) out[i] = c;
  return out;
}

/** First line of every two-line format: code, state, name. */
const nameLine = (width: number) => classes(width, [[0, 1, 'a'], [2, width, 'a']]);

/** Second line of TD2, TD3, MRV-A and MRV-B: number, nationality, birth, sex, expiry. */
function dataLine(width: number, composite: boolean, personalCheck: boolean): Layout {
  const spans: [number, number, CharClass][] = [[9, 10, 'n'], [10, 13, 'a'], [13, 20, 'n'], [20, 21, 's'], [21, 28, 'n']];
  if (personalCheck) spans.push([width - 2, width - 1, 'n']);
  if (composite) spans.push([width - 1, width, 'n']);
  const checks: Checked[] = [
    { name: 'documentNumber', at: [1, 0, 9], check: [1, 9] },
    { name: 'birthDate', at: [1, 13, 19], check: [1, 19] },
    { name: 'expirationDate', at: [1, 21, 27], check: [1, 27] },
  ];
  if (personalCheck) checks.push({ name: 'personalNumber', at: [1, 28, width - 2], check: [1, width - 2] });
  return {
    classes: [nameLine(width), classes(width, spans)],
    checks,
    composite: composite ? { parts: [[1, 0, 10], [1, 13, 20], [1, 21, width - 1]], check: [1, width - 1] } : undefined,
  };
}

export const LAYOUTS: Record<MrzFormat, Layout> = {
  TD3: dataLine(44, true, true),
  TD2: dataLine(36, true, false),
  MRVA: dataLine(44, false, false),
  MRVB: dataLine(36, false, false),
  TD1: {
    classes: [
      classes(30, [[0, 1, 'a'], [2, 5, 'a'], [14, 15, 'x']]),
      classes(30, [[0, 7, 'n'], [7, 8, 's'], [8, 15, 'n'], [15, 18, 'a'], [29, 30, 'n']]),
      classes(30, [[0, 30, 'a']]),
    ],
    checks: [
      { name: 'documentNumber', at: [0, 5, 14], check: [0, 14] },
      { name: 'birthDate', at: [1, 0, 6], check: [1, 6] },
      { name: 'expirationDate', at: [1, 8, 14], check: [1, 14] },
    ],
    composite: { parts: [[0, 5, 30], [1, 0, 7], [1, 8, 15], [1, 18, 29]], check: [1, 29] },
  },
};

/**
 * Optional data [line, start, end) of each format: free, left-justified and padded with fillers (a TD3's personal
 * number has its own check digit after it, outside the span). Once three fillers in a row are read there, what
 * follows up to the span's end is padding: letters read there are fillers misread (a chevron taken for K, A or C).
 */
export const OPTIONAL: Record<MrzFormat, [number, number, number][]> = {
  TD1: [
    [0, 15, 30],
    [1, 18, 29],
  ],
  TD2: [[1, 28, 35]],
  TD3: [[1, 28, 42]],
  MRVA: [[1, 28, 44]],
  MRVB: [[1, 28, 36]],
};

/** ICAO 9303 check digit (weights 7, 3, 1; fillers count 0, A = 10). */
export function checkDigit(s: string): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0;
    sum += v * [7, 3, 1][i % 3]!;
  }
  return String(sum % 10);
}

/**
 * A TD1 document number longer than nine characters: position 15 holds a
 * filler and the number goes on in the optional data up to its check digit.
 */
function td1LongNumber(lines: string[]): { value: string; check: string } | undefined {
  if (lines[0]![14] !== '<') return undefined;
  const rest = lines[0]!.slice(15).replace(/<.*$/, '');
  if (rest.length < 2) return undefined;
  return { value: lines[0]!.slice(5, 14) + rest.slice(0, -1), check: rest.slice(-1) };
}

/** Names of the checked fields whose check digit fails ('composite' for the overall one). */
/** The checked fields (and the composite) that two readings of a zone read differently: check digits decide there. */
export function differingChecks(format: MrzFormat, a: string[], b: string[]): string[] {
  const layout = LAYOUTS[format];
  const differs = ([l, s, e]: [number, number, number]) => a[l]!.slice(s, e) !== b[l]!.slice(s, e);
  const digit = ([l, p]: [number, number]) => differs([l, p, p + 1]);
  const names = layout.checks.filter((c) => differs(c.at) || digit(c.check)).map((c) => c.name);
  const composite = layout.composite && (layout.composite.parts.some(differs) || digit(layout.composite.check));
  return composite ? [...names, 'composite'] : names;
}

export function failingChecks(format: MrzFormat, lines: string[]): string[] {
  const layout = LAYOUTS[format];
  const bad: string[] = [];
  for (const c of layout.checks) {
    const [l, s, e] = c.at;
    const long = format === 'TD1' && c.name === 'documentNumber' ? td1LongNumber(lines) : undefined;
    const value = long?.value ?? lines[l]!.slice(s, e);
    const digit = long?.check ?? lines[c.check[0]]![c.check[1]]!;
    // An optional personal number may be left blank, check digit filler or 0.
    if (c.name === 'personalNumber' && /^<*$/.test(value) && (digit === '<' || digit === '0')) continue;
    if (checkDigit(value) !== digit) bad.push(c.name);
  }
  if (layout.composite) {
    const text = layout.composite.parts.map(([l, s, e]) => lines[l]!.slice(s, e)).join('');
    const [l, p] = layout.composite.check;
    if (checkDigit(text) !== lines[l]![p]) bad.push('composite');
  }
  return bad;
}

/**
 * Codes a zone may carry for a state: ICAO 9303 part 3's list as the `mrz` package ships it (states, D for Germany,
 * the United Nations' and refugees' codes), ICAO's example state UTO, and codes withdrawn since, which documents still
 * valid or kept on file print.
 */
const STATE_CODES = new Set([...Object.keys(states), 'UTO', 'BUR', 'CSK', 'ROM', 'SCG', 'SUN', 'TMP', 'YUG', 'ZAR']);

/** The issuing state as the zone's header prints it (fillers kept). */
export const issuingStateOf = (lines: string[]) => lines[0]!.slice(2, 5);

/** The holder's nationality as the zone prints it (fillers kept): line 2, after the TD1's dates or the others' number. */
export function nationalityOf(format: string, lines: string[]): string {
  const [from, to] = format === 'TD1' ? [15, 18] : [10, 13];
  return (lines[1] ?? '').slice(from, to);
}

/** A state code as printed, fillers trimmed (`D<<` is Germany), is one ICAO lists. */
export const knownState = (printed: string) => STATE_CODES.has(printed.replace(/<+$/, ''));

/**
 * Dates, sex and state codes that could be real: a zone passing its check digits with month 14 was misread all the
 * same, and so was one whose nationality or issuing state is no state (no check digit covers them: `GAS` for `NGA`,
 * a letter lost and one gained in the optional data beside it).
 */
export function plausible(format: MrzFormat, lines: string[]): boolean {
  const layout = LAYOUTS[format];
  const date = (s: string) => /^\d{6}$/.test(s) && +s.slice(2, 4) >= 1 && +s.slice(2, 4) <= 12 && +s.slice(4, 6) >= 1 && +s.slice(4, 6) <= 31;
  for (const c of layout.checks) {
    if (!c.name.endsWith('Date')) continue;
    const [l, s, e] = c.at;
    if (!date(lines[l]!.slice(s, e))) return false;
  }
  const sexAt = format === 'TD1' ? lines[1]![7] : lines[1]![20];
  const nationality = nationalityOf(format, lines);
  // The header is read as OCR gave it: a filler read as a letter shifts the issuer ("UBRA" for "I<BRA"), which a
  // nationality found there vouches for.
  const issuerRead = knownState(issuingStateOf(lines)) || lines[0]!.slice(0, 6).includes(nationality.replace(/<+$/, '') || '?');
  return /[MFX<]/.test(sexAt ?? '') && knownState(nationality) && issuerRead;
}
