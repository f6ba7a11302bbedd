import { decodeFileField, type DecodedFile } from './decode';
import { normalizeImage, type NormalizedImage } from './image';
import { readPdf } from './pdf';

export { decodeFileField, checkFileBytes, type DecodedFile } from './decode';
export { normalizeImage, storablePng, type NormalizedImage } from './image';
export { imageOf, pixelsOf, PIXEL_PNG, type Pixels } from './pixels';
export { readPdf, type PdfContent } from './pdf';
export { sniff, MIME, type SniffedType } from './sniff';
export { insideQuad, type Point } from './quad';
export { DOCUMENT_LIMITS, documentProblem, SHARPNESS_HEIGHT, GLARE_INSET, glareShare, type DocumentMeasures } from './capture-quality';

export interface MediaInput {
  field: string;
  /** Page images, upright and sRGB (one for a photo, one per page for a PDF). */
  images: NormalizedImage[];
  /** PDF text layer, when there is one. */
  text: string;
  /** Born-digital: a PDF with a real text layer or a signature field. */
  digital: boolean;
  type: DecodedFile['type'];
  /** The file as sent (metadata and compression traces are read from it). */
  bytes: Buffer;
}

/** Meaningful text: a scanned PDF may carry a few stray characters, a digital one carries the fields. */
const hasTextLayer = (text: string) => (text.match(/[A-Za-zÀ-ú0-9]/g)?.length ?? 0) >= 20;

/** Everything an endpoint needs from one `file` field of a request. */
export async function intake(value: string, field: string): Promise<MediaInput> {
  return intakeFile(decodeFileField(value, field));
}

/** The same from a file already checked (read from disk or the object store). */
export async function intakeFile(file: DecodedFile): Promise<MediaInput> {
  const field = file.field;
  if (file.type !== 'pdf') {
    return { field, images: [await normalizeImage(file)], text: '', digital: false, type: file.type, bytes: file.bytes };
  }
  const pdf = await readPdf(file);
  const images = await Promise.all(pdf.pages.map((p) => normalizeImage(file, p.png)));
  return { field, images, text: pdf.text, digital: hasTextLayer(pdf.text) || pdf.hasSignature, type: 'pdf', bytes: file.bytes };
}

