import { describe, expect, it } from 'vitest';
import { cpfSchema, phoneSchema, cepSchema, cpfWithCheckDigits, isValidCpf } from '.';

describe('CPF', () => {
  it('accepts valid check digits', () => {
    for (const cpf of ['52998224725', '11144477735', '39053344705']) expect(isValidCpf(cpf)).toBe(true);
  });
  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    for (const cpf of ['52998224724', '11111111111', '00000000000', '5299822472', '529982247250', '5299822472a']) expect(isValidCpf(cpf)).toBe(false);
  });
  it('completes check digits', () => {
    expect(cpfWithCheckDigits('529982247')).toBe('52998224725');
    for (let i = 0; i < 50; i++) {
      const base = String(Math.floor(Math.random() * 1e9)).padStart(9, '1');
      expect(isValidCpf(cpfWithCheckDigits(base))).toBe(/^(\d)\1{8}$/.test(base) ? false : true);
    }
  });
  it('schema: punctuation is a format error, bad check digits a semantic one', () => {
    const punct = cpfSchema.safeParse('529.982.247-25');
    expect(punct.success).toBe(false);
    expect(punct.error!.issues.some((i) => i.code !== 'custom')).toBe(true);
    const bad = cpfSchema.safeParse('52998224724');
    expect(bad.error!.issues).toEqual([expect.objectContaining({ code: 'custom', params: { code: 'invalid_cpf' } })]);
  });
});

describe('phone and CEP', () => {
  it('phone: digits only, 10 or 11 digits', () => {
    expect(phoneSchema.safeParse('11987654321').success).toBe(true);
    expect(phoneSchema.safeParse('1133334444').success).toBe(true);
    expect(phoneSchema.safeParse('(11) 98765-4321').success).toBe(false);
    expect(phoneSchema.safeParse('987654321').success).toBe(false);
  });
  it('CEP: 8 digits', () => {
    expect(cepSchema.safeParse('01310100').success).toBe(true);
    expect(cepSchema.safeParse('01310-100').success).toBe(false);
  });
});
