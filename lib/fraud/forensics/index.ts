import sharp from 'sharp';
import type { DocumentReading, OcrField } from '../../documents';
import type { MediaInput } from '../../media';
import type { ForensicSignals } from '../types';
import { imageSignals, type Box } from './image';
import { editorNamed, exifSoftware, pdfFacts, xmpTools } from './metadata';
import { patchSignal } from './patch';

export { editorNamed, exifSoftware, pdfFacts, xmpTools } from './metadata';
export { imageSignals } from './image';
export { patchSignal, type FieldView, type PatchSignal } from './patch';

/** Fields whose boxes the error-level analysis compares (values, not the QR code or the MRZ block). */
const flatFields = (fields: OcrField[]): { key: string; box: Box }[] =>
  fields.filter((f) => f.key !== 'qrCode' && f.key !== 'mrz' && f.bbox[2] > 4 && f.bbox[3] > 4).map((f) => ({ key: f.key, box: f.bbox }));

/** Every forensic measurement of one submitted document file. */
export async function documentForensics(media: MediaInput, reading: DocumentReading): Promise<ForensicSignals> {
  const page = media.images[0]!;
  let editor: string | undefined;
  let pdfUpdates = 0;
  if (media.type === 'pdf') {
    const facts = pdfFacts(media.bytes);
    editor = editorNamed(facts.producer, facts.creator);
    pdfUpdates = facts.updates;
  } else {
    const meta = await sharp(media.bytes).metadata();
    editor = editorNamed(exifSoftware(meta.exif), ...xmpTools(meta.xmp));
  }
  // Error levels only mean something in a JPEG the camera wrote (a PNG or a rendered PDF page has none).
  const fields = media.type === 'jpeg' ? flatFields(reading.result.fields) : [];
  const s = await imageSignals(page.png, page.width, page.height, reading.documentBox, fields, reading.documentQuad);
  const patch = reading.fieldView ? patchSignal(reading.fieldView) : { ratio: 1 };
  return { field: media.field, ...s, editor, pdfUpdates, patchRatio: patch.ratio, patchField: patch.field };
}
