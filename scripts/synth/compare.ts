import type { OcrField } from '../../lib/documents';

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
