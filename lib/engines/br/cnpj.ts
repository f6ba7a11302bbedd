import { isValidCpf } from './cpf';

/*
 * CNPJ check digits, including the alphanumeric CNPJ (IN RFB 2.229/2024, issued
 * from July 2026): the 12 base characters may be 0-9 or A-Z, the two check
 * digits stay numeric. Each character is worth its ASCII code minus 48, so
 * digits keep their classic value and the old algorithm is unchanged for them.
 */

const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Drops the usual punctuation and uppercases, so "12.abc.345/01de-35" compares as "12ABC34501DE35". */
function bare(value: string): string {
  return value.replace(/[.\/\-\s]/g, '').toUpperCase();
}

function checkDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (base.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** True for a punctuated or bare CNPJ (classic or alphanumeric) whose check digits verify. */
export function isValidCnpj(value: string): boolean {
  const v = bare(value);
  // Repeated digits pass the arithmetic (e.g. 00000000000000) but are not issued.
  if (!/^[0-9A-Z]{12}\d{2}$/.test(v) || /^(\d)\1{13}$/.test(v)) return false;
  const first = checkDigit(v, WEIGHTS_1);
  if (first !== Number(v[12])) return false;
  return checkDigit(v, WEIGHTS_2) === Number(v[13]);
}

/** The 14 bare uppercase characters of a valid CNPJ, or undefined. */
export function normalizeCnpj(value: string): string | undefined {
  return isValidCnpj(value) ? bare(value) : undefined;
}

/** Completes 12 base characters with their two check digits (test data, synthetic documents). */
export function cnpjWithCheckDigits(base12: string): string {
  const base = bare(base12);
  const withFirst = base + String(checkDigit(base, WEIGHTS_1));
  return withFirst + String(checkDigit(withFirst, WEIGHTS_2));
}

/**
 * Tells a CPF (11 digits) from a CNPJ (14 characters). CPF stays digits-only, as
 * elsewhere in Atesta; CNPJ punctuation is tolerated. Undefined when neither verifies.
 */
export function cpfOrCnpj(value: string): { kind: 'cpf' | 'cnpj'; value: string } | undefined {
  if (isValidCpf(value)) return { kind: 'cpf', value };
  const cnpj = normalizeCnpj(value);
  return cnpj ? { kind: 'cnpj', value: cnpj } : undefined;
}
