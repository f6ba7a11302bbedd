/**
 * ICAO Doc 9303 machine-readable zones for the specimen generator, written
 * from the standard (Part 3 for the common rules, Part 4 TD3, Part 5 TD1,
 * Part 6 TD2, Part 7 MRV-A and MRV-B). Nothing here is shared with mrz.ts or
 * with any reader: this file builds zones and reads back the fields it wrote.
 */

export const ZONE_FORMATS = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'] as const;
export type ZoneFormat = (typeof ZONE_FORMATS)[number];

/** Lines and characters per line. */
export const ZONE_SHAPE: Record<ZoneFormat, { lines: number; length: number }> = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
  MRVA: { lines: 2, length: 44 },
  MRVB: { lines: 2, length: 36 },
};

/** Part 3, 4.9: `<` is 0, digits their value, A=10 … Z=35. */
export function zoneCharValue(c: string): number {
  if (c === '<') return 0;
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  throw new Error(`not a zone character: ${JSON.stringify(c)}`);
}

/** Part 3, 4.9: weights 7, 3, 1 repeated, sum modulo 10. */
export function zoneCheckDigit(field: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += zoneCharValue(field[i]!) * weights[i % 3]!;
  return String(sum % 10);
}

const pad = (text: string, n: number) => text.padEnd(n, '<').slice(0, n);

/**
 * Part 3's recommended transliteration of Latin letters with diacritics
 * (Ä→AE, Å→AA, Ø→OE, ß→SS, Þ→TH…); the rest lose their marks. Apostrophes
 * are dropped, hyphens, spaces and other punctuation become fillers.
 */
const MULTI: Record<string, string> = { Ä: 'AE', Å: 'AA', Æ: 'AE', Ö: 'OE', Ø: 'OE', Ü: 'UE', ß: 'SS', ẞ: 'SS', Þ: 'TH', Œ: 'OE', Ĳ: 'IJ' };
const SINGLE: Record<string, string> = { Ð: 'D', Đ: 'D', Ł: 'L', Ħ: 'H', Ŧ: 'T', İ: 'I', Ŋ: 'N' };

export function zoneName(text: string): string {
  let out = '';
  for (const ch of text.toUpperCase()) {
    if (/['’ʼ`´]/.test(ch)) continue;
    const m = MULTI[ch] ?? SINGLE[ch];
    if (m) {
      out += m;
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += /^[A-Z]$/.test(base) ? base : '<';
  }
  return out.replace(/<+/g, '<').replace(/^<|<$/g, '');
}

/**
 * The name field: primary identifier, `<<`, secondary identifiers joined by
 * `<`, fillers to the end; cut at the field's end when too long.
 */
export function nameField(primary: string, secondary: string, length: number): string {
  const p = zoneName(primary);
  const g = zoneName(secondary);
  return pad(g ? `${p}<<${g}` : p, length);
}

export interface ZoneInput {
  format: ZoneFormat;
  /** One or two characters (`P`, `PM`, `I<`, `ID`, `AC`, `V`, `VB`…). */
  documentCode: string;
  /** Three characters or fewer (`D` becomes `D<<`). */
  issuingState: string;
  nationality: string;
  documentNumber: string;
  /** As printed (with diacritics, spaces, hyphens and apostrophes); transliterated here. */
  primary: string;
  secondary: string;
  /** YYMMDD. */
  birth: string;
  expiry: string;
  sex: 'M' | 'F' | '<';
  /** TD3 personal number, TD2/MRV optional data, TD1 line 1 optional data. */
  optional1?: string;
  /** TD1 line 2 optional data. */
  optional2?: string;
  /** TD3: the check digit of an empty personal number, `0` or `<` (both allowed by Part 4). */
  emptyCheck?: '0' | '<';
}

const clean = (text: string) => text.toUpperCase().replace(/[^A-Z0-9<]/g, '<');

/** The zone's lines for one document, check digits and composite included. */
export function buildZone(d: ZoneInput): string[] {
  const { lines, length } = ZONE_SHAPE[d.format];
  const code = pad(clean(d.documentCode), 2);
  const state = pad(clean(d.issuingState), 3);
  const nat = pad(clean(d.nationality), 3);
  const number = clean(d.documentNumber);
  const birth = d.birth;
  const expiry = d.expiry;
  if (!/^\d{6}$/.test(birth) || !/^\d{6}$/.test(expiry)) throw new Error(`dates must be YYMMDD: ${birth} ${expiry}`);
  const cd = zoneCheckDigit;
  let out: string[];
  if (d.format === 'TD1') {
    let numField: string;
    let opt1: string;
    if (number.length > 9) {
      // Part 5, 4.2.2 note: the 9 principal characters, a filler where the check digit goes,
      // then the rest of the number and the full number's check digit in the optional data.
      numField = `${number.slice(0, 9)}<`;
      opt1 = pad(`${number.slice(9)}${cd(number)}`, 15);
    } else {
      const n9 = pad(number, 9);
      numField = `${n9}${cd(n9)}`;
      opt1 = pad(clean(d.optional1 ?? ''), 15);
    }
    const l1 = `${code}${state}${numField}${opt1}`;
    const l2head = `${birth}${cd(birth)}${d.sex}${expiry}${cd(expiry)}${nat}${pad(clean(d.optional2 ?? ''), 11)}`;
    const composite = cd(l1.slice(5, 30) + l2head.slice(0, 7) + l2head.slice(8, 15) + l2head.slice(18, 29));
    out = [l1, l2head + composite, nameField(d.primary, d.secondary, 30)];
  } else {
    if (number.length > 9) throw new Error(`${d.format}: a document number of more than 9 characters is written only on TD1 here`);
    const n9 = pad(number, 9);
    const head = `${n9}${cd(n9)}${nat}${birth}${cd(birth)}${d.sex}${expiry}${cd(expiry)}`;
    const l1 = `${code}${state}${nameField(d.primary, d.secondary, length - 5)}`;
    if (d.format === 'TD3') {
      const opt = pad(clean(d.optional1 ?? ''), 14);
      const optCheck = /^<+$/.test(opt) ? (d.emptyCheck ?? '0') : cd(opt);
      const body = `${head}${opt}${optCheck}`;
      out = [l1, body + cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43))];
    } else if (d.format === 'TD2') {
      const body = `${head}${pad(clean(d.optional1 ?? ''), 7)}`;
      out = [l1, body + cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 35))];
    } else {
      // Visas carry no composite check digit: the optional data runs to the end of the line.
      out = [l1, `${head}${pad(clean(d.optional1 ?? ''), length - 28)}`];
    }
  }
  if (out.length !== lines || out.some((l) => l.length !== length || !/^[A-Z0-9<]+$/.test(l))) throw new Error(`bad ${d.format} zone: ${out.join(' / ')}`);
  return out;
}

