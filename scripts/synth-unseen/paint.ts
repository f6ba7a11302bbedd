import { AsyncLocalStorage } from 'node:async_hooks';
import { createCanvas, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { Typeface } from './fonts';
import type { Stream } from './random';

/** One card being drawn: its canvas, its random stream, its faces and how far this issuer moved its fields. */
export interface Sheet {
  canvas: Canvas;
  ctx: SKRSContext2D;
  w: number;
  h: number;
  s: Stream;
  face: Typeface;
  ink: string;
  labelInk: string;
  /** Field block offset and stretch (fractions of the card): positions move up to about ±10 %. */
  move: { ox: number; oy: number; kx: number; ky: number };
}

export function sheet(w: number, h: number, s: Stream, face: Typeface): Sheet {
  const canvas = createCanvas(w, h);
  const ink = s.one(['#101010', '#1a1a2e', '#0d1b2a', '#231f20']);
  const labelInk = s.one(['#3b4b63', '#7a2430', '#1f4e79', '#4d4d4d', '#2f5d3a']);
  return { canvas, ctx: canvas.getContext('2d'), w, h, s, face, ink, labelInk, move: { ox: s.between(-0.03, 0.03), oy: s.between(-0.03, 0.03), kx: s.between(0.93, 1.07), ky: s.between(0.93, 1.07) } };
}

/** A layout position (fraction of the card) moved by this issuer's offset, stretch and a little per-field play. */
export function at(sh: Sheet, fx: number, fy: number): [number, number] {
  const m = sh.move;
  const x = Math.min(0.97, Math.max(0.02, m.ox + fx * m.kx + sh.s.between(-0.008, 0.008)));
  const y = Math.min(0.97, Math.max(0.03, m.oy + fy * m.ky + sh.s.between(-0.008, 0.008)));
  return [x * sh.w, y * sh.h];
}

/** Text that never runs off the card: the size shrinks to fit the room to the right edge. */
export function text(sh: Sheet, t: string, x: number, y: number, size: number, family: string, color: string, room = sh.w - x - sh.w * 0.02): void {
  const ctx = sh.ctx;
  let px = size;
  ctx.font = `${px}px "${family}"`;
  while (px > 10 && ctx.measureText(t).width > room) {
    px -= 1;
    ctx.font = `${px}px "${family}"`;
  }
  ctx.fillStyle = color;
  ctx.fillText(t, x, y);
}

/** A label with its value under it (size: the value's letter height in pixels). */
export function put(sh: Sheet, label: string, value: string, fx: number, fy: number, size: number, room?: number): void {
  const [x, y] = at(sh, fx, fy);
  text(sh, label, x, y, Math.round(size * sh.s.between(0.45, 0.6)), sh.face.label, sh.labelInk, room);
  if (value) text(sh, value, x, y + size * sh.s.between(1.05, 1.3), size, sh.face.value, sh.ink, room);
}

/** Label and value on one line ("NOME: …"), as some older state cards print them. */
export function putInline(sh: Sheet, label: string, value: string, fx: number, fy: number, size: number): void {
  const [x, y] = at(sh, fx, fy);
  const ctx = sh.ctx;
  text(sh, label, x, y, Math.round(size * 0.6), sh.face.label, sh.labelInk);
  const lw = ctx.measureText(label).width;
  text(sh, value, x + lw + size * 0.5, y, size, sh.face.value, sh.ink);
}

/** Heading lines, centred on cx, the last one larger. */
export function headings(sh: Sheet, lines: string[], cx: number, y: number, size: number, color = '#13294b'): void {
  const ctx = sh.ctx;
  let yy = y;
  lines.forEach((l, i) => {
    const px = i === lines.length - 1 ? Math.round(size * 1.3) : size;
    ctx.font = `${px}px "${sh.face.heading}"`;
    const w = Math.min(ctx.measureText(l).width, sh.w * 0.9);
    text(sh, l, Math.max(sh.w * 0.02, cx - w / 2), yy, px, sh.face.heading, color, sh.w * 0.92);
    yy += px * 1.35;
  });
}

type Rgb = [number, number, number];
const rgb = (c: Rgb, a = 1) => `rgba(${c.map((v) => Math.max(0, Math.min(255, Math.round(v)))).join(',')},${a})`;

/** Card stock: a gradient, a security pattern (guilloche, rosette, waves or mesh) and a faint emblem. */
export function backdrop(sh: Sheet, tint: Rgb, second: Rgb): void {
  const { ctx, w, h, s } = sh;
  const g = s.maybe(0.5) ? ctx.createLinearGradient(0, 0, w * s.between(0.3, 1), h) : ctx.createRadialGradient(w * s.between(0.2, 0.8), h * s.between(0.2, 0.8), 10, w / 2, h / 2, w * 0.8);
  g.addColorStop(0, rgb(tint));
  g.addColorStop(1, rgb(second));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const line = rgb([tint[0] - 70, tint[1] - 50, tint[2] - 40], s.between(0.12, 0.25));
  ctx.strokeStyle = line;
  ctx.lineWidth = s.between(0.8, 1.6);
  const kind = s.one(['guilloche', 'rosette', 'waves', 'mesh'] as const);
  if (kind === 'guilloche') {
    for (let k = 0; k < 18; k++) {
      ctx.beginPath();
      const [a, b, ph] = [s.between(0.004, 0.012), s.between(0.02, 0.05), s.between(0, 6.3)];
      for (let x = 0; x <= w; x += 8) {
        const y = h * (0.1 + 0.8 * (k / 18)) + Math.sin(x * a + ph) * h * 0.06 + Math.sin(x * b) * h * 0.01;
        if (x === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
  } else if (kind === 'rosette') {
    const [cx, cy, R] = [w * s.between(0.3, 0.7), h * s.between(0.3, 0.7), h * s.between(0.35, 0.55)];
    for (let k = 0; k < 36; k++) {
      ctx.beginPath();
      for (let t = 0; t <= 6.3; t += 0.03) {
        const r = R * (0.6 + 0.4 * Math.sin(7 * t + k * 0.17));
        const x = cx + r * Math.cos(t + k * 0.05);
        const y = cy + r * Math.sin(t + k * 0.05);
        if (t === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
  } else if (kind === 'waves') {
    for (let y0 = 0; y0 < h; y0 += s.whole(14, 26)) {
      ctx.beginPath();
      for (let x = 0; x <= w; x += 10) ctx.lineTo(x, y0 + Math.sin(x / 40 + y0) * 5);
      ctx.stroke();
    }
  } else {
    const step = s.whole(18, 34);
    for (let x = -h; x < w; x += step) {
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x + h, h);
      ctx.moveTo(x + h, 0);
      ctx.lineTo(x, h);
      ctx.stroke();
    }
  }
  if (s.maybe(0.7)) emblem(sh, w * s.between(0.35, 0.75), h * s.between(0.35, 0.7), h * s.between(0.18, 0.3), rgb([tint[0] - 60, tint[1] - 40, tint[2] - 30], s.between(0.08, 0.18)));
}

/** A coat-of-arms-like shape: a shield or a star inside a ring (no real state arms). */
export function emblem(sh: Sheet, cx: number, cy: number, r: number, color: string): void {
  const ctx = sh.ctx;
  ctx.save();
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.lineWidth = r * 0.06;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  if (sh.s.maybe(0.5)) {
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 === 0 ? r * 0.8 : r * 0.33;
      ctx.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
    }
  } else {
    ctx.moveTo(cx - r * 0.55, cy - r * 0.6);
    ctx.lineTo(cx + r * 0.55, cy - r * 0.6);
    ctx.lineTo(cx + r * 0.55, cy + r * 0.05);
    ctx.quadraticCurveTo(cx + r * 0.5, cy + r * 0.6, cx, cy + r * 0.8);
    ctx.quadraticCurveTo(cx - r * 0.5, cy + r * 0.6, cx - r * 0.55, cy + r * 0.05);
  }
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** A photograph to print as the holder's picture (a real face), set around one drawing. */
export const holderPhoto = new AsyncLocalStorage<Image>();

/**
 * The holder's picture box: a drawn head-and-shoulders silhouette or a soft blob, or, when `holderPhoto` holds one, a
 * photograph printed over it. The silhouette is drawn either way, so the random stream, and with it the rest of the
 * document, is the same with a photograph or without.
 */
export function portrait(sh: Sheet, x: number, y: number, w: number, h: number): void {
  silhouette(sh, x, y, w, h);
  const photo = holderPhoto.getStore();
  if (photo) printedPhoto(sh.ctx, photo, x, y, w, h);
  sh.ctx.strokeStyle = 'rgba(0,0,0,0.35)';
  sh.ctx.lineWidth = 2;
  sh.ctx.strokeRect(x, y, w, h);
}

/**
 * A head-and-shoulders photograph cut to the box as a photographer cuts an ID picture: the middle of the photo, the
 * face a little above the box's centre, then printed a little flat (a card's print holds less contrast than a screen).
 */
function printedPhoto(ctx: SKRSContext2D, photo: Image, x: number, y: number, w: number, h: number): void {
  const cut = Math.min(photo.width * 0.8, (photo.height * w) / h);
  const ch = (cut * h) / w;
  ctx.save();
  ctx.filter = 'contrast(0.85) saturate(0.8)';
  ctx.drawImage(photo, (photo.width - cut) / 2, Math.max(0, Math.min(photo.height - ch, photo.height * 0.52 - ch / 2)), cut, ch, x, y, w, h);
  ctx.restore();
}

function silhouette(sh: Sheet, x: number, y: number, w: number, h: number): void {
  const { ctx, s } = sh;
  ctx.save();
  const bg = ctx.createLinearGradient(x, y, x, y + h);
  const base = s.whole(170, 225);
  bg.addColorStop(0, `rgb(${base},${base + 5},${base + 12})`);
  bg.addColorStop(1, `rgb(${base - 30},${base - 25},${base - 20})`);
  ctx.fillStyle = bg;
  ctx.fillRect(x, y, w, h);
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  const skin = s.one(['#8d5a3b', '#c68e6b', '#e0b394', '#5b3a29', '#a8745a']);
  const cx = x + w * s.between(0.45, 0.55);
  if (s.maybe(0.3)) {
    const g = ctx.createRadialGradient(cx, y + h * 0.45, 5, cx, y + h * 0.5, w * 0.5);
    g.addColorStop(0, skin);
    g.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = g;
    ctx.fillRect(x, y, w, h);
  } else {
    ctx.fillStyle = s.one(['#2b2d42', '#3d405b', '#22333b', '#5e503f']);
    ctx.beginPath();
    ctx.ellipse(cx, y + h * 1.02, w * 0.48, h * 0.32, 0, Math.PI, 0);
    ctx.fill();
    ctx.fillStyle = skin;
    ctx.fillRect(cx - w * 0.08, y + h * 0.55, w * 0.16, h * 0.2);
    ctx.beginPath();
    ctx.ellipse(cx, y + h * 0.42, w * 0.2, h * 0.2, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = s.one(['#1b1b1b', '#4a3121', '#7b5b3a', '#a0a0a0']);
    ctx.beginPath();
    ctx.ellipse(cx, y + h * 0.32, w * 0.22, h * 0.13, 0, Math.PI, 0);
    ctx.fill();
  }
  ctx.restore();
}

/** A signature: a ballpoint scrawl on a line with its caption. */
export function signature(sh: Sheet, x: number, y: number, w: number, caption: string): void {
  const { ctx, s } = sh;
  ctx.save();
  ctx.strokeStyle = s.one(['#18306b', '#111', '#27408b']);
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.moveTo(x, y - 25);
  for (let i = 1; i <= 8; i++) ctx.quadraticCurveTo(x + (i - 0.5) * (w / 8), y - s.between(0, 70), x + i * (w / 8), y - s.between(10, 40));
  ctx.stroke();
  ctx.strokeStyle = '#444';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + w, y);
  ctx.stroke();
  ctx.restore();
  text(sh, caption, x, y + 28, 22, sh.face.label, sh.labelInk);
}

/** Two cards on one sheet of paper (a document opened flat or photocopied together). */
export function pair(a: Canvas, b: Canvas, sideBySide: boolean, paper = '#f4f2ee'): Canvas {
  const gap = 30;
  const w = sideBySide ? a.width + b.width + gap * 3 : Math.max(a.width, b.width) + gap * 2;
  const h = sideBySide ? Math.max(a.height, b.height) + gap * 2 : a.height + b.height + gap * 3;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(a, gap, gap);
  if (sideBySide) ctx.drawImage(b, a.width + gap * 2, gap);
  else ctx.drawImage(b, gap, a.height + gap * 2);
  return c;
}

/** A drawn document before the camera: its pixels, the exact values it carries (canonical keys) and which model it follows. */
export interface Drawn {
  canvas: Canvas;
  fields: Record<string, string>;
  variant: string;
}

/** The machine-readable zone on a white band across the bottom of the card. */
export function zone(sh: Sheet, lines: string[], family: string): void {
  const { ctx, w, h } = sh;
  ctx.font = `100px "${family}"`;
  const size = Math.floor((100 * w * 0.9) / ctx.measureText(lines[0]!).width);
  const top = h - lines.length * size * 1.3 - h * 0.05;
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.fillRect(0, top - size * 0.6, w, h - top + size * 0.6);
  ctx.fillStyle = '#111';
  ctx.font = `${size}px "${family}"`;
  const left = (w - ctx.measureText(lines[0]!).width) / 2;
  lines.forEach((l, i) => ctx.fillText(l, left, top + size * (0.8 + i * 1.3)));
}

/** A label with several value lines under it (the two parents under "FILIAÇÃO"). */
export function putLines(sh: Sheet, label: string, values: string[], fx: number, fy: number, size: number, room?: number): void {
  const [x, y] = at(sh, fx, fy);
  text(sh, label, x, y, Math.round(size * sh.s.between(0.45, 0.6)), sh.face.label, sh.labelInk, room);
  const gap = sh.s.between(1.2, 1.45);
  values.forEach((v, i) => text(sh, v, x, y + size * (1.15 + i * gap), size, sh.face.value, sh.ink, room));
}
