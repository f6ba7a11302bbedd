import type { RegionsResult } from '../../api/contracts/formalistic';
import type { DocumentReading } from '../documents';
import type { Face } from '../face';

/** Below this ink score the signature window is empty (a line and its label only). */
const SIGNED = 0.5;

/**
 * The regions found on a page (SPEC's `yoloResult`). Scores, 0 to 1, are
 * what each locator measures: for the document, 1 when its outline was found
 * and its type recognised, 0.5 when only one of the two; the face detector's
 * confidence; 1 for an MRZ whose check digits verify (else its OCR
 * confidence); 1 for a decoded QR code; the signature's ink score.
 */
export function regionsOf(reading: DocumentReading, faces: Face[], width: number, height: number): RegionsResult {
  const regions: RegionsResult['regions'] = [];
  const recognised = Boolean(reading.result.typeRecognized);
  if (reading.documentBox || recognised) {
    regions.push({ label: 'document', box: reading.documentBox ?? [0, 0, width, height], score: reading.documentBox && recognised ? 1 : 0.5 });
  }
  for (const f of faces) regions.push({ label: 'face', box: f.box.map(Math.round), score: Math.round(f.score * 1000) / 1000 });
  const mrz = reading.result.fields.find((f) => f.key === 'mrz');
  if (mrz) regions.push({ label: 'mrz', box: mrz.bbox, score: mrz.valid ? 1 : Math.round(mrz.conf) / 100 });
  for (const qr of reading.result.fields.filter((f) => f.key === 'qrCode')) regions.push({ label: 'qrcode', box: qr.bbox, score: 1 });
  if (reading.signature && reading.signature.score >= SIGNED) regions.push({ label: 'signature', box: reading.signature.box, score: reading.signature.score });
  return { detector: 'atesta-locators/1 (document outline, SSD face, MRZ, ZXing QR, signature ink)', width, height, regions };
}
