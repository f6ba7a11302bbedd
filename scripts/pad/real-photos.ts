/**
 * Genuine photos as they are, not simulated: the source photos themselves
 * (studio portraits, press and web photos, phone selfies, made by other
 * hands), whole (at most 1280 px) and scaled so the face is 150 or 90 px wide.
 * Never trained on in this form; what the model says of a real photo of a
 * live person in clothes and places our simulators do not make (checked
 * shirts, sequins, striped backdrops). Measured the service's way and cached
 * by the code of the detector and the signals.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { qualityIssues } from '../../lib/engines/face/liveness';
import { attackScore, type PadModel } from '../../lib/engines/face/pad/model';
import { fileHash, measureCapture, type Measured } from './dataset';
import { judged } from './evaluate';
import { SCRATCH, sourcePng, type Source } from './sources';

export const PHOTO_SIZES = ['whole', 'face150', 'face90'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

export interface RealPhoto extends Omit<Measured, 'condition' | 'sim'> {
  size: PhotoSize;
  split: Source['split'];
}

const codeHash = () => fileHash('lib/engines/face/detect.ts', 'lib/engines/face/locate.ts', 'lib/engines/face/pad/signals.ts', 'lib/engines/face/pad/texture.ts', 'scripts/pad/real-photos.ts');

/** The photo as a phone or a web page would send it at that size (JPEG 90 whole, 85 scaled). */
export async function photoAt(s: Source, png: Buffer, size: PhotoSize): Promise<Buffer> {
  if (size === 'whole') return sharp(png).resize({ width: Math.min(1280, s.width), height: Math.min(1280, s.height), fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
  const scale = Math.min(1, (size === 'face150' ? 150 : 90) / s.box[2]);
  return sharp(png).resize({ width: Math.max(16, Math.round(s.width * scale)) }).jpeg({ quality: 85 }).toBuffer();
}

/** Every source photo at every size, measured (cached in .scratch/pad/real-photos-*.jsonl). */
export async function measureRealPhotos(list: Source[], log?: (s: string) => void): Promise<RealPhoto[]> {
  const file = path.join(SCRATCH, `real-photos-${codeHash()}.jsonl`);
  const known = new Map<string, RealPhoto>();
  if (fs.existsSync(file))
    for (const l of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const m = JSON.parse(l) as RealPhoto;
      known.set(m.key, m);
    }
  fs.mkdirSync(SCRATCH, { recursive: true });
  const out: RealPhoto[] = [];
  let done = 0;
  for (const s of list) {
    // Decoded once for its three sizes, and only when one of them is not measured yet.
    let png: Promise<Buffer> | undefined;
    for (const size of PHOTO_SIZES) {
      const key = `photo:${size}:${s.image}`;
      let m = known.get(key);
      if (!m) {
        m = { key, size, split: s.split, image: s.image, identity: s.identity, attack: false, ...(await measureCapture(await photoAt(s, await (png ??= sourcePng(s)), size))) };
        fs.appendFileSync(file, JSON.stringify(m) + '\n');
        if (++done % 50 === 0) log?.(`  real photos: ${done} measured`);
      }
      // The gate is applied afresh: its limits may have changed since.
      out.push({ ...m, issues: m.quality ? qualityIssues(m.quality) : m.issues });
    }
  }
  return out;
}

export interface PhotoFigures {
  split: RealPhoto['split'];
  size: RealPhoto['size'];
  n: number;
  judged: number;
  noFace: number;
  gated: number;
  bpcer: number;
  refused: string[];
}

/** BPCER of the model on the real photos, per split (held-out identities first) and size. */
export function photoFigures(m: PadModel, rows: RealPhoto[]): PhotoFigures[] {
  const out: PhotoFigures[] = [];
  for (const split of ['heldout', 'train'] as const) {
    for (const size of PHOTO_SIZES) {
      const mine = rows.filter((r) => r.split === split && r.size === size);
      const ok = mine.filter((r) => judged({ ...r, sim: 'real', condition: 'real_genuine' }));
      const refused = ok.filter((r) => attackScore(m, r.signals!) > m.threshold);
      out.push({ split, size, n: mine.length, judged: ok.length, noFace: mine.filter((r) => !r.found).length, gated: mine.filter((r) => r.found && r.issues.length > 0).length, bpcer: Math.round((refused.length / Math.max(1, ok.length)) * 1000) / 1000, refused: refused.map((r) => r.image) });
    }
  }
  return out;
}

