import type { Holder } from './people';

/** ICAO 9303 machine-readable zones (TD1 for identity cards, TD3 for passports), written here from the standard. */
const WEIGHTS = [7, 3, 1];
const charValue = (c: string) => (c === '<' ? 0 : c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55);

export function checkDigit(field: string): string {
  let sum = 0;
  [...field].forEach((c, i) => (sum += charValue(c) * WEIGHTS[i % 3]!));
  return String(sum % 10);
}

const fill = (s: string, n: number) => s.padEnd(n, '<').slice(0, n);
const yymmdd = (iso: string) => iso.replace(/-/g, '').slice(2);
/** Letters A–Z only: accents dropped, spaces and hyphens as fillers. */
const latin = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z]+/g, '<');
const names = (surname: string, given: string, n: number) => fill(`${latin(surname)}<<${latin(given)}`, n);

/** The holder as the zone needs them. */
type Named = Pick<Holder, 'surname' | 'given' | 'birth' | 'sex'>;

/** The document's own part of the zone: type code, number, expiry and optional data. */
export interface ZoneDocument {
  code: string;
  number: string;
  expiry: string;
  optional?: string;
}

export function td3(p: Named, d: ZoneDocument): [string, string] {
  const num = fill(d.number, 9);
  const opt = fill(d.optional ?? '', 14);
  const body = `${num}${checkDigit(num)}BRA${yymmdd(p.birth)}${checkDigit(yymmdd(p.birth))}${p.sex}${yymmdd(d.expiry)}${checkDigit(yymmdd(d.expiry))}${opt}${checkDigit(opt)}`;
  const composite = body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43);
  return [fill(`${d.code}BRA${names(p.surname, p.given, 39)}`, 44), body + checkDigit(composite)];
}

export function td1(p: Named, d: ZoneDocument): [string, string, string] {
  const num = fill(d.number, 9);
  const l1 = fill(`${d.code}BRA${num}${checkDigit(num)}${d.optional ?? ''}`, 30);
  const l2 = fill(`${yymmdd(p.birth)}${checkDigit(yymmdd(p.birth))}${p.sex}${yymmdd(d.expiry)}${checkDigit(yymmdd(d.expiry))}BRA`, 29);
  const composite = l1.slice(5) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  return [l1, l2 + checkDigit(composite), names(p.surname, p.given, 30)];
}
