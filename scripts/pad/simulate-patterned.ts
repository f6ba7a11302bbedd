/**
 * Fourth training simulator: the photo's person in patterned clothes before a
 * patterned wall, then through the training simulator (simulate.ts) as a live
 * capture or as a replay of it. Real selfies and webcam frames often hold a
 * checked or striped shirt, a knit jumper, wall tiles, blinds or shelves: each
 * a periodic pattern much like a screen's grid or a print's screen, but beside
 * the face, not over it. Our source photos are studio portraits on plain
 * backdrops, so without these a model can learn "a grid anywhere in the
 * frame is an attack" and refuse genuine people in gingham (it did: three of
 * four deepface press photos with such clothes). Replays of the same patterned
 * photos are made too, so the pattern itself tells nothing; what tells is
 * whether the grid lies over the face. The same condition names as simulate.ts.
 */
import sharp from 'sharp';
import { PIXEL_PNG } from '../../lib/engines/media';
import type { Rng } from '../synth/random';
import { isAttack, type Condition, type Shot } from './conditions';
import { simulate } from './simulate';

/** About how wide the face ends up in each condition's frame (px): the pattern's period is set in the frame's pixels. */
const FACE_IN_FRAME: Record<string, number> = { webcam320: 128, webcam480: 180, webcam640: 240, lowlight: 240, jpeg: 240, tightcrop: 240, face80: 88, face150: 150, face400: 400, phone: 380 };

type Pattern = (u: number, v: number) => number;

/** A periodic pattern in [-1, 1] of the given period (source px): stripes, gingham, knit rows, tiles with grout lines, blinds. */
function patternOf(kind: string, period: number): Pattern {
  const sq = (t: number) => (((Math.floor(t / (period / 2)) % 2) + 2) % 2 ? 1 : -1);
  switch (kind) {
    case 'stripes':
      return (u) => sq(u);
    case 'gingham':
      return (u, v) => (sq(u) + sq(v)) / 2;
    case 'knit':
      return (u, v) => Math.sin((2 * Math.PI * v) / period) * 0.7 + Math.sin((2 * Math.PI * (u + Math.abs(((v % period) + period) % period - period / 2))) / (period * 0.5)) * 0.3;
    case 'tiles': {
      // Square tiles with thin grout lines.
      const grout = Math.max(1, period * 0.08);
      return (u, v) => ((((u % period) + period) % period) < grout || (((v % period) + period) % period) < grout ? -1 : 0.3);
    }
    default: // blinds: slats with a shadow under each
      return (_u, v) => {
        const t = (((v % period) + period) % period) / period;
        return t < 0.8 ? 0.5 - t * 0.5 : -1;
      };
  }
}

/**
 * The photo with a patterned garment below the chin and a patterned wall
 * outside the head and shoulders (each, or both). The pattern multiplies the
 * photo's own shading, so folds and light stay.
 */
export async function patterned(shot: Shot, condition: Condition, r: Rng): Promise<Shot> {
  const { data, info } = await sharp(shot.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [bx, by, bw, bh] = shot.box;
  const perFramePx = bw / (FACE_IN_FRAME[condition] ?? 200);
  const which = r.pick(['clothes', 'wall', 'both', 'both']);
  const layer = (kinds: string[], depth: [number, number]) => {
    const kind = r.pick(kinds);
    // 2.5–14 frame pixels a period: near the sensor's limit (fine weaves alias into moiré of their own) up to bold checks.
    const period = r.float(2.5, 14) * perFramePx;
    const angle = (kind === 'tiles' || kind === 'blinds' ? r.float(-6, 6) : r.float(-35, 35)) * (Math.PI / 180);
    const tint = [r.float(0.6, 1.2), r.float(0.6, 1.2), r.float(0.6, 1.2)];
    return { p: patternOf(kind, period), cos: Math.cos(angle), sin: Math.sin(angle), depth: r.float(...depth), tint };
  };
  const clothes = which !== 'wall' ? layer(['stripes', 'gingham', 'knit'], [0.15, 0.45]) : undefined;
  const wall = which !== 'clothes' ? layer(['tiles', 'blinds', 'stripes', 'gingham'], [0.1, 0.35]) : undefined;
  const [cx, cy] = [bx + bw / 2, by + bh / 2];
  const chin = by + bh * r.float(1.05, 1.2);
  // The wall is where the backdrop is: pixels near the colour of the photo's top corners (a studio backdrop; a busy press wall mostly keeps its own look).
  const ch = info.channels;
  const side = Math.max(4, Math.round(info.width * 0.06));
  const corner = (x0: number) => {
    const px: number[][] = [[], [], []];
    for (let y = 0; y < side; y++) for (let x = x0; x < x0 + side; x++) for (let c = 0; c < 3; c++) px[c]!.push(data[(y * info.width + x) * ch + c]!);
    return px.map((v) => v.sort((a, b) => a - b)[v.length >> 1]!);
  };
  const backdrops = [corner(0), corner(info.width - side)];
  const isBackdrop = (i: number) => backdrops.some((b) => Math.abs(data[i]! - b[0]!) + Math.abs(data[i + 1]! - b[1]!) + Math.abs(data[i + 2]! - b[2]!) < 60);
  const out = Buffer.from(data);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      // Head: an ellipse a little larger than the face box (hair); shoulders and torso: below the chin, widening.
      const inHead = ((x - cx) / (bw * 0.62)) ** 2 + ((y - cy + bh * 0.08) / (bh * 0.72)) ** 2 <= 1;
      const torsoHalf = bw * (0.55 + Math.min(1.2, Math.max(0, (y - chin) / bh) * 1.6));
      const inTorso = y >= chin && Math.abs(x - cx) <= torsoHalf;
      const i = (y * info.width + x) * ch;
      const l = inTorso ? clothes : !inHead && isBackdrop(i) ? wall : undefined;
      if (!l) continue;
      const v = l.p(x * l.cos + y * l.sin, -x * l.sin + y * l.cos);
      for (let c = 0; c < 3; c++) out[i + c] = Math.max(0, Math.min(255, Math.round(data[i + c]! * (1 + l.depth * v) * (v > 0 ? l.tint[c]! : 1))));
    }
  }
  const png = await sharp(out, { raw: { width: info.width, height: info.height, channels: info.channels } }).png(PIXEL_PNG).toBuffer();
  return { ...shot, png };
}

/** One capture of the photo, patterned, in the given condition (genuine or attack, as simulate.ts makes it). */
export async function simulatePatterned(shot: Shot, condition: Condition, r: Rng): Promise<Buffer> {
  const dressed = await patterned(shot, isAttack(condition) ? 'webcam640' : condition, r);
  return simulate(dressed, condition, r);
}
