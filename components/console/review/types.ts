import type { z } from 'zod';
import type { reviewDetailSchema } from '@/lib/api/contracts/onboarding';
import type { OcrFieldShape } from '@/lib/api/contracts/ocr';

/** GET /services/api/v1/onboarding/reviews/{id} as the browser receives it. */
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;
export type HistoryEntry = ReviewDetail['history'][number];
export type OcrField = OcrFieldShape;

/** A field flattened for the table: nested fields (filiacao, mrz, qrCode) under their parent's key. */
export interface FlatField {
  id: string;
  label: string;
  value: string;
  conf: number;
  bbox: number[];
  valid?: boolean;
}

export function flatten(fields: OcrField[], prefix = ''): FlatField[] {
  return fields.flatMap((f, i) => {
    const id = `${prefix}${f.key}${prefix ? `-${i}` : ''}`;
    const label = prefix ? `${prefix.replace(/-$/, '').replace(/-/g, ' › ')} › ${f.key}` : f.key;
    const own: FlatField = { id, label, value: f.value, conf: f.conf, bbox: f.bbox, valid: f.valid };
    return f.fields?.length ? [own, ...flatten(f.fields, `${id}-`)] : [own];
  });
}
