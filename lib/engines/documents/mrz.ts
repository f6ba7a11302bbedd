import { parse } from 'mrz';
import { SHAPES, failingChecks, issuingStateOf, knownState, nationalityOf, plausible, type MrzFormat } from './mrz-layout';
import { repairGroup } from './mrz-repair';
import type { RecognizedType } from './types';

export type { MrzFormat } from './mrz-layout';

export interface MrzRead {
  /** TD1, TD2, TD3, MRVA or MRVB. */
  format: string;
  /** Every check digit passes and the dates are dates. */
  valid: boolean;
  /** The lines differ from what OCR read: characters fixed by position or by check digits. */
  repaired: boolean;
  lines: string[];
  fields: Record<string, string | null>;
  /** Checked fields whose check digit still fails ('composite' for the overall one): an invalid zone's other fields may still be right. */
  failing?: string[];
  /**
   * An invalid zone's rivals: zones that read differently and that the check digits cannot choose between (a contested
   * repair's equals, readings that validate apart, or a repair costing more than a check digit vouches for, with the
   * reading as it fails). Which one is printed is the glyphs' to say (`judgeRivals`), when the band is at hand.
   */
  rivals?: string[][];
  /** Where the zone is in the image that was read, when known. */
  bbox?: [number, number, number, number];
  /** Read off the whole photo (beside the located document, or on it past where the page cut it): `bbox` is in the submitted photo's pixels. */
  onPhoto?: boolean;
  conf?: number;
}

/** OCR lines that look like a machine-readable zone: long runs of capitals, digits and fillers. */
export function looksLikeMrz(text: string): boolean {
  const t = text.replace(/\s+/g, '');
  if (t.length < 25) return false;
  const fillers = (t.match(/[<«‹K]/g) ?? []).length;
  const ok = (t.match(/[A-Z0-9<«‹]/g) ?? []).length;
  return ok / t.length > 0.85 && fillers >= 3;
}

/** An OCR line in the MRZ alphabet only (A-Z, 0-9, <). */
export const mrzAlphabet = (l: string) => l.toUpperCase().replace(/[«‹]/g, '<').replace(/\s+/g, '').replace(/[^A-Z0-9<]/g, '');

/**
 * The format whose width is nearest the longest line, told apart by line count and a visa's V. When the longest line
 * fits no width, the lines other than the names' are asked alone: a long run of fillers after the names is read with
 * fillers split or doubled (`CARLOS<<<<<<<<<L<L<L<L<LLL<<L<A<A<<<<<<`, 51 characters for 44), and the repair cuts the
 * names' line at its fillers whatever its length (`nameVariant`).
 */
function formatOf(lines: string[]): MrzFormat | undefined {
  const visa = lines[0]!.startsWith('V');
  const widthOf = (of: string[]): MrzFormat | undefined => {
    const longest = Math.max(...of.map((l) => l.length));
    if (lines.length === 3) return Math.abs(longest - 30) <= 4 ? 'TD1' : undefined;
    if (Math.abs(longest - 36) <= 3) return visa ? 'MRVB' : 'TD2';
    if (Math.abs(longest - 44) <= 4) return visa ? 'MRVA' : 'TD3';
    return undefined;
  };
  return widthOf(lines) ?? widthOf(lines.filter((_, k) => k !== (lines.length === 3 ? 2 : 0)));
}

/**
 * A line long enough to be a zone's: with a filler, or without one but full of data (six digits or more). A zone's data
 * line has no filler when its optional data is used to the end: a TD1's second line (`8402231M3401310KOR082060522728`),
 * a visa's or a passport's with a full personal number.
 */
const zoneLike = (l: string) => l.length >= 26 && (l.includes('<') || (l.match(/\d/g)?.length ?? 0) >= 6);

/** Each run of lines (three, then two) long enough to be a zone, in reading order; one of them at least has fillers. */
function groups(clean: string[]): string[][] {
  const long = clean.filter(zoneLike);
  const out: string[][] = [];
  for (const count of [3, 2]) for (let i = 0; i + count <= long.length; i++) if (long.slice(i, i + count).some((l) => l.includes('<'))) out.push(long.slice(i, i + count));
  return out;
}

/**
 * Finds a TD1, TD2, TD3, MRV-A or MRV-B zone among OCR lines, repairs it by
 * character class and check digits (flagging the repair) and parses it.
 */
export function readMrz(lines: string[]): MrzRead | undefined {
  let best: MrzRead | undefined;
  let bestBad = Infinity;
  for (const group of groups(lines.map(mrzAlphabet))) {
    const format = formatOf(group);
    if (!format) continue;
    const r = repairGroup(format, group);
    if (!r) continue;
    // Fields two equally good repairs read differently count as failing: no check digit chose between them.
    const failing = [...new Set([...failingChecks(format, r.lines), ...(r.contested ?? [])])];
    const bad = failing.length + (plausible(format, r.lines) ? 0 : 1);
    if (bad < bestBad) {
      bestBad = bad;
      best = { format, valid: bad === 0, repaired: r.repaired, lines: r.lines, fields: fieldsOf(format, r.lines), failing, ...(bad > 0 && r.rivals ? { rivals: r.rivals } : {}) };
    }
    if (bad === 0) break;
  }
  return best;
}

