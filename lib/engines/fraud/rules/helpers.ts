import { isValidCpf } from '../../br';
import type { OcrField } from '../../documents';
import type { Evidence } from '../types';

/** A top-level field of the document read. */
export const fieldOf = (e: Evidence, key: string): OcrField | undefined => e.document?.fields.find((f) => f.key === key);

/** A nested field (`mrz.dataNascimento`, `qrCode.cpf`). */
export const nestedOf = (e: Evidence, parent: string, key: string): OcrField | undefined => fieldOf(e, parent)?.fields?.find((f) => f.key === key);

/** dd/mm/aaaa of an ISO date. */
export const br = (iso: string) => iso.split('-').reverse().join('/');

/** The CPF the document itself carries with valid check digits: printed, in the QR code or in the MRZ. */
export function documentCpf(e: Evidence): string | undefined {
  const candidates = [fieldOf(e, 'cpf')?.value, nestedOf(e, 'qrCode', 'cpf')?.value, nestedOf(e, 'mrz', 'opcional')?.value];
  return candidates.find((c): c is string => Boolean(c && isValidCpf(c)));
}

/** Whole years between an ISO date and `now`. */
export function yearsSince(iso: string, now: Date): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** The analysed document's type, when it was recognised. */
export const documentType = (e: Evidence) => e.document?.ocr.typeRecognized || undefined;
