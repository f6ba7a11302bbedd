/** CPF check digits (mod 11). Rejects the eleven repeated-digit sequences, which pass the arithmetic. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += digits[i]! * (length + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== digits[length]) return false;
  }
  return true;
}

/** Completes nine base digits with their two check digits (test data, synthetic documents). */
export function cpfWithCheckDigits(base9: string): string {
  let value = base9;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(value[i]) * (length + 1 - i);
    value += String(((sum * 10) % 11) % 10);
  }
  return value;
}
