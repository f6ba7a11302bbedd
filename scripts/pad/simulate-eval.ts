/**
 * Evaluation simulator of PAD captures: written apart from simulate.ts (the
 * training one) with other physics and other parameters, and never used to
 * train or tune. A gap between the two in the bench is a defect of the model.
 *
 * Camera: a perspective warp of the scene sampled bilinearly, an RGGB Bayer
 * mosaic with Poisson-Gaussian noise (full-well and read noise) and row
 * banding, bilinear demosaicing, white balance from a colour temperature,
 * a colour-correction matrix (which amplifies chroma noise), a filmic tone
 * curve with the sRGB transfer, chroma-only denoising, then one of several
 * encoding chains (plain JPEG, mozjpeg, 4:4:4, WebP then JPEG, re-encoded
 * after a resize as messengers do).
 *
 * Screens: PenTile (RGBG diamond), BGR stripes or an OLED with wide black
 * gaps, a white point of 7000–9500 K, PWM flicker bands of a rolling
 * shutter, a specular streak. Prints: either an AM halftone with elliptical
 * dots at 45/105/165/90° or FM (error-diffusion) inkjet dithering, yellowish
 * paper, curvature shading. Borders: a tablet bezel held by a hand, or a sheet
 * on a desk.
 */
import sharp from 'sharp';
import { PIXEL_PNG } from '../../lib/engines/media';
import type { Rng } from '../synth/random';
import type { Condition, Shot } from './conditions';

interface Img {
  w: number;
  h: number;
  /** Linear light, RGB interleaved. */
  px: Float32Array;
}

const srgbToLin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const linToSrgb = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const LUT = Float32Array.from({ length: 256 }, (_, i) => srgbToLin(i / 255));
const byte = (v: number) => Math.max(0, Math.min(255, Math.round(v * 255)));
const normal = (r: Rng) => {
  const u = r.next() || 1e-9;
  return Math.sqrt(-2 * Math.log(u)) * Math.sin(2 * Math.PI * r.next());
};

async function decode(png: Buffer, maxSide?: number): Promise<Img> {
  let s = sharp(png).removeAlpha().toColourspace('srgb');
  if (maxSide) s = s.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  const px = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) px[i] = LUT[data[i]!]!;
  return { w: info.width, h: info.height, px };
}

function encode(img: Img): Buffer {
  const out = Buffer.alloc(img.px.length);
  for (let i = 0; i < out.length; i++) out[i] = byte(linToSrgb(Math.max(0, Math.min(1, img.px[i]!))));
  return out;
}

/** Bilinear lookup with a constant outside. */
function lookup(img: Img, x: number, y: number, c: number, outside: number): number {
  if (x < 0 || y < 0 || x > img.w - 1 || y > img.h - 1) return outside;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(img.w - 1, x0 + 1);
  const y1 = Math.min(img.h - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  // Indexed inline: a helper closure per call was most of the simulator's time.
  const px = img.px;
  const [r0, r1] = [y0 * img.w, y1 * img.w];
  return (px[(r0 + x0) * 3 + c]! * (1 - fx) + px[(r0 + x1) * 3 + c]! * fx) * (1 - fy) + (px[(r1 + x0) * 3 + c]! * (1 - fx) + px[(r1 + x1) * 3 + c]! * fx) * fy;
}

/**
 * The camera's view of a plane: output pixel (x, y) sees plane point
 * centre + M · (x - w/2, y - h/2) with a small perspective term, averaged over
 * `ss` × `ss` bilinear samples.
 */
function view(src: Img, w: number, h: number, o: { cx: number; cy: number; scale: number; angle: number; tilt: [number, number]; ss: number; outside: number }): Img {
  const px = new Float32Array(w * h * 3);
  const cos = Math.cos(o.angle);
  const sin = Math.sin(o.angle);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 3; c++) {
        let acc = 0;
        for (let j = 0; j < o.ss; j++) {
          for (let i = 0; i < o.ss; i++) {
            const u = x + (i + 0.5) / o.ss - 0.5 - w / 2;
            const v = y + (j + 0.5) / o.ss - 0.5 - h / 2;
            const persp = 1 + o.tilt[0] * (u / w) + o.tilt[1] * (v / h);
            const sx = o.cx + ((u * cos - v * sin) * o.scale) / persp;
            const sy = o.cy + ((u * sin + v * cos) * o.scale) / persp;
            acc += lookup(src, sx, sy, c, o.outside);
          }
        }
        px[(y * w + x) * 3 + c] = acc / (o.ss * o.ss);
      }
    }
  }
  return { w, h, px };
}

