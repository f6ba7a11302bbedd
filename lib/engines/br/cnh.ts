/**
 * Check digits of a CNH registration number (DENATRAN rule) for its nine base
 * digits; undefined for the bases the rule cannot complete (second digit < 0).
 */
export function cnhCheckDigits(base9: string): string | undefined {
  const d = [...base9].map(Number);
  let s = 0;
  for (let i = 0; i < 9; i++) s += d[i]! * (9 - i);
  let dv1 = s % 11;
  let carry = 0;
  if (dv1 >= 10) {
    dv1 = 0;
    carry = 2;
  }
  s = 0;
  for (let i = 0; i < 9; i++) s += d[i]! * (i + 1);
  const x = s % 11;
  const dv2 = x >= 10 ? 0 : x - carry;
  return dv2 < 0 ? undefined : `${dv1}${dv2}`;
}

export function isValidCnhNumber(n: string): boolean {
  if (!/^\d{11}$/.test(n) || /^(\d)\1{10}$/.test(n)) return false;
  return cnhCheckDigits(n.slice(0, 9)) === n.slice(9);
}
