/**
 * Second training simulator: attack variants every attacker produces that the
 * first one (simulate.ts) does not, written from the physics of the media
 * (independent of simulate-eval.ts, which is never trained on):
 * - prints by error diffusion (FM screening, laser/offset) or by an inkjet's
 *   dispersed dots with dot gain and pass banding: no periodic rosette, a
 *   blue-noise dot texture, paper white for highlights, ink-limited blacks and
 *   gamut (print_halftone, and the sheet in `bezel`);
 * - screens shot out of focus: the pixel grid is blurred away, but the
 *   display's tone response stays (black level lifted by the room's light on
 *   the glass, highlights compressed at the panel's peak, a gamma that is not
 *   the camera's), its gamut (saturation pulled in, a white point off the
 *   room's), backlight bleed at the edges and a faint reflection of the room
 *   (recapture_blur, colour_cast);
 * - low-frequency moiré: the beat of a screen grid with a sensor pitch close
 *   to a whole multiple of it, periods of several camera pixels, coloured
 *   because the sub-pixels beat out of phase (screen_moire);
 * then a webcam or phone camera of its own (optics, white balance, noise,
 * sharpening, JPEG). Genuine captures come from simulate.ts only.
 */
import sharp from 'sharp';
import { PIXEL_PNG } from '../../lib/engines/media';
import type { Rng } from '../synth/random';
import type { Condition, Shot } from './conditions';
import { extendWithSurround } from './surround';

type Img = { data: Float32Array; width: number; height: number };

const lin = new Float32Array(256).map((_, i) => (i / 255) ** 2.2);
const enc = (v: number) => (v <= 0 ? 0 : v >= 1 ? 255 : Math.round(255 * v ** (1 / 2.2)));
const normal = (r: Rng) => Math.sqrt(-2 * Math.log(r.next() + 1e-12)) * Math.cos(2 * Math.PI * r.next());

/** The photo cropped so that the face is `facePx` wide in a w × h view (its surround carried past the photo's edges), in linear light. */
async function view(shot: Shot, facePx: number, w: number, h: number, r: Rng): Promise<Img> {
  const [bx, by, bw, bh] = shot.box;
  const k = facePx / Math.max(bw, bh);
  const W = Math.max(1, Math.round(shot.width * k));
  const H = Math.max(1, Math.round(shot.height * k));
  const pad = Math.max(w, h);
  const scaled = await sharp(await extendWithSurround(await sharp(shot.png).resize(W, H, { fit: 'fill' }).png(PIXEL_PNG).toBuffer(), W, H, pad)).raw().toBuffer();
  const fx = (bx + bw / 2) * k + pad + (r.next() - 0.5) * 0.15 * w;
  const fy = (by + bh / 2) * k + pad + (r.next() - 0.5) * 0.1 * h;
  const left = Math.round(Math.max(0, Math.min(W + 2 * pad - w, fx - w / 2)));
  const top = Math.round(Math.max(0, Math.min(H + 2 * pad - h, fy - h / 2 + 0.04 * h)));
  const data = new Float32Array(w * h * 3);
  const stride = (W + 2 * pad) * 3;
  for (let y = 0; y < h; y++) for (let x = 0; x < w * 3; x++) data[y * w * 3 + x] = lin[scaled[(top + y) * stride + left * 3 + x]!]!;
  return { data, width: w, height: h };
}

/** Error diffusion of one ink plane (Floyd–Steinberg, serpentine): coverage 0..1 in, dots 0/1 out. */
function diffuse(cover: Float32Array, w: number, h: number, jitter: number, r: Rng): Uint8Array {
  const e = Float32Array.from(cover);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const ltr = y % 2 === 0;
    for (let i = 0; i < w; i++) {
      const x = ltr ? i : w - 1 - i;
      const p = y * w + x;
      const t = 0.5 + (r.next() - 0.5) * jitter;
      const dot = e[p]! > t ? 1 : 0;
      out[p] = dot;
      const err = e[p]! - dot;
      const dx = ltr ? 1 : -1;
      if (x + dx >= 0 && x + dx < w) e[p + dx]! += (err * 7) / 16;
      if (y + 1 < h) {
        if (x - dx >= 0 && x - dx < w) e[p + w - dx]! += (err * 3) / 16;
        e[p + w]! += (err * 5) / 16;
        if (x + dx >= 0 && x + dx < w) e[p + w + dx]! += (err * 1) / 16;
      }
    }
  }
  return out;
}

