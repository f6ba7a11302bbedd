/** ICAO 9303 check digit (weights 7, 3, 1). */
export function mrzCheck(s: string): string {
  const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += value(s[i]!) * [7, 3, 1][i % 3]!;
  return String(sum % 10);
}

const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Z ]/g, '');

function nameField(surname: string, given: string, n: number) {
  return pad(`${plain(surname).replace(/ /g, '<')}<<${plain(given).replace(/ /g, '<')}`, n);
}

export interface MrzPerson {
  documentNumber: string;
  surname: string;
  given: string;
  birth: string;
  sex: 'M' | 'F';
  expiry: string;
  optional?: string;
}

/** Passport (TD3): two lines of 44. */
export function td3(p: MrzPerson): string[] {
  const doc = pad(p.documentNumber, 9);
  const opt = pad(p.optional ?? '', 14);
  const l1 = `P<BRA${nameField(p.surname, p.given, 39)}`;
  const parts = `${doc}${mrzCheck(doc)}BRA${yymmdd(p.birth)}${mrzCheck(yymmdd(p.birth))}${p.sex}${yymmdd(p.expiry)}${mrzCheck(yymmdd(p.expiry))}${opt}${mrzCheck(opt)}`;
  const composite = `${doc}${mrzCheck(doc)}${yymmdd(p.birth)}${mrzCheck(yymmdd(p.birth))}${yymmdd(p.expiry)}${mrzCheck(yymmdd(p.expiry))}${opt}${mrzCheck(opt)}`;
  return [l1, parts + mrzCheck(composite)];
}

/** Identity card (TD1, e.g. CIN): three lines of 30. */
export function td1(p: MrzPerson): string[] {
  const doc = pad(p.documentNumber, 9);
  const opt1 = pad(p.optional ?? '', 15);
  const l1 = `IDBRA${doc}${mrzCheck(doc)}${opt1}`;
  const l2a = `${yymmdd(p.birth)}${mrzCheck(yymmdd(p.birth))}${p.sex}${yymmdd(p.expiry)}${mrzCheck(yymmdd(p.expiry))}BRA`;
  const l2 = pad(l2a, 29);
  const composite = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  return [l1, l2 + mrzCheck(composite), nameField(p.surname, p.given, 30)];
}