/** What a zone says, read back by position (the generator's own reading, for its truth and its tests). */
export interface ZoneReading {
  documentCode: string;
  issuingState: string;
  nationality: string;
  documentNumber: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  expirationDate: string;
  sex: string;
  optional1: string;
  optional2: string;
  /** Every check digit the format carries, by name, and whether it holds. */
  checks: Record<string, boolean>;
}

const unfill = (text: string) => text.replace(/<+/g, ' ').trim();

function names(field: string): { lastName: string; firstName: string } {
  const cut = field.indexOf('<<');
  if (cut < 0) return { lastName: unfill(field), firstName: '' };
  return { lastName: unfill(field.slice(0, cut)), firstName: unfill(field.slice(cut + 2)) };
}

export function readZone(format: ZoneFormat, lines: string[]): ZoneReading {
  const cd = zoneCheckDigit;
  const emptyOr = (field: string, check: string) => check === cd(field) || (/^<+$/.test(field) && check === '<');
  if (format === 'TD1') {
    const [l1, l2, l3] = lines as [string, string, string];
    let documentNumber = l1.slice(5, 14).replace(/<+$/, '');
    const checks: Record<string, boolean> = {};
    let optional1 = l1.slice(15, 30);
    if (l1[14] === '<' && /^[A-Z0-9]/.test(optional1)) {
      // Long number: the rest runs into the optional data up to its check digit.
      const m = /^([A-Z0-9]*?)(\d)(<+|$)/.exec(optional1.replace(/<+$/, '') + '<');
      const rest = m ? m[1]! : '';
      documentNumber = l1.slice(5, 14) + rest;
      checks.documentNumber = !!m && cd(documentNumber) === m[2];
      optional1 = optional1.slice(rest.length + 1);
    } else checks.documentNumber = emptyOr(l1.slice(5, 14), l1[14]!);
    checks.birthDate = cd(l2.slice(0, 6)) === l2[6];
    checks.expirationDate = cd(l2.slice(8, 14)) === l2[14];
    checks.composite = cd(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)) === l2[29];
    return { documentCode: l1.slice(0, 2), issuingState: l1.slice(2, 5), nationality: l2.slice(15, 18), documentNumber, ...names(l3), birthDate: l2.slice(0, 6), expirationDate: l2.slice(8, 14), sex: l2[7]!, optional1: optional1.replace(/<+$/, ''), optional2: l2.slice(18, 29).replace(/<+$/, ''), checks };
  }
  const [l1, l2] = lines as [string, string];
  const checks: Record<string, boolean> = {
    documentNumber: cd(l2.slice(0, 9)) === l2[9],
    birthDate: cd(l2.slice(13, 19)) === l2[19],
    expirationDate: cd(l2.slice(21, 27)) === l2[27],
  };
  let optional1: string;
  if (format === 'TD3') {
    optional1 = l2.slice(28, 42);
    checks.optional = emptyOr(optional1, l2[42]!);
    checks.composite = cd(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43)) === l2[43];
  } else if (format === 'TD2') {
    optional1 = l2.slice(28, 35);
    checks.composite = cd(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 35)) === l2[35];
  } else optional1 = l2.slice(28);
  return { documentCode: l1.slice(0, 2), issuingState: l1.slice(2, 5), nationality: l2.slice(10, 13), documentNumber: l2.slice(0, 9).replace(/<+$/, ''), ...names(l1.slice(5)), birthDate: l2.slice(13, 19), expirationDate: l2.slice(21, 27), sex: l2[20]!, optional1: optional1.replace(/<+$/, ''), optional2: '', checks };
}