/** A print by dispersed dots: CMYK planes diffused at the printer's dot pitch, dot gain, banding, paper and ink reflectances. */
async function fmPrint(img: Img, dotPx: number, inkjet: boolean, r: Rng): Promise<Img> {
  // The printer's dot grid: dotPx render pixels per dot.
  const w = Math.max(8, Math.round(img.width / dotPx));
  const h = Math.max(8, Math.round(img.height / dotPx));
  const small = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) small[(y * w + x) * 3 + c] = img.data[(Math.min(img.height - 1, Math.floor(y * dotPx)) * img.width + Math.min(img.width - 1, Math.floor(x * dotPx))) * 3 + c]!;
  const planes = [0, 1, 2, 3].map(() => new Float32Array(w * h));
  for (let p = 0; p < w * h; p++) {
    // Printer drivers work on gamma-encoded values.
    const [R, G, B] = [0, 1, 2].map((c) => small[p * 3 + c]! ** (1 / 2.2));
    const k = (1 - Math.max(R!, G!, B!)) * r.float(0.6, 0.9);
    const left = 1 - k;
    planes[0]![p] = Math.max(0, (1 - R! - k) / left);
    planes[1]![p] = Math.max(0, (1 - G! - k) / left);
    planes[2]![p] = Math.max(0, (1 - B! - k) / left);
    planes[3]![p] = k;
  }
  const dots = planes.map((pl) => diffuse(pl, w, h, inkjet ? 0.35 : 0.05, r));
  // Paper and inks: reflectances per R, G, B (an ink absorbs its complement; black ink never reaches zero).
  const paper = [r.float(0.82, 0.93), r.float(0.82, 0.92), r.float(0.74, 0.88)];
  const inks = [
    [r.float(0.1, 0.25), r.float(0.5, 0.65), r.float(0.75, 0.9)],
    [r.float(0.75, 0.9), r.float(0.15, 0.3), r.float(0.45, 0.6)],
    [r.float(0.85, 0.95), r.float(0.8, 0.92), r.float(0.1, 0.25)],
    [r.float(0.05, 0.12), r.float(0.05, 0.12), r.float(0.06, 0.14)],
  ];
  const refl = new Float32Array(w * h * 3);
  const band = inkjet && r.chance(0.7) ? { period: r.float(4, 14), depth: r.float(0.02, 0.07) } : null;
  for (let y = 0; y < h; y++) {
    const b = band ? 1 - band.depth * (0.5 + 0.5 * Math.sin((2 * Math.PI * y) / band.period)) : 1;
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      for (let c = 0; c < 3; c++) {
        let v = paper[c]!;
        for (let q = 0; q < 4; q++) if (dots[q]![p]) v *= inks[q]![c]!;
        refl[p * 3 + c] = v * b;
      }
    }
  }
  // Back to the render grid, with dot gain (ink spreads into the paper) as a blur.
  const gain = inkjet ? r.float(0.5, 1.1) : r.float(0.3, 0.6);
  const enc8 = Buffer.alloc(w * h * 3);
  for (let i = 0; i < enc8.length; i++) enc8[i] = enc(refl[i]!);
  const up = await sharp(enc8, { raw: { width: w, height: h, channels: 3 } }).resize(img.width, img.height, { kernel: 'nearest' }).blur(Math.max(0.3, gain * dotPx)).raw().toBuffer();
  const data = new Float32Array(up.length);
  for (let i = 0; i < up.length; i++) data[i] = lin[up[i]!]!;
  return { data, width: img.width, height: img.height };
}

