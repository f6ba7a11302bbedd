/** Brazilian numbers: DDD + 8 or 9 digits, with or without the 55 country code. */
export function normalizeBrazilianPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
  if (!/^\d{10,11}$/.test(national)) throw new Error('Brazilian phone numbers have 10 or 11 digits (DDD + number).');
  return national;
}

/** E.164 for SMS providers: +55DDDNUMBER. */
export const toE164 = (phone: string) => `+55${normalizeBrazilianPhone(phone)}`;

/** What an end user sees: `(11) •••••-4321`. */
export function maskPhone(value: string): string {
  const n = normalizeBrazilianPhone(value);
  const tail = n.slice(-4);
  const hidden = '•'.repeat(n.length - 6);
  return `(${n.slice(0, 2)}) ${hidden}-${tail}`;
}

/** `a•••@example.com`. */
export function maskEmail(value: string): string {
  const [user = '', domain = ''] = value.split('@');
  return `${user.slice(0, 1)}•••@${domain}`;
}
