/**
 * Drawing for the specimen documents, in millimetres on a canvas of `k`
 * pixels per millimetre: security print (guilloche bands, rosettes, rainbow
 * printing, fine line fields, microtext), stylised portraits (no real person),
 * signatures, SPECIMEN overlays and the OCR-B machine-readable zone.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Stream } from './random';

export interface Pen {
  ctx: SKRSContext2D;
  /** Pixels per millimetre. */
  k: number;
  s: Stream;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Rgb = [number, number, number];

export function hsl(h: number, sat: number, light: number): Rgb {
  const s = sat / 100;
  const l = light / 100;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
export const css = (c: Rgb, a = 1) => `rgba(${c.map((v) => Math.max(0, Math.min(255, Math.round(v)))).join(',')},${a.toFixed(3)})`;

/** One issuer's colours: pale paper, pastel line colours, a darker accent for headings. */
export interface Palette {
  hue: number;
  paper: Rgb;
  lines: Rgb[];
  accent: Rgb;
  label: Rgb;
  value: Rgb;
  rainbow: Rgb[];
}

export function palette(s: Stream, hue = s.between(0, 360)): Palette {
  const sat = s.between(25, 60);
  const near = (d: number) => (hue + d + 360) % 360;
  return {
    hue,
    paper: hsl(near(s.between(-20, 20)), s.between(10, 40), s.between(92, 97)),
    lines: [hsl(hue, sat, s.between(62, 74)), hsl(near(s.between(25, 60)), sat, s.between(64, 76)), hsl(near(-s.between(25, 80)), sat * 0.8, s.between(66, 78))],
    accent: hsl(near(s.between(-15, 15)), s.between(40, 75), s.between(22, 38)),
    label: s.maybe(0.5) ? hsl(near(s.between(-10, 10)), s.between(30, 60), s.between(28, 42)) : [70, 70, 74],
    value: s.one<Rgb>([[12, 12, 14], [20, 24, 40], [30, 28, 30], [10, 20, 30]]),
    rainbow: [hsl(near(s.between(-90, -40)), 55, 86), hsl(hue, 50, 88), hsl(near(s.between(40, 100)), 55, 86)],
  };
}

export function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.lineTo(x + w - rr, y);
  ctx.arcTo(x + w, y, x + w, y + rr, rr);
  ctx.lineTo(x + w, y + h - rr);
  ctx.arcTo(x + w, y + h, x + w - rr, y + h, rr);
  ctx.lineTo(x + rr, y + h);
  ctx.arcTo(x, y + h, x, y + h - rr, rr);
  ctx.lineTo(x, y + rr);
  ctx.arcTo(x, y, x + rr, y, rr);
  ctx.closePath();
}

/** A band of interlaced sine curves (the classic guilloche), across the rectangle at height `yc`. */
function guillocheBand(p: Pen, r: Rect, yc: number, amp: number, color: Rgb, alpha: number, width: number): void {
  const { ctx, k, s } = p;
  const n = s.whole(18, 40);
  const l1 = s.between(18, 45);
  const l2 = s.between(5, 14);
  const a2 = amp * s.between(0.15, 0.35);
  const phase = s.between(0, 6.28);
  const shift = s.between(0.08, 0.22);
  ctx.strokeStyle = css(color, alpha);
  ctx.lineWidth = width * k;
  const step = Math.max(0.25, 1.2 / k);
  for (let i = 0; i < n; i++) {
    ctx.beginPath();
    for (let x = r.x; x <= r.x + r.w + step; x += step) {
      const y = yc + amp * Math.sin((2 * Math.PI * x) / l1 + phase + i * shift) + a2 * Math.sin((2 * Math.PI * x) / l2 - i * shift * 2.3);
      if (x === r.x) ctx.moveTo(x * k, y * k);
      else ctx.lineTo(x * k, y * k);
    }
    ctx.stroke();
  }
}

