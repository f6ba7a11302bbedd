import sharp from 'sharp';
import type { DocumentReading, OcrField } from '../../documents';
import type { MediaInput } from '../../media';
import type { ForensicSignals } from '../types';
import { fieldErrorLevels, pageSignals, type Box, type PageSignals } from './image';
import { editorNamed, exifSoftware, pdfFacts, xmpTools } from './metadata';
import { patchSignal } from './patch';

export { editorNamed, exifSoftware, pdfFacts, xmpTools } from './metadata';
export { pageSignals, type PageSignals } from './image';
export { patchSignal, type FieldView, type PatchSignal } from './patch';

/** Fields whose boxes the error-level analysis compares (values, not the QR code or the MRZ block). */
const flatFields = (fields: OcrField[]): { key: string; box: Box }[] =>
  fields.filter((f) => f.key !== 'qrCode' && f.key !== 'mrz' && f.bbox[2] > 4 && f.bbox[3] > 4).map((f) => ({ key: f.key, box: f.bbox }));

/** Where the document lies in the page, known before it is read. */
export interface Located {
  documentBox?: Box;
  documentQuad?: [number, number][];
}

/** The page-level measures, started as soon as the document is located (they run while it is read). */
export function earlyForensics(media: MediaInput, where: Located): Promise<PageSignals> {
  const page = media.images[0]!;
  const measures = pageSignals(page.png, page.width, page.height, where.documentBox, where.documentQuad);
  // If reading fails, nobody awaits these: their failure must not become an unhandled rejection.
  measures.catch(() => undefined);
  return measures;
}

/** Every forensic measurement of one submitted document file (`early`: the page measures already under way). */
export async function documentForensics(media: MediaInput, reading: DocumentReading, early?: Promise<PageSignals>): Promise<ForensicSignals> {
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
  const [pageMeasures, ela] = await Promise.all([
    early ?? earlyForensics(media, reading),
    fieldErrorLevels(page.png, page.width, page.height, reading.documentBox, fields),
  ]);
  const s = { ...pageMeasures, ...ela };
  const patch = reading.fieldView ? patchSignal(reading.fieldView) : { ratio: 1 };
  return { field: media.field, ...s, editor, pdfUpdates, patchRatio: patch.ratio, patchField: patch.field };
}