/** Planck-ish white balance multipliers for a light of the given colour temperature (the camera corrects part of it). */
function kelvin(k: number): [number, number, number] {
  const t = k / 100;
  const r = t <= 66 ? 1 : Math.min(1, 1.292936 * (t - 60) ** -0.1332047592);
  const g = t <= 66 ? Math.min(1, 0.39008 * Math.log(t) - 0.63184) : Math.min(1, 1.129890 * (t - 60) ** -0.0755148492);
  const b = t >= 66 ? 1 : t <= 19 ? 0 : Math.min(1, 0.543206789 * Math.log(t - 10) - 1.19625408);
  return [r / g, 1, b / g];
}

interface Sensor {
  fullWell: number;
  read: number;
  banding: number;
  light: number;
  kelvin: number;
  /** How much of the light's colour the auto white balance leaves. */
  residual: number;
  ccm: number;
  chromaDenoise: boolean;
  contrast: number;
  chain: 'jpeg' | 'mozjpeg' | 'jpeg444' | 'webp-jpeg' | 'messenger';
  quality: number;
  psf: number;
}

/** Mosaic, noise, demosaic, colour, tone: a raw frame becomes an 8-bit image. */
function capture(scene: Img, s: Sensor, r: Rng): Buffer {
  const { w, h } = scene;
  const tint = kelvin(s.kelvin).map((m) => m ** s.residual);
  const mosaic = new Float32Array(w * h);
  const rowNoise = Float32Array.from({ length: h }, () => normal(r) * s.banding);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = y % 2 === 0 ? (x % 2 === 0 ? 0 : 1) : x % 2 === 0 ? 1 : 2;
      const electrons = Math.max(0, scene.px[(y * w + x) * 3 + c]! * tint[c]! * s.light) * s.fullWell;
      const noisy = electrons + normal(r) * Math.sqrt(electrons + s.read * s.read) + rowNoise[y]! * s.fullWell;
      mosaic[y * w + x] = noisy / s.fullWell / s.light;
    }
  }
  // Bilinear demosaicing: each channel from the sites of that colour in the 3 × 3 neighbourhood.
  const out: Img = { w, h, px: new Float32Array(w * h * 3) };
  const colourAt = (x: number, y: number) => (y % 2 === 0 ? (x % 2 === 0 ? 0 : 1) : x % 2 === 0 ? 1 : 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sums = [0, 0, 0];
      const weights = [0, 0, 0];
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const c = colourAt(xx, yy);
          const wt = dx === 0 && dy === 0 ? 4 : dx === 0 || dy === 0 ? 2 : 1;
          sums[c]! += mosaic[yy * w + xx]! * wt;
          weights[c]! += wt;
        }
      }
      for (let c = 0; c < 3; c++) out.px[(y * w + x) * 3 + c] = sums[c]! / Math.max(1e-6, weights[c]!);
    }
  }
  // Colour correction (saturating), filmic tone.
  const k = s.ccm;
  const bytes = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const [R, G, B] = [out.px[i * 3]!, out.px[i * 3 + 1]!, out.px[i * 3 + 2]!];
    const m = [R * (1 + 2 * k) - G * k - B * k, G * (1 + 2 * k) - R * k - B * k, B * (1 + 2 * k) - R * k - G * k];
    for (let c = 0; c < 3; c++) {
      const v = Math.max(0, m[c]!);
      const tone = (v * (1 + v / (s.contrast * s.contrast))) / (1 + v);
      bytes[i * 3 + c] = byte(linToSrgb(Math.min(1, tone * (1 + 1 / s.contrast))));
    }
  }
  return bytes;
}

