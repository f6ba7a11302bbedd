import { z } from 'zod';
import type { SemanticParams } from '../http/validation';
import { isValidCpf } from './cpf';

export { isValidCpf, cpfWithCheckDigits } from './cpf';
export { cnhCheckDigits, isValidCnhNumber } from './cnh';
export { isValidCnpj, normalizeCnpj, cnpjWithCheckDigits, cpfOrCnpj } from './cnpj';
export { UFS, isUf, isIssuer } from './uf';

const digitsOnly = (what: string) => z.string().regex(/^\d+$/, `${what} must contain digits only`);

/** CPF request field: 11 digits (400 otherwise) whose check digits verify (422 `invalid_cpf` otherwise). */
export const cpfSchema = digitsOnly('CPF')
  .length(11, 'CPF must have 11 digits')
  .refine(isValidCpf, { message: 'CPF check digits do not verify', params: { code: 'invalid_cpf' } satisfies SemanticParams, abort: true })
  .meta({ description: 'CPF, 11 digits only, with valid check digits.', example: '52998224725' });

/** Brazilian phone: DDD + number, 10 (landline) or 11 (mobile) digits; a leading 55 country code is accepted. */
export const phoneSchema = digitsOnly('Phone')
  .regex(/^(55)?\d{10,11}$/, 'Phone must have 10 or 11 digits (DDD + number)')
  .meta({ description: 'Digits only: DDD + number, 10 or 11 digits.', example: '11987654321' });

export const cepSchema = digitsOnly('CEP').length(8, 'CEP must have 8 digits').meta({ description: 'Postal code, 8 digits only.', example: '01310100' });