/** A display's rendition of the picture with the grid invisible: tone curve, black level, peak compression, gamut, white point, bleed. */
function displayLook(img: Img, r: Rng, strongCast: boolean): Img {
  const gamma = r.float(0.8, 1.25);
  const black = r.float(0.015, 0.09);
  const knee = r.float(0.6, 0.85);
  const gamut = r.float(0.7, 0.95);
  const cast = strongCast ? r.float(0.1, 0.25) : r.float(0, 0.1);
  const white = r.chance(0.75) ? [1 - cast * 0.7, 1 - cast * 0.15, 1 + cast] : [1 + cast * 0.6, 1, 1 - cast * 0.6];
  const bleed = r.float(0, 0.12);
  const corner = r.int(0, 3);
  const out = new Float32Array(img.data.length);
  const { width: w, height: h } = img;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const Y = 0.2126 * img.data[i]! + 0.7152 * img.data[i + 1]! + 0.0722 * img.data[i + 2]!;
      // Backlight bleed: brighter towards one corner and the edges, seen most in dark areas.
      const cx = corner & 1 ? x / w : 1 - x / w;
      const cy = corner & 2 ? y / h : 1 - y / h;
      const glow = bleed * Math.exp(-((1 - cx) ** 2 + (1 - cy) ** 2) * 6);
      for (let c = 0; c < 3; c++) {
        let v = Y + (img.data[i + c]! - Y) * gamut;
        v = Math.max(0, v) ** gamma;
        // Highlights roll off above the knee: the panel's peak is limited.
        if (v > knee) v = knee + (1 - knee) * (1 - Math.exp(-(v - knee) / (1 - knee)));
        out[i + c] = (black + glow + (1 - black) * v) * white[c]!;
      }
    }
  }
  return { data: out, width: w, height: h };
}

/** The beat of a screen grid with the sensor: a slow coloured modulation (each sub-pixel colour at its own phase). */
function lowMoire(img: Img, r: Rng): void {
  const period = r.float(5, 28);
  const angle = r.float(-25, 25) * (Math.PI / 180);
  const depth = r.float(0.06, 0.25);
  const second = r.chance(0.5) ? { period: period * r.float(0.6, 1.6), angle: angle + r.float(70, 110) * (Math.PI / 180), depth: depth * r.float(0.3, 0.8) } : null;
  const phase = [0, (2 * Math.PI) / 3, (4 * Math.PI) / 3].map((p) => p * r.float(0.3, 1));
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const u = x * Math.cos(angle) + y * Math.sin(angle);
      const u2 = second ? x * Math.cos(second.angle) + y * Math.sin(second.angle) : 0;
      for (let c = 0; c < 3; c++) {
        let m = 1 + depth * Math.cos((2 * Math.PI * u) / period + phase[c]!);
        if (second) m *= 1 + second.depth * Math.cos((2 * Math.PI * u2) / second.period + phase[c]!);
        img.data[(y * img.width + x) * 3 + c]! *= m;
      }
    }
  }
}

/** A faint reflection of the room on glass or gloss: a smooth bright shape added. */
function reflection(img: Img, r: Rng, strength: number): void {
  const [cx, cy] = [r.float(0, 1) * img.width, r.float(0, 1) * img.height];
  const s = r.float(0.3, 0.8) * img.width;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const a = strength * Math.exp(-(((x - cx) / s) ** 2 + ((y - cy) / (s * 0.6)) ** 2));
      for (let c = 0; c < 3; c++) img.data[(y * img.width + x) * 3 + c]! += a * 0.5;
    }
  }
}

/** The medium inside the room: a border (bezel or paper margin) and a plain blurred surround. */
function inRoom(img: Img, frameW: number, frameH: number, border: number, colour: number[], r: Rng): Img {
  const out = new Float32Array(frameW * frameH * 3);
  const wall = [r.float(0.05, 0.5), r.float(0.05, 0.5), r.float(0.05, 0.5)];
  const gx = r.float(-0.3, 0.3);
  const W = img.width + 2 * border;
  const H = img.height + 2 * border;
  const ox = Math.round((frameW - W) * r.float(0.2, 0.8));
  const oy = Math.round((frameH - H) * r.float(0.2, 0.8));
  for (let y = 0; y < frameH; y++) {
    for (let x = 0; x < frameW; x++) {
      const i = (y * frameW + x) * 3;
      const [u, v] = [x - ox, y - oy];
      if (u < 0 || v < 0 || u >= W || v >= H) {
        for (let c = 0; c < 3; c++) out[i + c] = wall[c]! * (1 + gx * (x / frameW - 0.5));
      } else if (u < border || v < border || u >= W - border || v >= H - border) {
        for (let c = 0; c < 3; c++) out[i + c] = colour[c]!;
      } else {
        const j = ((v - border) * img.width + (u - border)) * 3;
        for (let c = 0; c < 3; c++) out[i + c] = img.data[j + c]!;
      }
    }
  }
  return { data: out, width: frameW, height: frameH };
}