async function finish(bytes: Buffer, w: number, h: number, s: Sensor, r: Rng): Promise<Buffer> {
  let img = sharp(bytes, { raw: { width: w, height: h, channels: 3 } });
  if (s.psf > 0.3) img = img.blur(s.psf);
  if (s.chromaDenoise) {
    // Blur the chroma only: Lab via sharp, then back.
    const lum = await img.clone().greyscale().raw().toBuffer();
    const soft = await img.clone().blur(1.6).raw().toBuffer();
    const mixed = Buffer.alloc(w * h * 3);
    for (let i = 0; i < w * h; i++) {
      const sl = (soft[i * 3]! * 0.299 + soft[i * 3 + 1]! * 0.587 + soft[i * 3 + 2]! * 0.114);
      for (let c = 0; c < 3; c++) mixed[i * 3 + c] = Math.max(0, Math.min(255, Math.round(soft[i * 3 + c]! - sl + lum[i]!)));
    }
    img = sharp(mixed, { raw: { width: w, height: h, channels: 3 } });
  }
  switch (s.chain) {
    case 'mozjpeg':
      return img.jpeg({ quality: s.quality, mozjpeg: true }).toBuffer();
    case 'jpeg444':
      return img.jpeg({ quality: s.quality, chromaSubsampling: '4:4:4' }).toBuffer();
    case 'webp-jpeg':
      return sharp(await img.webp({ quality: s.quality }).toBuffer()).jpeg({ quality: r.int(85, 95) }).toBuffer();
    case 'messenger': {
      const first = await img.jpeg({ quality: r.int(88, 96) }).toBuffer();
      return sharp(first).resize({ width: Math.round(w * r.float(0.8, 0.95)) }).jpeg({ quality: s.quality }).toBuffer();
    }
    default:
      return img.jpeg({ quality: s.quality }).toBuffer();
  }
}

function sensorFor(kind: 'webcam' | 'phone' | 'dim', r: Rng): Sensor {
  const chain = r.pick(['jpeg', 'mozjpeg', 'jpeg444', 'webp-jpeg', 'messenger'] as const);
  if (kind === 'phone') return { fullWell: r.float(3000, 9000), read: r.float(2, 6), banding: 0, light: r.float(0.8, 1.1), kelvin: r.float(3000, 6500), residual: r.float(0.05, 0.2), ccm: r.float(0.15, 0.35), chromaDenoise: true, contrast: r.float(1.5, 3), chain, quality: r.int(78, 94), psf: r.float(0, 0.5) };
  if (kind === 'dim') return { fullWell: r.float(150, 500), read: r.float(3, 10), banding: r.float(0.001, 0.004), light: r.float(0.5, 0.9), kelvin: r.float(2600, 4200), residual: r.float(0.15, 0.35), ccm: r.float(0.1, 0.3), chromaDenoise: r.chance(0.6), contrast: r.float(1.2, 2), chain, quality: r.int(62, 88), psf: r.float(0.3, 0.9) };
  return { fullWell: r.float(700, 3000), read: r.float(2, 8), banding: r.float(0, 0.002), light: r.float(0.8, 1.2), kelvin: r.pick([r.float(2700, 3500), r.float(4500, 6800)]), residual: r.float(0.1, 0.3), ccm: r.float(0.1, 0.3), chromaDenoise: r.chance(0.5), contrast: r.float(1.3, 2.5), chain, quality: r.int(58, 92), psf: r.float(0.3, 1.1) };
}