/** A rosette: epitrochoid-like closed curves turned around one centre. */
function rosette(p: Pen, cx: number, cy: number, R: number, color: Rgb, alpha: number, width: number): void {
  const { ctx, k, s } = p;
  const petals = s.whole(5, 14);
  const depth = s.between(0.2, 0.5);
  const copies = s.whole(24, 60);
  const inner = s.between(0.15, 0.6);
  ctx.strokeStyle = css(color, alpha);
  ctx.lineWidth = width * k;
  for (let c = 0; c < copies; c++) {
    const turn = (c / copies) * ((2 * Math.PI) / petals);
    ctx.beginPath();
    for (let i = 0; i <= 360; i++) {
      const t = (i / 360) * 2 * Math.PI;
      const rad = R * (1 - depth + depth * Math.cos(petals * t)) * (1 - inner * 0.3 * Math.sin(3 * t + c * 0.2));
      const x = cx + rad * Math.cos(t + turn);
      const y = cy + rad * Math.sin(t + turn);
      if (i === 0) ctx.moveTo(x * k, y * k);
      else ctx.lineTo(x * k, y * k);
    }
    ctx.stroke();
  }
}

/** Fine parallel wavy lines over the whole rectangle (a background tint made of lines). */
function lineField(p: Pen, r: Rect, color: Rgb, alpha: number, gap: number, width: number): void {
  const { ctx, k, s } = p;
  const amp = s.between(0.3, 1.8);
  const wl = s.between(6, 20);
  const slope = s.between(-0.25, 0.25);
  ctx.strokeStyle = css(color, alpha);
  ctx.lineWidth = width * k;
  const step = Math.max(0.4, 1.5 / k);
  for (let y0 = r.y - r.w * Math.abs(slope) - 2; y0 < r.y + r.h + r.w * Math.abs(slope) + 2; y0 += gap) {
    ctx.beginPath();
    for (let x = r.x; x <= r.x + r.w + step; x += step) {
      const y = y0 + slope * (x - r.x) + amp * Math.sin((2 * Math.PI * x) / wl + y0 * 0.7);
      if (x === r.x) ctx.moveTo(x * k, y * k);
      else ctx.lineTo(x * k, y * k);
    }
    ctx.stroke();
  }
}

/** A line of microtext: the text repeated across `w` millimetres in letters `size` mm high. */
export function microtext(p: Pen, text: string, x: number, y: number, w: number, size: number, color: string, family = 'U Liberation Sans'): void {
  const { ctx, k } = p;
  ctx.save();
  ctx.font = `${Math.max(2, size * k)}px "${family}"`;
  ctx.fillStyle = color;
  const unit = `${text} `;
  let line = unit;
  while (ctx.measureText(line).width < w * k) line += unit;
  ctx.beginPath();
  ctx.rect(x * k, (y - size * 1.2) * k, w * k, size * 1.6 * k);
  ctx.clip();
  ctx.fillText(line, x * k, y * k);
  ctx.restore();
}

export interface SecurityOptions {
  /** 0.5 sparse … 1.5 dense. */
  density: number;
  /** The state's name or code, repeated in microtext. */
  motto: string;
}

/** The document's security printing over a rectangle; returns the names of what was drawn. */
export function securityPrint(p: Pen, r: Rect, pal: Palette, o: SecurityOptions): string[] {
  const { ctx, k, s } = p;
  const drawn: string[] = [];
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x * k, r.y * k, r.w * k, r.h * k);
  ctx.clip();
  ctx.fillStyle = css(pal.paper);
  ctx.fillRect(r.x * k, r.y * k, r.w * k, r.h * k);
  if (s.maybe(0.75)) {
    // Rainbow (split-duct) printing: the tint drifts from one colour to the next across the document.
    const horizontal = s.maybe(0.6);
    const g = horizontal ? ctx.createLinearGradient(r.x * k, 0, (r.x + r.w) * k, 0) : ctx.createLinearGradient(0, r.y * k, 0, (r.y + r.h) * k);
    const a = s.between(0.35, 0.8);
    pal.rainbow.forEach((c, i) => g.addColorStop(i / (pal.rainbow.length - 1), css(c, a)));
    ctx.fillStyle = g;
    ctx.fillRect(r.x * k, r.y * k, r.w * k, r.h * k);
    drawn.push('rainbow');
  }
  const width = s.between(0.05, 0.11);
  if (s.maybe(0.7)) {
    lineField(p, r, s.one(pal.lines), s.between(0.25, 0.5) * Math.min(1, o.density), s.between(0.45, 1.1) / Math.max(0.6, o.density), width * 0.8);
    drawn.push('lines');
  }
  const bands = Math.max(1, Math.round(s.between(1, 3.4) * o.density));
  for (let b = 0; b < bands; b++) {
    const yc = r.y + r.h * s.between(0.1, 0.9);
    guillocheBand(p, r, yc, r.h * s.between(0.05, 0.16), s.one(pal.lines), s.between(0.35, 0.7), width);
  }
  drawn.push(`guilloche${bands}`);
  const rosettes = s.maybe(0.8) ? Math.max(1, Math.round(s.between(0.5, 2.4) * o.density)) : 0;
  for (let i = 0; i < rosettes; i++) rosette(p, r.x + r.w * s.between(0.1, 0.9), r.y + r.h * s.between(0.15, 0.85), Math.min(r.w, r.h) * s.between(0.18, 0.5), s.one(pal.lines), s.between(0.3, 0.65), width);
  if (rosettes) drawn.push(`rosette${rosettes}`);
  if (s.maybe(0.7)) {
    const n = s.whole(2, 6);
    const col = css(pal.lines[0]!.map((v) => v - 60) as Rgb, s.between(0.5, 0.8));
    for (let i = 0; i < n; i++) microtext(p, o.motto, r.x, r.y + r.h * s.between(0.05, 0.95), r.w, s.between(0.45, 0.8), col);
    drawn.push('microtext');
  }
  ctx.restore();
  return drawn;
}