/** The camera: area sampling to the frame, optics, white balance, exposure, noise, processing, JPEG. */
async function camera(img: Img, frameW: number, frameH: number, r: Rng, blur: number): Promise<Buffer> {
  const phoneCam = r.chance(0.35);
  const exposure = r.float(0.8, 1.2) / Math.max(0.3, percentile(img.data, 0.98));
  const wb = [r.float(0.9, 1.15), 1, r.float(0.85, 1.12)];
  const bytes = Buffer.alloc(img.data.length);
  for (let i = 0; i < img.data.length; i++) bytes[i] = enc(img.data[i]! * exposure * wb[i % 3]!);
  const sampled = await sharp(bytes, { raw: { width: img.width, height: img.height, channels: 3 } }).resize(frameW, frameH, { fit: 'fill', kernel: 'cubic' }).blur(Math.max(0.3, blur)).raw().toBuffer();
  const noise = phoneCam ? r.float(0.6, 2) : r.float(1.5, 5);
  const out = Buffer.alloc(sampled.length);
  for (let i = 0; i < sampled.length; i += 3) {
    const common = normal(r) * noise;
    for (let c = 0; c < 3; c++) {
      const v = sampled[i + c]!;
      out[i + c] = Math.max(0, Math.min(255, Math.round(v + (common + normal(r) * noise * 0.6) * Math.sqrt((v + 8) / 128))));
    }
  }
  let cooked = sharp(out, { raw: { width: frameW, height: frameH, channels: 3 } });
  if (phoneCam || r.chance(0.3)) cooked = cooked.sharpen({ sigma: r.float(0.6, 1.2), m1: 0.5, m2: r.float(0.5, 2) });
  return cooked.jpeg({ quality: r.int(phoneCam ? 80 : 55, phoneCam ? 95 : 90), chromaSubsampling: '4:2:0' }).toBuffer();
}

function percentile(data: Float32Array, q: number): number {
  const sample: number[] = [];
  for (let i = 0; i < data.length; i += 97) sample.push(data[i]!);
  sample.sort((a, b) => a - b);
  return sample[Math.floor(q * (sample.length - 1))] ?? 1;
}

/** One attack capture of the photo in the given attack condition, as a JPEG (genuine conditions are simulate.ts's). */
export async function simulateVariants(shot: Shot, condition: Condition, r: Rng): Promise<Buffer> {
  const frameW = r.pick([320, 480, 640, 640, 720]);
  const frameH = Math.round((frameW * 3) / 4);
  const bordered = condition === 'bezel';
  const shrink = bordered ? r.float(0.55, 0.85) : 1;
  // The medium at a finer pitch than the camera (render pixels per camera pixel).
  const scale = r.float(1.6, 2.6);
  const [mw, mh] = [Math.round(frameW * shrink * scale), Math.round(frameH * shrink * scale)];
  const facePx = frameW * r.float(0.22, 0.5) * shrink * scale;
  let img = await view(shot, facePx, mw, mh, r);
  const isPrint = condition === 'print_halftone' || (bordered && r.chance(0.5));
  let blur = r.float(0.4, 1);
  if (isPrint) {
    img = await fmPrint(img, r.float(0.8, 2.2), r.chance(0.5), r);
    if (r.chance(0.4)) reflection(img, r, r.float(0.05, 0.2));
    blur = r.float(0.4, 1.6);
  } else {
    img = displayLook(img, r, condition === 'colour_cast');
    if (condition === 'screen_moire') lowMoire(img, r);
    if (r.chance(0.5)) reflection(img, r, r.float(0.03, 0.15));
    // Out of focus (the camera focused on the device's edge or on the room) or just soft.
    blur = condition === 'recapture_blur' ? r.float(1.3, 3.2) : condition === 'colour_cast' ? r.float(0.8, 2.2) : r.float(0.5, 1.5);
  }
  if (bordered) {
    const b = Math.round(img.width * r.float(0.03, 0.08));
    const colour = isPrint ? [0.85, 0.84, 0.8] : [0.01, 0.01, 0.012];
    img = inRoom(img, Math.round(frameW * scale), Math.round(frameH * scale), b, colour, r);
  }
  return camera(img, frameW, frameH, r, blur);
}
