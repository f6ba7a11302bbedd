import { z } from 'zod';
import type { SemanticParams } from '@/lib/platform/http/shared';
import { isValidCpf } from './cpf';
import { withBrazilOffset } from './local-time';

export { isValidCpf, cpfWithCheckDigits } from './cpf';
export { cnhCheckDigits, isValidCnhNumber } from './cnh';
export { isValidCnpj, normalizeCnpj, cnpjWithCheckDigits, cpfOrCnpj } from './cnpj';
export { UFS, isUf, isIssuer } from './uf';
export { withBrazilOffset, BRAZIL_TIME_ZONE } from './local-time';

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


/**
 * A date-time with an offset (`2026-11-25T10:00:00Z`, `…-03:00`), honoured as
 * sent, or without one (`2026-11-25T10:00:00`, as SPEC shows it), read as São
 * Paulo local time and returned with its offset.
 */
export const brDateTimeSchema = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const trimmed = v.trim();
    if (z.iso.datetime({ offset: true }).safeParse(trimmed).success) return trimmed;
    const local = withBrazilOffset(trimmed);
    if (local) return local;
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date-time, e.g. 2026-11-25T10:00:00 (São Paulo time) or 2026-11-25T13:00:00Z' });
    return z.NEVER;
  })
  .meta({ description: 'ISO 8601 date-time. Without an offset it is São Paulo local time (America/Sao_Paulo) and is stored with its offset.', example: '2026-11-25T10:00:00', format: 'date-time' });
