import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { Stream } from './random';

export type Level = 'light' | 'medium' | 'heavy';
export const LEVELS: Level[] = ['light', 'medium', 'heavy'];

/** How the phone photo went wrong; drawn per level. */
export interface Shot {
  level: Level;
  /** Largest corner pull of the perspective, as a fraction of the card's size. */
  tilt: number;
  angle: number;
  turn: 0 | 90 | 180 | 270;
  blur: number;
  noise: number;
  quality: number;
  width: number;
  /** Share of the frame's width the document covers. */
  fill: number;
  glare: boolean;
  shade: boolean;
  /** Strength of the uneven light, 0 to 1. */
  light: number;
  surface: 'wood' | 'cloth' | 'stone' | 'paper';
  /** The page fills the frame (scanned, or photographed and cut to its edges): a sliver of surface at most. */
  page?: boolean;
}

export function shot(s: Stream, level: Level): Shot {
  const k = { light: 0, medium: 1, heavy: 2 }[level];
  const pick = (ranges: [number, number][]) => s.between(...ranges[k]!);
  return {
    level,
    tilt: pick([[0, 0.02], [0.02, 0.05], [0.04, 0.09]]),
    angle: pick([[-3, 3], [-8, 8], [-15, 15]]),
    turn: s.maybe([0, 0.2, 0.35][k]!) ? s.one([90, 180, 270] as const) : 0,
    blur: pick([[0, 0.5], [0.4, 0.9], [0.8, 1.4]]),
    noise: pick([[0, 3], [3, 6], [5, 10]]),
    quality: Math.round(pick([[75, 85], [55, 75], [40, 55]])),
    width: Math.round(pick([[1500, 1700], [1400, 1750], [1300, 1800]])),
    fill: pick([[0.75, 0.9], [0.65, 0.85], [0.6, 0.8]]),
    glare: s.maybe([0.15, 0.4, 0.6][k]!),
    shade: s.maybe([0.15, 0.4, 0.6][k]!),
    light: pick([[0, 0.2], [0.15, 0.4], [0.3, 0.6]]),
    surface: s.one(['wood', 'cloth', 'stone', 'paper'] as const),
  };
}

/** The same shot of a page filling the frame: no perspective, turned a degree or two at most, no glare. */
export function pageFilling(sh: Shot): Shot {
  return { ...sh, page: true, fill: 1, tilt: 0, angle: sh.angle / 8, glare: false };
}

type Pt = [number, number];

/** Projective map taking the unit square's corners to four points (square-to-quad, Heckbert). */
function squareToQuad(q: Pt[]): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q as [Pt, Pt, Pt, Pt];
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const [dx1, dx2, dy1, dy2] = [x1 - x2, x3 - x2, y1 - y2, y3 - y2];
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((v) => v / det);
}

/** The card seen at an angle: corners pulled in by up to `tilt` of its size, transparent around it. */
function tilted(card: Canvas, tilt: number, s: Stream): Canvas {
  const { width: w, height: h } = card;
  if (tilt < 0.003) return card;
  const pull = () => s.between(0, tilt);
  const quad: Pt[] = [
    [pull() * w, pull() * h],
    [w - pull() * w, pull() * h],
    [w - pull() * w, h - pull() * h],
    [pull() * w, h - pull() * h],
  ];
  // Destination pixel -> unit square -> source pixel.
  const inv = invert3(squareToQuad(quad));
  const src = card.getContext('2d').getImageData(0, 0, w, h).data;
  const out = createCanvas(w, h);
  const octx = out.getContext('2d');
  const img = octx.createImageData(w, h);
  const dst = img.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const z = inv[6]! * x + inv[7]! * y + inv[8]!;
      const u = (inv[0]! * x + inv[1]! * y + inv[2]!) / z;
      const v = (inv[3]! * x + inv[4]! * y + inv[5]!) / z;
      if (u < 0 || u >= 1 || v < 0 || v >= 1) continue;
      const fx = u * (w - 1);
      const fy = v * (h - 1);
      const ix = Math.floor(fx);
      const iy = Math.floor(fy);
      const ax = fx - ix;
      const ay = fy - iy;
      const o = (y * w + x) * 4;
      const p00 = (iy * w + ix) * 4;
      const p10 = p00 + 4;
      const p01 = p00 + w * 4;
      const p11 = p01 + 4;
      for (let c = 0; c < 4; c++) {
        const top = src[p00 + c]! * (1 - ax) + (src[p10 + c] ?? src[p00 + c]!) * ax;
        const bot = (src[p01 + c] ?? src[p00 + c]!) * (1 - ax) + (src[p11 + c] ?? src[p00 + c]!) * ax;
        dst[o + c] = top * (1 - ay) + bot * ay;
      }
    }
  }
  octx.putImageData(img, 0, 0);
  return out;
}