/** A coat-of-arms-like emblem (ring and star or shield), never a real state's arms. */
export function emblem(p: Pen, cx: number, cy: number, r: number, color: string): void {
  const { ctx, k, s } = p;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = r * 0.08 * k;
  ctx.beginPath();
  ctx.arc(cx * k, cy * k, r * k, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  const points = s.whole(5, 8);
  for (let i = 0; i < points * 2; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const rr = i % 2 === 0 ? r * 0.75 : r * 0.32;
    ctx.lineTo((cx + rr * Math.cos(a)) * k, (cy + rr * Math.sin(a)) * k);
  }
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

export type FaceMode = 'colour' | 'grey' | 'ghost';

/**
 * A stylised head and shoulders (no real person): background, clothing, neck,
 * head, hair of one of several styles, eyes, brows, nose, mouth; a ghost image
 * is the same drawing, pale, monochrome and line-screened.
 */
export function face(p: Pen, x: number, y: number, w: number, h: number, mode: FaceMode, tint: Rgb = [90, 90, 110], alpha = 0.4): string {
  const { k, s } = p;
  const W = Math.max(4, Math.round(w * k));
  const H = Math.max(4, Math.round(h * k));
  const c = createCanvas(W, H);
  const ctx = c.getContext('2d');
  const grey = mode !== 'colour';
  const lum = (rgb: Rgb) => 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2];
  const col = (rgb: Rgb): string => {
    if (!grey) return css(rgb);
    const l = lum(rgb) / 255;
    if (mode === 'ghost') return css([255 - (255 - tint[0]) * (1 - l), 255 - (255 - tint[1]) * (1 - l), 255 - (255 - tint[2]) * (1 - l)]);
    return css([l * 255, l * 255, l * 255]);
  };
  const bg: Rgb = s.one<Rgb>([[214, 222, 232], [230, 230, 228], [205, 215, 205], [236, 232, 224], [196, 206, 222]]);
  if (mode !== 'ghost') {
    ctx.fillStyle = col(bg);
    ctx.fillRect(0, 0, W, H);
  }
  const skin: Rgb = s.one<Rgb>([[236, 200, 170], [214, 168, 132], [176, 124, 90], [122, 82, 58], [240, 212, 190], [196, 150, 110]]);
  const shade = (c0: Rgb, f: number): Rgb => [c0[0] * f, c0[1] * f, c0[2] * f];
  const hair: Rgb = s.one<Rgb>([[30, 24, 20], [70, 48, 30], [120, 86, 50], [190, 160, 110], [150, 150, 150], [50, 40, 36]]);
  const cloth: Rgb = s.one<Rgb>([[40, 50, 80], [30, 30, 34], [90, 30, 40], [60, 80, 60], [110, 110, 120], [200, 200, 205]]);
  const style = s.one(['short', 'long', 'bald', 'bun', 'curly', 'parted'] as const);
  const cx = W * s.between(0.46, 0.54);
  const hw = W * s.between(0.34, 0.42);
  const hh = H * s.between(0.34, 0.4);
  const cy = H * s.between(0.38, 0.44);
  // Long hair falls behind the shoulders.
  if (style === 'long') {
    ctx.fillStyle = col(hair);
    ctx.beginPath();
    ctx.ellipse(cx, cy + hh * 0.35, hw * 0.62, hh * 0.95, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = col(cloth);
  ctx.beginPath();
  ctx.ellipse(cx, H * 1.03, W * s.between(0.45, 0.55), H * s.between(0.29, 0.34), 0, 0, Math.PI * 2);
  ctx.fill();
  if (s.maybe(0.5)) {
    ctx.fillStyle = col([235, 235, 235]);
    ctx.beginPath();
    ctx.moveTo(cx - hw * 0.3, H * 0.8);
    ctx.lineTo(cx, H * 0.95);
    ctx.lineTo(cx + hw * 0.3, H * 0.8);
    ctx.closePath();
    ctx.fill();
  }
  ctx.fillStyle = col(shade(skin, 0.88));
  ctx.fillRect(cx - hw * 0.2, cy + hh * 0.3, hw * 0.4, H * 0.78 - cy - hh * 0.3);
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(cx + side * hw * 0.5, cy + hh * 0.03, hw * 0.09, hh * 0.14, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  const g = ctx.createRadialGradient(cx - hw * 0.1, cy - hh * 0.1, hw * 0.05, cx, cy, hw * 0.7);
  g.addColorStop(0, col(skin));
  g.addColorStop(1, col(shade(skin, 0.82)));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.ellipse(cx, cy, hw * 0.5, hh * 0.52, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = col(hair);
  if (style !== 'bald') {
    ctx.beginPath();
    ctx.ellipse(cx, cy - hh * 0.18, hw * 0.54, hh * 0.42, 0, Math.PI, 0);
    if (style === 'parted') ctx.ellipse(cx + hw * 0.1, cy - hh * 0.2, hw * 0.5, hh * 0.2, 0.2, 0, Math.PI);
    ctx.fill();
    if (style === 'bun') {
      ctx.beginPath();
      ctx.arc(cx, cy - hh * 0.62, hw * 0.16, 0, Math.PI * 2);
      ctx.fill();
    }
    if (style === 'curly')
      for (let i = 0; i < 9; i++) {
        const a = Math.PI + (i / 8) * Math.PI;
        ctx.beginPath();
        ctx.arc(cx + Math.cos(a) * hw * 0.5, cy - hh * 0.1 + Math.sin(a) * hh * 0.48, hw * 0.12, 0, Math.PI * 2);
        ctx.fill();
      }
  } else {
    ctx.beginPath();
    ctx.ellipse(cx, cy - hh * 0.05, hw * 0.52, hh * 0.3, 0, Math.PI * 0.95, Math.PI * 1.1);
    ctx.fill();
  }
  const ink = col(shade(hair, 0.8));
  ctx.strokeStyle = ink;
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(1, hw * 0.035);
  const eyeY = cy - hh * 0.02;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + side * hw * 0.09, eyeY - hh * 0.11);
    ctx.quadraticCurveTo(cx + side * hw * 0.2, eyeY - hh * 0.15, cx + side * hw * 0.31, eyeY - hh * 0.1);
    ctx.stroke();
    ctx.fillStyle = col([245, 245, 245]);
    ctx.beginPath();
    ctx.ellipse(cx + side * hw * 0.2, eyeY, hw * 0.085, hh * 0.04, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = col([50, 40, 36]);
    ctx.beginPath();
    ctx.arc(cx + side * hw * 0.2, eyeY, hh * 0.033, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = col(shade(skin, 0.6));
  ctx.lineWidth = Math.max(1, hw * 0.025);
  ctx.beginPath();
  ctx.moveTo(cx - hw * 0.02, eyeY + hh * 0.05);
  ctx.quadraticCurveTo(cx - hw * 0.08, eyeY + hh * 0.2, cx + hw * 0.04, eyeY + hh * 0.22);
  ctx.stroke();
  ctx.strokeStyle = col([150, 70, 70]);
  ctx.lineWidth = Math.max(1, hw * 0.04);
  const smile = s.between(-0.02, 0.05);
  ctx.beginPath();
  ctx.moveTo(cx - hw * 0.14, eyeY + hh * 0.33);
  ctx.quadraticCurveTo(cx, eyeY + hh * (0.33 + smile), cx + hw * 0.14, eyeY + hh * 0.33);
  ctx.stroke();
  const glasses = s.maybe(0.15);
  if (glasses) {
    ctx.strokeStyle = col([30, 30, 30]);
    ctx.lineWidth = Math.max(1, hw * 0.025);
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.ellipse(cx + side * hw * 0.2, eyeY, hw * 0.14, hh * 0.09, 0, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  const out = p.ctx;
  out.save();
  if (mode === 'ghost') {
    // Line screen: the ghost image is printed as fine lines.
    ctx.globalCompositeOperation = 'destination-out';
    ctx.fillStyle = 'rgba(0,0,0,0.55)';
    const pitch = Math.max(2, 0.3 * k);
    for (let yy = 0; yy < H; yy += pitch) ctx.fillRect(0, yy, W, pitch * 0.45);
    out.globalAlpha = alpha;
  }
  out.drawImage(c, x * k, y * k, W, H);
  out.restore();
  if (mode !== 'ghost') {
    out.strokeStyle = 'rgba(0,0,0,0.25)';
    out.lineWidth = Math.max(1, 0.15 * k);
    out.strokeRect(x * k, y * k, W, H);
  }
  return `${style}${glasses ? '-glasses' : ''}`;
}

/** A handwritten-looking signature: a few loops and a flourish. */
export function signature(p: Pen, x: number, y: number, w: number, h: number, ink: string): void {
  const { ctx, k, s } = p;
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, s.between(0.18, 0.35) * k);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  let px = x;
  ctx.moveTo(px * k, (y + h * 0.6) * k);
  const n = s.whole(5, 10);
  for (let i = 0; i < n; i++) {
    const nx = x + (w * (i + 1)) / n;
    const ny = y + h * s.between(0.3, 0.8);
    ctx.bezierCurveTo((px + w * 0.05) * k, (y + h * s.between(-0.2, 0.3)) * k, (nx - w * 0.08) * k, (y + h * s.between(0.7, 1.2)) * k, nx * k, ny * k);
    px = nx;
  }
  ctx.stroke();
  if (s.maybe(0.6)) {
    ctx.beginPath();
    ctx.moveTo((x + w * 0.1) * k, (y + h * 0.85) * k);
    ctx.quadraticCurveTo((x + w * 0.5) * k, (y + h * 1.05) * k, (x + w * 0.95) * k, (y + h * 0.7) * k);
    ctx.stroke();
  }
  ctx.restore();
}

/** Text in one font at `size` mm (the font's size), squeezed horizontally if wider than `maxW` mm. */
export function say(p: Pen, text: string, x: number, y: number, size: number, family: string, color: string, maxW = 1e9, align: 'left' | 'center' | 'right' = 'left'): number {
  const { ctx, k } = p;
  ctx.save();
  ctx.font = `${size * k}px "${family}"`;
  ctx.fillStyle = color;
  const w = ctx.measureText(text).width / k;
  const squeeze = w > maxW ? maxW / w : 1;
  const drawnW = w * squeeze;
  const left = align === 'left' ? x : align === 'center' ? x - drawnW / 2 : x - drawnW;
  ctx.translate(left * k, y * k);
  ctx.scale(squeeze, 1);
  ctx.fillText(text, 0, 0);
  ctx.restore();
  return drawnW;
}

export interface ZonePrint {
  /** Left edge of the first character and baseline of the first line, mm. */
  x: number;
  y: number;
  pitch: number;
  linePitch: number;
  /** Font size (em) in mm; OCR-B's capitals are 0.71 em high. */
  font: number;
  ink: Rgb;
  /** Outline width in pixels at this canvas's scale (0 for the plain glyph). */
  stroke: number;
  /** Per-character placement noise, mm. */
  jitter: number;
  family: string;
}

/** The zone, one character per pitch cell (fixed 10 cpi-like spacing whatever the font's own advance). */
export function printZone(p: Pen, lines: string[], z: ZonePrint): void {
  const { ctx, k, s } = p;
  ctx.save();
  ctx.font = `${z.font * k}px "${z.family}"`;
  ctx.fillStyle = css(z.ink);
  ctx.strokeStyle = css(z.ink);
  ctx.lineWidth = z.stroke;
  ctx.lineJoin = 'round';
  const cell = z.pitch * k;
  lines.forEach((line, li) => {
    const base = (z.y + li * z.linePitch) * k;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      const adv = ctx.measureText(ch).width;
      const x = z.x * k + i * cell + (cell - adv) / 2 + s.between(-z.jitter, z.jitter) * k;
      const y = base + s.between(-z.jitter, z.jitter) * k;
      if (z.stroke > 0.05) ctx.strokeText(ch, x, y);
      ctx.fillText(ch, x, y);
    }
  });
  ctx.restore();
}
