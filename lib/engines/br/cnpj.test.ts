import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, cpfOrCnpj, isValidCnpj, normalizeCnpj } from '.';

describe('CNPJ', () => {
  it('accepts a classic CNPJ, punctuated or bare', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj(' 11 222 333 0001 81 ')).toBe(true);
  });
  it('accepts the alphanumeric CNPJ (IN RFB 2.229/2024), including lowercase input', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
  it('rejects a wrong check digit', () => {
    for (const v of ['11.222.333/0001-82', '11222333000191', '12ABC34501DE36', '12ABC34501DE45', '12ABD34501DE35']) expect(isValidCnpj(v)).toBe(false);
    expect(normalizeCnpj('11222333000182')).toBeUndefined();
  });
  it('rejects bad lengths and characters', () => {
    for (const v of ['', '1122233300018', '112223330001810', '11.222.333/0001', '11222333000181X', '12ABC34501DE3!', '12ÁBC34501DE35']) expect(isValidCnpj(v)).toBe(false);
  });
  it('rejects repeated digits', () => {
    for (const d of '0123456789') expect(isValidCnpj(d.repeat(14))).toBe(false);
  });
  it('refuses letters in the check digit positions', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    expect(isValidCnpj('112223330001AB')).toBe(false);
  });
  it('completes check digits for classic and alphanumeric bases', () => {
    expect(cnpjWithCheckDigits('112223330001')).toBe('11222333000181');
    expect(cnpjWithCheckDigits('12abc34501de')).toBe('12ABC34501DE35');
    expect(isValidCnpj(cnpjWithCheckDigits('ZZ9XY8WV0001'))).toBe(true);
  });
});

describe('cpfOrCnpj', () => {
  it('tells CPF from CNPJ', () => {
    expect(cpfOrCnpj('52998224725')).toEqual({ kind: 'cpf', value: '52998224725' });
    expect(cpfOrCnpj('11.222.333/0001-81')).toEqual({ kind: 'cnpj', value: '11222333000181' });
    expect(cpfOrCnpj('12.abc.345/01de-35')).toEqual({ kind: 'cnpj', value: '12ABC34501DE35' });
  });
  it('is undefined when neither verifies', () => {
    for (const v of ['52998224724', '11222333000182', '11111111111', '', 'abc']) expect(cpfOrCnpj(v)).toBeUndefined();
  });
});
