import sharp from 'sharp';
import { GLARE_INSET, glareShare, imageOf, SHARPNESS_HEIGHT } from '@/lib/engines/media';
import { laplacianVariance } from '../../signal';
import { chromaOf } from './colour';
import { screenSignal } from './screen';

/** `[x, y, width, height]` in pixels of the submitted image. */
export type Box = [number, number, number, number];

// The measures and limits the browser's guide shares (lib/engines/media/capture-quality.ts).
const INNER = GLARE_INSET;

const clampBox = ([x, y, w, h]: Box, width: number, height: number): Box => {
  const left = Math.max(0, Math.min(width - 1, Math.round(x)));
  const top = Math.max(0, Math.min(height - 1, Math.round(y)));
  return [left, top, Math.max(1, Math.min(width - left, Math.round(w))), Math.max(1, Math.min(height - top, Math.round(h)))];
};

const inner = ([x, y, w, h]: Box): Box => [x + w * INNER, y + h * INNER, w * (1 - 2 * INNER), h * (1 - 2 * INNER)];

/** Mean gradient magnitude of a region (how much edge there is to compress). */
function edgeEnergy(g: Buffer, w: number, [x, y, bw, bh]: Box): number {
  let s = 0;
  let n = 0;
  for (let yy = Math.max(1, y); yy < Math.min(y + bh, g.length / w - 1); yy++) {
    for (let xx = Math.max(1, x); xx < Math.min(x + bw, w - 1); xx++) {
      const i = yy * w + xx;
      s += Math.abs(g[i + 1]! - g[i - 1]!) + Math.abs(g[i + w]! - g[i - w]!);
      n++;
    }
  }
  return n ? s / n : 0;
}

function meanIn(g: Buffer, w: number, [x, y, bw, bh]: Box): number {
  let s = 0;
  let n = 0;
  for (let yy = y; yy < Math.min(y + bh, g.length / w); yy++) {
    for (let xx = x; xx < Math.min(x + bw, w); xx++) {
      s += g[yy * w + xx]!;
      n++;
    }
  }
  return n ? s / n : 0;
}

/**
 * Error-level analysis of the field regions: the picture is compressed again
 * at JPEG quality 90 and the difference measured in each field's box,
 * relative to the edges there. Fields compressed as many times as the rest
 * of the document lose about as much; a value pasted in after the photo was
 * taken (sharper, compressed once) stands out. 0..1 from the outlier's ratio
 * to the median field.
 */
async function elaSignal(grey: Buffer, w: number, h: number, fields: { key: string; box: Box }[]): Promise<{ anomaly: number; field?: string }> {
  if (fields.length < 3) return { anomaly: 0 };
  const again = await sharp(await sharp(grey, { raw: { width: w, height: h, channels: 1 } }).jpeg({ quality: 90 }).toBuffer()).greyscale().raw().toBuffer();
  const diff = Buffer.alloc(grey.length);
  for (let i = 0; i < grey.length; i++) diff[i] = Math.abs(grey[i]! - again[i]!);
  const ratios = fields
    .map((f) => {
      const box = clampBox(f.box, w, h);
      const edges = edgeEnergy(grey, w, box);
      return { key: f.key, ratio: edges > 2 ? meanIn(diff, w, box) / edges : 0 };
    })
    .filter((r) => r.ratio > 0);
  if (ratios.length < 3) return { anomaly: 0 };
  const sorted = ratios.map((r) => r.ratio).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const top = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const anomaly = Math.max(0, Math.min(1, (top.ratio / median - 1.6) / 1.4));
  return { anomaly, field: anomaly > 0 ? top.key : undefined };
}

/** What is measured on the page as soon as the document is located (before it is read). */
export interface PageSignals {
  sharpness: number;
  glare: number;
  documentHeight: number;
  screen: number;
  chroma: number;
}

/**
 * Page-level measurements of one document picture (sRGB PNG of the whole
 * submitted image), restricted to the document's box (its colour to its
 * outline, `quad`, when known). They need only where the document lies, so
 * they run while the document is being read.
 */
export async function pageSignals(png: Buffer, width: number, height: number, documentBox: Box | undefined, quad?: [number, number][]): Promise<PageSignals> {
  const doc = clampBox(documentBox ?? [0, 0, width, height], width, height);
  const core = clampBox(inner(doc), width, height);
  const rgb = await (await imageOf(png)).removeAlpha().extract({ left: core[0], top: core[1], width: core[2], height: core[3] }).raw().toBuffer();
  const small = await (await imageOf(png))
    .extract({ left: doc[0], top: doc[1], width: doc[2], height: doc[3] })
    .greyscale()
    .resize({ height: SHARPNESS_HEIGHT, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    sharpness: Math.round(laplacianVariance(small.data, small.info.width, small.info.height)),
    glare: glareShare(rgb, 3),
    documentHeight: Math.min(doc[2], doc[3]),
    screen: screenSignal(rgb, core[2], core[3]),
    chroma: await chromaOf(png, width, quad, doc),
  };
}

/** Error-level analysis of the field boxes (pixels of the submitted image) inside the document's box. */
export async function fieldErrorLevels(png: Buffer, width: number, height: number, documentBox: Box | undefined, fields: { key: string; box: Box }[]): Promise<{ elaAnomaly: number; elaField?: string }> {
  if (fields.length < 3) return { elaAnomaly: 0 };
  const doc = clampBox(documentBox ?? [0, 0, width, height], width, height);
  const { data: grey, info } = await (await imageOf(png)).extract({ left: doc[0], top: doc[1], width: doc[2], height: doc[3] }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const local = fields.map((f) => ({ key: f.key, box: [f.box[0] - doc[0], f.box[1] - doc[1], f.box[2], f.box[3]] as Box }));
  const ela = await elaSignal(grey, info.width, info.height, local);
  return { elaAnomaly: ela.anomaly, elaField: ela.field };
}