/** A three-letter code as printed (fillers trimmed), or null when blank. */
const code = (s: string) => s.replace(/<+$/, '').replace(/</g, '') || null;

/**
 * The zone's fields through the `mrz` package. A visa (which the package does
 * not know) is parsed as the TD3/TD2 it shares its layout with; codes the
 * package does not list (UTO, a new state) are taken as printed.
 */
function fieldsOf(format: MrzFormat, lines: string[]): Record<string, string | null> {
  const visa = format === 'MRVA' || format === 'MRVB';
  const asParsed = visa ? [(format === 'MRVA' ? 'P' : 'I') + lines[0]!.slice(1), ...lines.slice(1)] : lines;
  let fields: Record<string, string | null> = {};
  try {
    fields = { ...(parse(asParsed, { autocorrect: false }).fields as Record<string, string | null>) };
  } catch {
    // Unusual document codes: the layout still tells the fields (below).
  }
  const td1 = format === 'TD1';
  fields.documentCode = code(lines[0]!.slice(0, 2));
  fields.issuingState = code(issuingStateOf(lines));
  fields.nationality = code(nationalityOf(format, lines));
  const line = lines[1]!;
  fields.birthDate ??= td1 ? line.slice(0, 6) : line.slice(13, 19);
  fields.expirationDate ??= td1 ? line.slice(8, 14) : line.slice(21, 27);
  const sex = td1 ? line[7] : line[20];
  fields.sex ??= sex === 'M' ? 'male' : sex === 'F' ? 'female' : null;
  fields.documentNumber ??= (td1 ? lines[0]!.slice(5, 14) : lines[1]!.slice(0, 9)).replace(/</g, '');
  const names = td1 ? lines[2]! : lines[0]!.slice(5);
  // No double filler: the whole is the primary identifier (truncated, or a holder without given names), which the
  // package gives as the given names too.
  if (!names.includes('<<')) fields.firstName = null;
  if (!fields.lastName) {
    const [last = '', first = ''] = names.split('<<');
    fields.lastName = last.replace(/</g, ' ').trim() || null;
    fields.firstName = first.replace(/</g, ' ').trim() || null;
  }
  if (visa) {
    fields.optional = lines[1]!.slice(28).replace(/<+$/, '');
    delete fields.personalNumber;
    delete fields.personalNumberCheckDigit;
    delete fields.compositeCheckDigit;
  }
  return fields;
}

/**
 * Document type told by the zone alone: any state's passport (TD3, code P) is
 * a passport; a Brazilian TD1 identity card is the CIN's back; every other
 * ICAO zone (foreign card, residence permit, visa, TD2) is a foreign document.
 * Only a zone whose check digits pass is trusted.
 */
export function mrzDocumentType(mrz: MrzRead): RecognizedType | undefined {
  if (!mrz.valid) return undefined;
  const code = mrz.lines[0]!.slice(0, 2);
  if (mrz.format === 'TD3' && code.startsWith('P')) return 'PASSAPORTE';
  if (mrz.format === 'TD1' && code.startsWith('I') && issuingStateOf(mrz.lines) === 'BRA') return 'CIN_VERSO';
  // A Brazilian holder's card whose header OCR garbled ("I<BRA" read as "UBRA", a filler as a letter): the header lies
  // outside every check digit, so a valid zone can carry it shifted. The nationality on the second line is checked.
  if (mrz.format === 'TD1' && nationalityOf('TD1', mrz.lines) === 'BRA' && mrz.lines[0]!.slice(0, 6).includes('BRA')) return 'CIN_VERSO';
  return 'DOCUMENTO_ESTRANGEIRO';
}

/**
 * A card or visa zone that did not validate, whose issuing state and holder's nationality both read as states other
 * than Brazil: another state's document all the same. Neither code is under a check digit, so a failing check says
 * nothing against them, and OCR does not turn BRA into a real state's code in both places. (A passport zone is a
 * passport's whoever issued it: not asked here.)
 */
export function foreignByCodes(mrz: MrzRead): boolean {
  if (mrz.valid || mrz.format === 'TD3') return false;
  return [issuingStateOf(mrz.lines), nationalityOf(mrz.format, mrz.lines)].every((c) => knownState(c) && c !== 'BRA');
}

export { SHAPES };

/** YYMMDD of a MRZ to ISO, with the century that makes sense for the field. */
export function mrzDate(yymmdd: string | null | undefined, kind: 'birth' | 'expiry'): string | undefined {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const now = new Date().getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > now ? 1900 : 2000) : 2000;
  const iso = `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  // Month 50 or 31 February is a misread, not a date.
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : undefined;
}