/** What the card lies on: a wood grain, a woven cloth, a speckled stone or a sheet of paper. */
function surface(ctx: SKRSContext2D, w: number, h: number, kind: Shot['surface'], s: Stream): void {
  const base = { wood: [120, 84, 52], cloth: [60, 70, 96], stone: [150, 150, 146], paper: [236, 234, 228] }[kind].map((c) => c + s.whole(-20, 20));
  ctx.fillStyle = `rgb(${base.join(',')})`;
  ctx.fillRect(0, 0, w, h);
  ctx.lineWidth = 2;
  if (kind === 'wood') {
    for (let y = 0; y < h; y += s.whole(6, 16)) {
      ctx.strokeStyle = `rgba(40,20,5,${s.between(0.05, 0.25)})`;
      ctx.beginPath();
      for (let x = 0; x <= w; x += 40) ctx.lineTo(x, y + Math.sin(x / 150 + y) * 6);
      ctx.stroke();
    }
  } else if (kind === 'cloth') {
    ctx.strokeStyle = 'rgba(255,255,255,0.06)';
    for (let x = 0; x < w; x += 5) ctx.strokeRect(x, 0, 1, h);
    for (let y = 0; y < h; y += 5) ctx.strokeRect(0, y, w, 1);
  } else {
    for (let i = 0; i < 3000; i++) {
      ctx.fillStyle = `rgba(${s.maybe(0.5) ? '0,0,0' : '255,255,255'},${s.between(0.05, 0.2)})`;
      ctx.fillRect(s.between(0, w), s.between(0, h), s.between(1, 4), s.between(1, 4));
    }
  }
}

/** Light falling unevenly, a glare spot and a hand or phone shadow. */
function lighting(ctx: SKRSContext2D, w: number, h: number, shot: Shot, s: Stream): void {
  if (shot.light > 0.01) {
    const g = ctx.createLinearGradient(s.between(0, w), 0, s.between(0, w), h);
    g.addColorStop(0, `rgba(255,250,235,${shot.light * 0.5})`);
    g.addColorStop(1, `rgba(0,0,0,${shot.light * 0.6})`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }
  if (shot.glare) {
    const [x, y, r] = [s.between(0.2, 0.8) * w, s.between(0.2, 0.8) * h, s.between(0.08, 0.2) * w];
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, `rgba(255,255,255,${s.between(0.6, 0.9)})`);
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }
  if (shot.shade) {
    const corner = s.whole(0, 3);
    const cx = corner % 2 ? w : 0;
    const cy = corner > 1 ? h : 0;
    // Darkest at the frame's corner (where the hand or phone is), fading towards the middle.
    const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(w, h) * 0.7);
    g.addColorStop(0, `rgba(0,0,0,${s.between(0.25, 0.5)})`);
    g.addColorStop(1, 'rgba(0,0,0,0.05)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(Math.abs(cx - s.between(0.3, 0.7) * w), cy);
    ctx.quadraticCurveTo(w / 2, h / 2, cx, Math.abs(cy - s.between(0.3, 0.7) * h));
    ctx.closePath();
    ctx.fill();
  }
}

/** The document photographed with a phone: on a surface, tilted, turned, lit unevenly, blurred, noisy, JPEG. */
export async function photograph(card: Canvas, sh: Shot, s: Stream): Promise<Buffer> {
  // Drawn at the photo's own resolution: the card shrinks to its share of the frame before the camera's effects.
  const rad = (Math.abs(sh.angle) * Math.PI) / 180;
  const span = (w: number, h: number) => [w * Math.cos(rad) + h * Math.sin(rad), w * Math.sin(rad) + h * Math.cos(rad)] as const;
  const fw = sh.width;
  let cw = fw * sh.fill;
  // The frame holds the whole turned card whatever the angle (a phone user frames the document).
  const [bw] = span(cw, (cw * card.height) / card.width);
  const room = sh.page ? 1.01 : 1.06;
  if (bw * room > fw) cw *= fw / (bw * room);
  const ch = Math.round((cw * card.height) / card.width);
  cw = Math.round(cw);
  const scaled = createCanvas(cw, ch);
  const sctx = scaled.getContext('2d');
  sctx.imageSmoothingQuality = 'high';
  sctx.drawImage(card, 0, 0, cw, ch);
  const warped = tilted(scaled, sh.tilt, s);
  const fh = sh.page ? Math.round(span(cw, ch)[1] * room) : Math.round(Math.max(fw * s.one([0.75, 0.5625, 0.8]), span(cw, ch)[1] * 1.12));
  const frame = createCanvas(fw, fh);
  const ctx = frame.getContext('2d');
  surface(ctx, fw, fh, sh.surface, s);
  ctx.save();
  const off = sh.page ? 0 : 0.03;
  ctx.translate(fw / 2 + s.between(-off, off) * fw, fh / 2 + s.between(-off, off) * fh);
  ctx.rotate((sh.angle * Math.PI) / 180);
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  ctx.shadowBlur = 12;
  ctx.shadowOffsetX = 4;
  ctx.shadowOffsetY = 6;
  ctx.drawImage(warped, -cw / 2, -ch / 2);
  ctx.restore();
  lighting(ctx, fw, fh, sh, s);
  const rgba = ctx.getImageData(0, 0, fw, fh).data;
  let img = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width: fw, height: fh, channels: 4 } });
  if (sh.blur >= 0.3) img = img.blur(sh.blur);
  const raw = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (sh.noise > 0.5) {
    const px = raw.data;
    const n = s.fork(7);
    for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i]! + (n.u() + n.u() - 1) * sh.noise * 1.5));
  }
  let out = sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });
  if (sh.turn) out = out.rotate(sh.turn);
  return out.jpeg({ quality: sh.quality }).toBuffer();
}