/** The genuine scene framed as a camera of w × h sees it with the face about `face` px. */
async function scene(shot: Shot, face: number, w: number, h: number, r: Rng): Promise<Img> {
  const [bx, by, bw, bh] = shot.box;
  const scale = Math.sqrt(bw * bh) / face; // source px per camera px
  // Pre-shrink the source to about 1.5 source px per camera px (keeps the warp cheap and alias-free).
  const k = Math.min(1, 1.5 / scale);
  // The photo's edges repeated outwards where the camera sees past them.
  const pad = Math.round(Math.max(shot.width, shot.height) * 0.6 * k);
  const small = await sharp(shot.png).resize({ width: Math.max(8, Math.round(shot.width * k)) }).png(PIXEL_PNG).toBuffer();
  const src = await decode(await sharp(small).extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' }).png(PIXEL_PNG).toBuffer());
  return view(src, w, h, {
    cx: (bx + bw / 2) * k + pad + r.float(-0.1, 0.1) * w * scale * k,
    cy: (by + bh * 0.55) * k + pad + r.float(-0.08, 0.08) * h * scale * k,
    scale: scale * k,
    angle: r.float(-0.08, 0.08),
    tilt: [r.float(-0.06, 0.06), r.float(-0.06, 0.06)],
    ss: 1,
    outside: r.float(0.05, 0.4),
  });
}

async function genuine(shot: Shot, c: Condition, r: Rng): Promise<Buffer> {
  const wide = (w: number) => [w, Math.round((w * 9) / 16) < 200 ? Math.round((w * 3) / 4) : r.pick([Math.round((w * 3) / 4), Math.round((w * 9) / 16)])] as const;
  let [w, h] = wide(640);
  let face = 0;
  let kind: 'webcam' | 'phone' | 'dim' = 'webcam';
  if (c === 'webcam320') [w, h, face] = [320, 240, r.float(85, 150)];
  else if (c === 'webcam480') [w, h, face] = [...wide(480), r.float(110, 220)];
  else if (c === 'webcam640' || c === 'jpeg' || c === 'tightcrop') [w, h, face] = [...wide(640), r.float(140, 300)];
  else if (c === 'lowlight') [w, h, face, kind] = [...wide(640), r.float(140, 280), 'dim'];
  else if (c === 'face80') [w, h, face] = [...wide(r.pick([320, 400, 480])), r.float(82, 100)];
  else if (c === 'face150') [w, h, face] = [...wide(r.pick([400, 640])), r.float(135, 170)];
  else if (c === 'face400') [w, h, face] = [...wide(r.pick([960, 1280])), r.float(360, 430)];
  else if (c === 'phone') [w, h, face, kind] = [r.pick([600, 750, 900]), 0, 0, 'phone'];
  if (c === 'phone') {
    h = Math.round(w * r.pick([4 / 3, 16 / 9]));
    face = w * r.float(0.4, 0.65);
  }
  const s = sensorFor(kind, r);
  if (c === 'jpeg') [s.chain, s.quality] = [r.pick(['jpeg', 'messenger'] as const), r.int(20, 45)];
  const img = await scene(shot, face, w, h, r);
  let out = await finish(capture(img, s, r), w, h, s, r);
  if (c === 'phone') out = await sharp(out).sharpen({ sigma: r.float(0.6, 1.2), m2: r.float(1, 3) }).modulate({ saturation: r.float(1.05, 1.3) }).jpeg({ quality: r.int(84, 95) }).toBuffer();
  if (c !== 'tightcrop') return out;
  // A face-only crop sent on (a kiosk or an app that trims the frame).
  const side = face * r.float(1.0, 1.3);
  const left = Math.max(0, Math.round(w / 2 - side / 2 + r.float(-0.05, 0.05) * side));
  const top = Math.max(0, Math.round(h / 2 - side * 0.6));
  const crop = sharp(out).extract({ left, top, width: Math.min(w - left, Math.round(side)), height: Math.min(h - top, Math.round(side * 1.2)) });
  return sharp(await crop.png(PIXEL_PNG).toBuffer()).resize({ width: r.int(140, 300), kernel: 'mitchell' }).jpeg({ quality: r.int(65, 90), mozjpeg: true }).toBuffer();
}

type Layout = 'pentile' | 'bgr' | 'oled';

/** The panel's emission at 4 × 4 sub-cells per pixel, linear light. */
function panel(img: Img, layout: Layout, white: [number, number, number], black: number): Img {
  const N = 4;
  const W = img.w * N;
  const H = img.h * N;
  const px = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const sx = (x / N) | 0;
      const sy = (y / N) | 0;
      const cx = x % N;
      const cy = y % N;
      let lit = [0, 0, 0];
      if (layout === 'bgr') {
        const stripe = cx === 3 ? -1 : 2 - Math.min(2, cx);
        if (stripe >= 0 && cy < 3) lit[stripe] = 16 / 3;
      } else if (layout === 'oled') {
        // Small round emitters with wide black gaps.
        const c = cx < 2 && cy < 2 ? 0 : cx >= 2 && cy < 2 ? 1 : cx < 2 ? 2 : -1;
        if (c >= 0) lit[c] = 4;
      } else {
        // PenTile diamond: every pixel has green, red and blue alternate between neighbours.
        const rb = (sx + sy) % 2 === 0 ? 0 : 2;
        if ((cx === 1 || cx === 2) && (cy === 1 || cy === 2)) lit = [0, 4, 0];
        else if (cx === 0 && cy === 0) lit[rb] = 32; // red and blue each on every other pixel
      }
      for (let c = 0; c < 3; c++) {
        const v = img.px[(sy * img.w + sx) * 3 + c]!;
        px[(y * W + x) * 3 + c] = (black + (1 - black) * v) * white[c]! * lit[c]!;
      }
    }
  }
  return { w: W, h: H, px };
}

