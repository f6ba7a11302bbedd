import type { OcrField } from '../../lib/engines/documents';
import { formatCpf } from './random';

/**
 * An OcrResult's fields in the generator's ground-truth keys: `filiacao.0`,
 * `qrCode.cpf`, `mrz.valid`, else the field key (first occurrence wins).
 */
export function flattenFields(fields: OcrField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (f.key === 'filiacao' && f.fields) f.fields.forEach((n, i) => (out[`filiacao.${i}`] = n.value));
    else if (f.key === 'mrz') out['mrz.valid'] = String(f.valid);
    else if (f.key === 'qrCode' && f.fields) for (const n of f.fields) out[`qrCode.${n.key}`] ??= n.value;
    else out[f.key] ??= f.value;
  }
  return out;
}

/**
 * The ground truth's values as printed on the document (dates as dd/mm/yyyy, the CPF with its dots
 * and dash, birthplace without its state), QR and MRZ left out: what an OCR engine's text should contain.
 */
export function printedValues(fields: Record<string, string>): string[] {
  return Object.entries(fields)
    .filter(([k]) => !k.startsWith('qrCode') && !k.startsWith('mrz'))
    .map(([k, v]) => {
      if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split('-').reverse().join('/');
      if (k === 'cpf') return formatCpf(v);
      return k === 'naturalidade' ? v.split('/')[0]! : v;
    });
}
