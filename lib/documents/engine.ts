import sharp from 'sharp';
import { intake } from '../media';
import { ocrPool, type OcrLine } from '../ocr';
import { classify } from './classify';
import { extractFields, readMrz } from './extract';
import { fold } from './text';
import { PARENT_OF, type OcrField, type OcrResult, type RecognizedType } from './types';

type Turn = 0 | 90 | 180 | 270;
type Box = [number, number, number, number];

/** Smallest width text is read at: 800 px photos are upscaled before OCR. */
const MIN_OCR_WIDTH = 1600;

/** Grey, contrast-stretched, upscaled when small, turned: what Tesseract reads best. */
async function prepare(png: Buffer, width: number, turn: Turn): Promise<{ image: Buffer; scale: number }> {
  const scale = width < MIN_OCR_WIDTH ? MIN_OCR_WIDTH / width : 1;
  let img = sharp(png).greyscale().normalise();
  if (scale !== 1) img = img.resize({ width: Math.round(width * scale), kernel: 'lanczos3' });
  if (turn) img = img.rotate(turn);
  return { image: await img.png().toBuffer(), scale };
}

/** A box in the turned, scaled image back to pixels of the submitted (upright) image. */
export function toSubmitted(box: Box, turn: Turn, scale: number, width: number, height: number): Box {
  const [x, y, w, h] = box.map((v) => v / scale) as Box;
  const r = (b: Box): Box => b.map((v) => Math.max(0, Math.round(v))) as Box;
  switch (turn) {
    case 0:
      return r([x, y, w, h]);
    case 90:
      return r([y, height - x - w, h, w]);
    case 180:
      return r([width - x - w, height - y - h, w, h]);
    case 270:
      return r([width - y - h, x, h, w]);
  }
}

function mapBoxes(fields: OcrField[], f: (b: Box) => Box): OcrField[] {
  return fields.map((x) => ({ ...x, bbox: f(x.bbox), ...(x.fields ? { fields: mapBoxes(x.fields, f) } : {}) }));
}

interface Reading {
  type?: RecognizedType;
  score: number;
  conf: number;
  /** Tesseract reads sideways text but keeps sideways boxes: the layout rules need upright lines. */
  sideways: boolean;
  lines: OcrLine[];
  text: string;
  turn: Turn;
  scale: number;
}

async function read(png: Buffer, width: number, turn: Turn): Promise<Reading> {
  const { image, scale } = await prepare(png, width, turn);
  const out = await ocrPool().recognize({ image, mode: 'auto', rotateAuto: true });
  const mrz = readMrz(out.lines.map((l) => l.text));
  const c = classify(fold(out.text), mrz);
  const long = out.lines.filter((l) => l.text.length >= 6);
  const sideways = long.length > 0 && long.filter((l) => l.bbox[3] > l.bbox[2]).length > long.length / 2;
  return { type: c.type, score: c.score, conf: out.conf, sideways, lines: out.lines, text: out.text, turn, scale };
}

/**
 * SPEC 4.9: reads a document image or PDF into an OcrResult. Upright photos
 * are read once; a photo that is not recognised is tried turned 180, 90 and
 * 270 degrees (a phone held the other way).
 */
export async function extractDocument(value: string, field = 'image'): Promise<OcrResult> {
  const media = await intake(value, field);
  const page = media.images[0]!;
  // Upright is the common case; only a doubtful reading pays for the other three turns.
  const quality = (r: Reading) => (r.sideways ? -100 : 0) + r.score + r.conf / 25;
  let best = await read(page.png, page.width, 0);
  if (!(best.type && best.score >= 5 && best.conf >= 60 && !best.sideways)) {
    for (const turn of (best.sideways ? [90, 270, 180] : [180, 90, 270]) as Turn[]) {
      const reading = await read(page.png, page.width, turn);
      if (quality(reading) > quality(best)) best = reading;
      if (reading.type && reading.score >= 5 && reading.conf >= 60 && !reading.sideways) break;
    }
  }
  const fromText = media.digital ? classify(fold(media.text), undefined) : undefined;
  const type = best?.type ?? fromText?.type;
  if (!type) {
    return { typeRecognized: '', typeParentAlias: '', digitalDocument: media.digital, fields: [], errorMessage: 'document_not_recognized' };
  }
  const mrz = readMrz(best.lines.map((l) => l.text));
  const fields = extractFields(type, best.lines, mrz);
  const reading = best;
  const typeRecognized = media.digital && (type === 'CNH_FRENTE' || type === 'CIN_FRENTE') ? (type === 'CNH_FRENTE' ? 'CNH_DIGITAL' : 'CIN_DIGITAL') : type;
  return {
    typeRecognized,
    typeParentAlias: PARENT_OF[type],
    digitalDocument: media.digital,
    fields: mapBoxes(fields, (b) => toSubmitted(b, reading.turn, reading.scale, page.width, page.height)),
  };
}