/** A print: AM elliptical dots at 45/105/165/90 degrees, or FM error diffusion. */
function print(img: Img, r: Rng, cellPx: number): Img {
  const px = new Float32Array(img.px.length);
  const paper = [r.float(0.86, 0.93), r.float(0.84, 0.91), r.float(0.72, 0.84)];
  const am = r.chance(0.6);
  const angles = [105, 165, 90, 45].map((a) => (a * Math.PI) / 180);
  const absorb = [
    [0.8, 0.1, 0.05],
    [0.1, 0.75, 0.25],
    [0.02, 0.08, 0.85],
    [0.85, 0.85, 0.82],
  ];
  const err = Array.from({ length: 4 }, () => new Float32Array(img.w * img.h));
  for (let y = 0; y < img.h; y++) {
    for (let x = 0; x < img.w; x++) {
      const i = y * img.w + x;
      const rgb = [0, 1, 2].map((c) => linToSrgb(img.px[i * 3 + c]!));
      const k = 1 - Math.max(...rgb);
      const ink = [...rgb.map((v) => (1 - v - k) / (1 - k + 1e-6)), k].map((v) => Math.max(0, Math.min(1, v)));
      const refl = [...paper];
      for (let p = 0; p < 4; p++) {
        let on: boolean;
        if (am) {
          const u = (x * Math.cos(angles[p]!) + y * Math.sin(angles[p]!)) / cellPx;
          const v = (-x * Math.sin(angles[p]!) + y * Math.cos(angles[p]!)) / cellPx;
          const du = u - Math.round(u);
          const dv = v - Math.round(v);
          on = ink[p]! > 1 - Math.sqrt(du * du * 1.6 + dv * dv * 0.7) * 1.6;
        } else {
          const want = ink[p]! + err[p]![i]!;
          on = want > 0.5;
          const e = want - (on ? 1 : 0);
          if (x + 1 < img.w) err[p]![i + 1]! += (e * 7) / 16;
          if (y + 1 < img.h) {
            if (x > 0) err[p]![i + img.w - 1]! += (e * 3) / 16;
            err[p]![i + img.w]! += (e * 5) / 16;
            if (x + 1 < img.w) err[p]![i + img.w + 1]! += e / 16;
          }
        }
        if (on) for (let c = 0; c < 3; c++) refl[c]! *= 1 - absorb[p]![c]!;
      }
      for (let c = 0; c < 3; c++) px[i * 3 + c] = refl[c]!;
    }
  }
  return { w: img.w, h: img.h, px };
}

/** Rolling-shutter flicker of a PWM-dimmed panel: horizontal bands. */
function flicker(img: Img, r: Rng): void {
  const period = r.float(8, 40);
  const depth = r.float(0.05, 0.2);
  const phase = r.next() * Math.PI * 2;
  for (let y = 0; y < img.h; y++) {
    const m = 1 - depth * (0.5 + 0.5 * Math.sin((2 * Math.PI * y) / period + phase));
    for (let i = y * img.w * 3; i < (y + 1) * img.w * 3; i++) img.px[i]! *= m;
  }
}

/** A specular streak across glass or glossy paper. */
function streak(img: Img, r: Rng): void {
  const a = r.float(-1, 1);
  const off = r.float(0.2, 0.8) * img.h;
  const width = r.float(0.03, 0.12) * img.h;
  const power = r.float(0.2, 0.6);
  for (let y = 0; y < img.h; y++) {
    for (let x = 0; x < img.w; x++) {
      const d = Math.abs(y - (off + a * (x - img.w / 2))) / width;
      if (d > 1) continue;
      const g = power * (1 - d * d);
      for (let c = 0; c < 3; c++) img.px[(y * img.w + x) * 3 + c] = img.px[(y * img.w + x) * 3 + c]! * (1 - g) + g;
    }
  }
}

