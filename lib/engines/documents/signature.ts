import type { OcrLine } from '../ocr';
import type { Grey } from './accents';
import type { Box } from './box';
import { fold } from './text';

export interface SignatureRegion {
  box: Box;
  /** 0..1: how much handwriting-like ink there is (0.5 and up: someone signed). */
  score: number;
}

/** The holder's line first: the issuer's signature is printed, the holder's is the one that matters. */
const HOLDER = /ASSINATURA DO (PORTADOR|TITULAR)/;
const ANY = /ASSINATURA/;

/** Ink covering this share of the search window is a full signature. */
const FULL_INK = 0.025;

/**
 * Where the document was signed: the ink above a printed "ASSINATURA ..."
 * label, leaving out the printed text lines and the ruled signature line.
 * Documents sign above their label (CNH, RG, CIN), so the window is the strip
 * of six label heights above it, a label's width to each side.
 */
export function findSignature(page: Grey, lines: OcrLine[]): SignatureRegion | undefined {
  const labels = lines.filter((l) => ANY.test(fold(l.text)));
  const label = labels.find((l) => HOLDER.test(fold(l.text))) ?? labels[0];
  if (!label) return undefined;
  const [lx, ly, lw, lh] = label.bbox;
  const x0 = Math.max(0, Math.round(lx - lw * 0.5));
  const x1 = Math.min(page.width, Math.round(lx + lw * 1.5));
  const y0 = Math.max(0, Math.round(ly - lh * 6));
  const y1 = Math.max(y0, Math.round(ly - lh * 0.1));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 8 || h < 8) return undefined;
  // Printed text is left out; a scribble read as a garbled, unsure line is not text.
  const text = lines.filter((l) => l !== label && l.conf >= 60).map((l) => l.bbox);
  const inText = (x: number, y: number) => text.some(([bx, by, bw, bh]) => x >= bx && x < bx + bw && y >= by && y < by + bh);

  // Ink: clearly darker than the window's paper (its 80th percentile).
  const values: number[] = [];
  for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) values.push(page.data[y * page.width + x]!);
  values.sort((a, b) => a - b);
  const paper = values[Math.floor(values.length * 0.8)] ?? 255;
  const limit = paper - 70;
  const ink = new Uint8Array(w * h);
  const rowInk = new Array<number>(h).fill(0);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (page.data[(y0 + y) * page.width + x0 + x]! < limit && !inText(x0 + x, y0 + y)) {
        ink[y * w + x] = 1;
        rowInk[y]!++;
      }
    }
  }
  // A ruled line fills most of its row, a card's edge or a frame most of its column: not handwriting.
  const colInk = new Array<number>(w).fill(0);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) colInk[x]! += ink[y * w + x]!;
  let count = 0;
  let [minX, minY, maxX, maxY] = [w, h, -1, -1];
  for (let y = 0; y < h; y++) {
    if (rowInk[y]! > w * 0.45) continue;
    for (let x = 0; x < w; x++) {
      if (!ink[y * w + x] || colInk[x]! > h * 0.6) continue;
      count++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  // Handwriting spreads: ink narrower than three label heights is a mark, not a signature.
  const spread = maxX - minX >= lh * 3;
  const score = spread ? Math.min(1, count / (w * h) / FULL_INK) : 0;
  if (maxX < 0 || score < 0.1) return { box: [x0, y0, w, h], score: Math.round(score * 100) / 100 };
  return { box: [x0 + minX, y0 + minY, maxX - minX + 1, maxY - minY + 1], score: Math.round(score * 100) / 100 };
}
