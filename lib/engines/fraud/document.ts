import sharp from 'sharp';
import { readDocument, type OcrField, type OcrResult } from '../documents';
import { locateFaces, type Face, type Picture } from '../face';
import { intake } from '../media';
import { documentForensics, earlyForensics, type PageSignals } from './forensics';

/** Sides that print the holder's portrait. */
export const PORTRAIT_SIDES = new Set(['CNH_FRENTE', 'CNH_ABERTA', 'CNH_DIGITAL', 'RG_FRENTE', 'RG_ABERTO', 'CIN_FRENTE', 'CIN_DIGITAL', 'PASSAPORTE']);

/** The document face as a JPEG data URL, with some margin around it. */
export async function faceCropOf(pic: Picture, face: Face): Promise<string> {
  const [x, y, w, h] = face.box;
  const m = 0.25;
  const left = Math.max(0, Math.round(x - w * m));
  const top = Math.max(0, Math.round(y - h * m));
  const width = Math.min(pic.width - left, Math.round(w * (1 + 2 * m)));
  const height = Math.min(pic.height - top, Math.round(h * (1 + 2 * m)));
  const jpeg = await sharp(pic.png).extract({ left, top, width, height }).jpeg({ quality: 85 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * One document file read and measured. The page measures start as soon as the
 * document is located and run while OCR reads it; the portrait search (face
 * worker) runs while the field measures finish: one analysis uses both cores.
 */
export async function side(value: string, field: string, budgetMs?: number) {
  const media = await intake(value, field);
  let early: Promise<PageSignals> | undefined;
  // The page measures (screen, glare, sharpness, colour) run on this thread while OCR reads in its worker.
  const reading = await readDocument(media, { budgetMs, onLocated: (where) => (early = earlyForensics(media, where)) });
  const page = media.images[0]!;
  const picture: Picture = { png: page.png, width: page.width, height: page.height };
  const [forensics, portraits] = await Promise.all([
    documentForensics(media, reading, early),
    PORTRAIT_SIDES.has(reading.result.typeRecognized) ? locateFaces(picture, 'document') : Promise.resolve([] as Face[]),
  ]);
  return { media, reading, forensics, picture, portraits };
}

/**
 * Front and back as one reading: the front's type (the back's when the front
 * was not recognised), the front's fields, and the back's where the front
 * has none of that key.
 */
export function merged(front: OcrResult, back?: OcrResult): OcrResult {
  if (!back) return front;
  const main = front.typeRecognized ? front : back;
  const other = main === front ? back : front;
  const keys = new Set(main.fields.map((f) => f.key));
  const fields: OcrField[] = [...main.fields, ...other.fields.filter((f) => !keys.has(f.key))];
  const result: OcrResult = { ...main, digitalDocument: front.digitalDocument || back.digitalDocument, fields };
  if (result.typeRecognized) delete result.errorMessage;
  return result;
}