/** Paints a border and the world around a presented rectangle (in camera pixels), in place. */
function surround(img: Img, rect: [number, number, number, number], border: number, borderColour: number[], world: number[], hand: boolean): void {
  const [x0, y0, x1, y1] = rect;
  for (let y = 0; y < img.h; y++) {
    for (let x = 0; x < img.w; x++) {
      const inside = x >= x0 && x < x1 && y >= y0 && y < y1;
      if (inside) continue;
      const inBorder = x >= x0 - border && x < x1 + border && y >= y0 - border && y < y1 + border;
      const handHere = hand && x < x0 + (x1 - x0) * 0.25 && y > y1 - border * 0.5 && y < y1 + border * 3;
      const colour = handHere ? [0.45, 0.28, 0.2] : inBorder ? borderColour : world.map((v) => v * (0.8 + 0.4 * ((x + y) / (img.w + img.h))));
      for (let c = 0; c < 3; c++) img.px[(y * img.w + x) * 3 + c] = colour[c]!;
    }
  }
}

async function attack(shot: Shot, c: Condition, r: Rng): Promise<Buffer> {
  const [w, h] = r.pick([[640, 480], [640, 360], [480, 360], [960, 540], [320, 240]] as const);
  const face = w * r.float(0.22, 0.45);
  const isPrint = c === 'print_halftone' || (c === 'bezel' && r.chance(0.5));
  const framed = c === 'bezel';
  const fill = framed ? r.float(0.5, 0.75) : 1;
  // Content pixels per camera pixel.
  const wanted = c === 'screen_moire' ? r.float(0.9, 2.6) : c === 'recapture_blur' ? r.float(2, 3.5) : isPrint ? r.float(2, 3.5) : r.float(1.6, 3);
  // (A panel is rendered at 4 sub-cells a pixel: kept under ~3600 px wide.)
  const density = isPrint ? wanted : Math.min(wanted, 3600 / (w * fill * 1.15 * 4));
  const contentW = Math.round(w * fill * density * 1.15);
  const contentH = Math.round(h * fill * density * 1.15);
  let content = await scene(shot, face * fill * density, contentW, contentH, r);
  let sub = 1;
  if (isPrint) {
    content = print(content, r, r.float(0.7, 2.6) * density);
  } else {
    const layout = r.pick(['pentile', 'bgr', 'oled'] as const);
    const wp = kelvin(r.float(c === 'colour_cast' ? 8000 : 6500, c === 'colour_cast' ? 11000 : 9000)).map((m) => 1 / m) as [number, number, number];
    const norm = Math.max(...wp);
    const gamma = c === 'colour_cast' ? r.float(0.8, 1.25) : 1;
    for (let i = 0; i < content.px.length; i++) content.px[i] = content.px[i]! ** gamma;
    content = panel(content, layout, wp.map((v) => v / norm) as [number, number, number], c === 'colour_cast' ? r.float(0.02, 0.08) : r.float(0.002, 0.03));
    sub = 4;
    if (r.chance(0.4)) flicker(content, r);
  }
  if (r.chance(0.35)) streak(content, r);
  const seen = view(content, w, h, {
    cx: content.w / 2,
    cy: content.h / 2,
    scale: density * sub,
    angle: r.float(-0.07, 0.07),
    tilt: [r.float(-0.08, 0.08), r.float(-0.08, 0.08)],
    ss: 2,
    outside: 0.1,
  });
  if (framed) {
    const cw = Math.round((w * fill) / 1.0);
    const ch = Math.round((h * fill) / 1.0);
    const x0 = Math.round((w - cw) / 2 + r.float(-0.1, 0.1) * w);
    const y0 = Math.round((h - ch) / 2 + r.float(-0.1, 0.1) * h);
    const border = Math.round(w * (isPrint ? r.float(0.02, 0.06) : r.float(0.03, 0.06)));
    surround(seen, [x0, y0, x0 + cw, y0 + ch], border, isPrint ? [0.85, 0.84, 0.8] : [0.01, 0.01, 0.012], [r.float(0.1, 0.5), r.float(0.1, 0.45), r.float(0.08, 0.4)], !isPrint && r.chance(0.6));
  }
  const s = sensorFor(r.chance(0.7) ? 'webcam' : 'phone', r);
  if (c === 'recapture_blur') s.psf = r.float(1.3, 2.6);
  return finish(capture(seen, s, r), w, h, s, r);
}

/** One capture of the photo in the condition, as the evaluation simulator makes it. */
export async function simulateEval(shot: Shot, condition: Condition, r: Rng): Promise<Buffer> {
  const attackish = ['screen_moire', 'recapture_blur', 'colour_cast', 'print_halftone', 'bezel'].includes(condition);
  return attackish ? attack(shot, condition, r) : genuine(shot, condition, r);
}
