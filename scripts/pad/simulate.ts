/**
 * Training simulator of PAD captures (the evaluation one, simulate-eval.ts, is
 * written independently with other models and parameters and is never tuned on).
 *
 * Genuine: the person in front of a camera. The studio photo is framed so the
 * face has the condition's size, then goes through a camera model in linear
 * light: optics and sometimes motion blur, a Bayer mosaic (one colour per
 * photosite, demosaiced: bayer.ts), white balance of the room (warm or cool),
 * exposure, signal-dependent sensor noise (shot + read) per photosite,
 * sometimes the camera's denoising smear, tone curve, sharpening and HDR-ish
 * local contrast for phones, JPEG.
 *
 * Attacks: the same photo shown on a screen (RGB stripe sub-pixels with a dark
 * gap, display gamma, cool white point, raised black level, glare; resampled
 * by the camera at a screen-to-sensor pitch that is not a whole number: moiré)
 * or printed (CMYK halftone rosette, paper white and texture, washed colour),
 * then photographed by the same camera model, so that the camera alone tells
 * nothing. Bezels and paper borders are in frame in the `bezel` condition.
 */
import sharp, { type Sharp } from 'sharp';
import { PIXEL_PNG } from '../../lib/engines/media';
import type { Rng } from '../synth/random';
import type { Condition, Shot } from './conditions';
import { demosaic, siteColour } from './bayer';
import { extendWithSurround } from './surround';

type Raw = { data: Buffer; width: number; height: number };

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
const toLinear = new Float32Array(256).map((_, i) => (i / 255) ** 2.2);
const toGamma = (v: number) => 255 * (v <= 0 ? 0 : v >= 1 ? 1 : v ** (1 / 2.2));

async function raw(img: Sharp): Promise<Raw> {
  const { data, info } = await img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
const sharpOf = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });

/**
 * The part of the photo a camera of frameW × frameH sees with the face facePx wide,
 * face centre off the frame centre by a little; where the frame reaches past the photo's edges, the
 * photo's surround is carried on (surround.ts). `pxScale` > 1 renders that view at a finer pitch (a screen).
 */
async function frame(shot: Shot, facePx: number, frameW: number, frameH: number, r: Rng, angle = 0): Promise<Raw & { faceAt: [number, number] }> {
  if (angle) {
    // Turned inside a larger view, so no corner of the frame is empty.
    const [bigW, bigH] = [Math.round(frameW * 1.25), Math.round(frameH * 1.25)];
    const big = await frame(shot, facePx, bigW, bigH, r);
    const turned = await sharpOf(big).rotate(angle).png(PIXEL_PNG).toBuffer();
    const m = await sharp(turned).metadata();
    const [dx, dy] = [Math.round((m.width! - frameW) / 2), Math.round((m.height! - frameH) / 2)];
    const inner = await raw(sharp(turned).extract({ left: dx, top: dy, width: frameW, height: frameH }));
    return { ...inner, faceAt: [big.faceAt[0] - (bigW - frameW) / 2, big.faceAt[1] - (bigH - frameH) / 2] };
  }
  const [bx, by, bw, bh] = shot.box;
  const s = facePx / Math.min(bw, bh);
  const fw = frameW / s;
  const fh = frameH / s;
  const cx = bx + bw / 2 + (r.next() - 0.5) * 0.2 * fw;
  const cy = by + bh / 2 + (r.next() - 0.5) * 0.15 * fh + 0.05 * fh;
  let left = Math.round(cx - fw / 2);
  let top = Math.round(cy - fh / 2);
  const faceAt: [number, number] = [(bx + bw / 2 - left) * s, (by + bh / 2 - top) * s];
  const pad = Math.ceil(Math.max(0, -left, -top, left + fw - shot.width, top + fh - shot.height)) + 2;
  let img = sharp(shot.png);
  if (pad > 2) img = sharp(await extendWithSurround(shot.png, shot.width, shot.height, pad));
  left += pad > 2 ? pad : 0;
  top += pad > 2 ? pad : 0;
  const cut = await img.extract({ left: Math.max(0, left), top: Math.max(0, top), width: Math.round(fw), height: Math.round(fh) }).png(PIXEL_PNG).toBuffer();
  return { ...(await raw(sharp(cut).resize(frameW, frameH, { fit: 'fill' }))), faceAt };
}

interface Camera {
  blur: number;
  motion: number;
  wb: [number, number, number];
  exposure: number;
  /** Shot-noise and read-noise scale (linear light, 0..1 signal). */
  shot: number;
  read: number;
  denoise: boolean;
  sharpen: number;
  hdr: boolean;
  saturation: number;
  quality: number;
  gain: number;
}

function webcam(r: Rng): Camera {
  const warm = r.chance(0.5);
  return {
    blur: r.float(0.3, 0.9),
    motion: r.chance(0.3) ? r.int(2, 4) : 0,
    wb: warm ? [r.float(1.05, 1.25), 1, r.float(0.7, 0.9)] : [r.float(0.85, 0.98), 1, r.float(1.02, 1.2)],
    exposure: r.float(0.75, 1.15),
    shot: r.float(0.0015, 0.006),
    read: r.float(0.00002, 0.0002),
    denoise: r.chance(0.35),
    sharpen: r.chance(0.4) ? r.float(0.3, 1) : 0,
    hdr: false,
    saturation: r.float(0.75, 1.05),
    quality: r.int(60, 90),
    gain: 1,
  };
}

function phone(r: Rng): Camera {
  return {
    blur: r.float(0.2, 0.6),
    motion: 0,
    wb: [r.float(0.95, 1.1), 1, r.float(0.9, 1.05)],
    exposure: r.float(0.9, 1.1),
    shot: r.float(0.0005, 0.002),
    read: 0.00001,
    denoise: r.chance(0.6),
    sharpen: r.float(1, 2.5),
    hdr: r.chance(0.7),
    saturation: r.float(1.0, 1.25),
    quality: r.int(80, 95),
    gain: 1,
  };
}

/** Motion blur: a short line kernel at a random angle. */
function motionKernel(len: number, r: Rng) {
  const n = len * 2 + 1;
  const k = new Array<number>(n * n).fill(0);
  const a = r.next() * Math.PI;
  for (let t = -len; t <= len; t++) k[Math.round(len + t * Math.sin(a)) * n + Math.round(len + t * Math.cos(a))] = 1;
  return { width: n, height: n, kernel: k, scale: k.reduce((s, v) => s + v, 0) };
}

/** Gaussian from two uniforms. */
const gauss = (r: Rng) => Math.sqrt(-2 * Math.log(r.next() + 1e-12)) * Math.cos(2 * Math.PI * r.next());

/** The scene through a camera: optics, white balance, exposure, noise, processing, JPEG. */
async function shoot(scene: Raw, cam: Camera, r: Rng): Promise<Buffer> {
  let img = sharpOf(scene).blur(Math.max(0.3, cam.blur));
  if (cam.motion) img = img.convolve(motionKernel(cam.motion, r));
  const { data: d, width, height } = await raw(img);
  // The sensor: one colour per photosite (bayer.ts), white balance and exposure in linear light, shot and read noise per site.
  const mosaic = new Float32Array(width * height);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const c = siteColour(x, y);
      const lin = toLinear[d[p * 3 + c]!]! * cam.wb[c]! * cam.exposure;
      mosaic[p] = lin + gauss(r) * Math.sqrt(cam.shot * Math.max(0, lin) + cam.read);
    }
  }
  const rgb = demosaic(mosaic, width, height);
  const out = Buffer.alloc(d.length);
  for (let i = 0; i < d.length; i++) out[i] = clamp8(toGamma(rgb[i]! * cam.gain));
  let cooked = sharpOf({ data: out, width, height });
  if (cam.denoise) cooked = sharpOf(await raw(cooked.median(3))).blur(0.5);
  if (cam.hdr) cooked = sharpOf(await raw(cooked.clahe({ width: 48, height: 48, maxSlope: 2 })));
  if (cam.sharpen) cooked = cooked.sharpen({ sigma: 0.8, m1: 0.5, m2: cam.sharpen });
  if (cam.saturation !== 1) cooked = cooked.modulate({ saturation: cam.saturation });
  return cooked.jpeg({ quality: cam.quality, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** A frame from a webcam, phone or dim room with the face at the given size. */
async function genuine(shot: Shot, condition: Condition, r: Rng): Promise<Buffer> {
  const tilt = r.float(-6, 6);
  const webcamFrame = (w: number, share: [number, number]) => ({ w, h: Math.round((w * 3) / 4), face: w * r.float(...share) });
  const spec =
    condition === 'webcam320' ? webcamFrame(320, [0.3, 0.5])
    : condition === 'webcam480' ? webcamFrame(480, [0.28, 0.5])
    : condition === 'webcam640' || condition === 'lowlight' || condition === 'jpeg' || condition === 'tightcrop' ? webcamFrame(640, [0.25, 0.5])
    : condition === 'face80' ? { ...webcamFrame(r.pick([320, 480]), [0, 0]), face: r.float(80, 95) }
    : condition === 'face150' ? { ...webcamFrame(r.pick([480, 640]), [0, 0]), face: r.float(140, 165) }
    : condition === 'face400' ? { ...webcamFrame(1280, [0, 0]), face: r.float(380, 420) }
    : { w: r.pick([720, 1080]), h: 0, face: 0 }; // phone: portrait
  if (condition === 'phone') {
    spec.h = Math.round((spec.w * 4) / 3);
    spec.face = spec.w * r.float(0.35, 0.6);
  }
  const scene = await frame(shot, spec.face, spec.w, spec.h, r, tilt);
  const cam = condition === 'phone' ? phone(r) : webcam(r);
  if (condition === 'lowlight') {
    // Little light, high analogue gain: the signal is small and the noise relatively large.
    const e = r.float(0.15, 0.35);
    Object.assign(cam, { exposure: cam.exposure * e, gain: r.float(0.45, 0.8) / e, denoise: r.chance(0.5), read: r.float(0.00001, 0.00005), shot: cam.shot * r.float(0.15, 0.35), quality: r.int(65, 85) });
  }
  if (condition === 'jpeg') cam.quality = r.int(25, 50);
  const jpeg = await shoot(scene, cam, r);
  if (condition !== 'tightcrop') return condition === 'jpeg' && r.chance(0.5) ? sharp(jpeg).jpeg({ quality: r.int(40, 70) }).toBuffer() : jpeg;
  // An app that crops the face out of the frame and re-encodes it.
  const side = spec.face * r.float(1.05, 1.4);
  const [cx, cy] = scene.faceAt;
  const left = Math.max(0, Math.round(cx - side / 2));
  const top = Math.max(0, Math.round(cy - side * 0.55));
  const crop = sharp(jpeg).extract({ left, top, width: Math.min(spec.w - left, Math.round(side)), height: Math.min(spec.h - top, Math.round(side * 1.15)) });
  return sharp(await crop.png(PIXEL_PNG).toBuffer()).resize({ width: r.int(160, 320) }).jpeg({ quality: r.int(70, 92) }).toBuffer();
}

/** Linear-light RGB at the pitch of a screen's sub-pixels or of a print's rendering. */
type Linear = { data: Float32Array; width: number; height: number };

/**
 * A screen showing the picture, in linear light: each pixel is three vertical
 * R, G, B stripes and a darker row gap, with the display's gamma, white point
 * (cooler) and black level (a lit room keeps a screen's black grey).
 */
function screenRender(img: Raw, r: Rng, look: { cast: number; gamma: number; black: number; gap: number }): Linear {
  const W = img.width * 3;
  const H = img.height * 3;
  const out = new Float32Array(W * H * 3);
  const bleed = r.float(0.02, 0.15);
  const tint = [1 - look.cast * 0.6, 1, 1 + look.cast];
  const rowNorm = 3 / (2 + look.gap);
  const stripeNorm = 3 / (1 + 2 * bleed);
  // The emitted light of a byte, per channel (a table: the power per sub-pixel made this the simulators' slowest loop).
  const emitted = [0, 1, 2].map((c) => Float64Array.from(toLinear, (l) => (look.black + (1 - look.black) * l ** look.gamma) * tint[c]!));
  for (let y = 0; y < H; y++) {
    const row = (y % 3 === 2 ? look.gap : 1) * rowNorm;
    for (let x = 0; x < W; x++) {
      const src = (((y / 3) | 0) * img.width + ((x / 3) | 0)) * 3;
      const stripe = x % 3;
      for (let c = 0; c < 3; c++) {
        out[(y * W + x) * 3 + c] = emitted[c]![img.data[src + c]!]! * (c === stripe ? 1 : bleed) * row * stripeNorm;
      }
    }
  }
  return { data: out, width: W, height: H };
}

/**
 * The camera's sensor over a screen or sheet: each camera pixel integrates the
 * light over its footprint (S × S samples, fill factor < 1), at `pitch` render
 * pixels per camera pixel and turned by `angle` degrees. A pitch that is not a
 * whole number of the grid's period beats with it: moiré.
 */
function sensor(img: Linear, frameW: number, frameH: number, pitch: number, angle: number, r: Rng): Raw {
  const out = Buffer.alloc(frameW * frameH * 3);
  const S = 3;
  const fill = r.float(0.7, 1);
  const cos = Math.cos((angle * Math.PI) / 180);
  const sin = Math.sin((angle * Math.PI) / 180);
  const [cx, cy] = [img.width / 2, img.height / 2];
  for (let y = 0; y < frameH; y++) {
    for (let x = 0; x < frameW; x++) {
      const acc = [0, 0, 0];
      for (let j = 0; j < S; j++) {
        for (let i = 0; i < S; i++) {
          const u = (x - frameW / 2 + ((i + 0.5) / S - 0.5) * fill) * pitch;
          const v = (y - frameH / 2 + ((j + 0.5) / S - 0.5) * fill) * pitch;
          const sx = Math.round(cx + u * cos - v * sin);
          const sy = Math.round(cy + u * sin + v * cos);
          if (sx < 0 || sy < 0 || sx >= img.width || sy >= img.height) {
            acc[0]! += 0.04;
            acc[1]! += 0.04;
            acc[2]! += 0.04;
            continue;
          }
          const k = (sy * img.width + sx) * 3;
          acc[0]! += img.data[k]!;
          acc[1]! += img.data[k + 1]!;
          acc[2]! += img.data[k + 2]!;
        }
      }
      for (let c = 0; c < 3; c++) out[(y * frameW + x) * 3 + c] = clamp8(toGamma(acc[c]! / (S * S)));
    }
  }
  return { data: out, width: frameW, height: frameH };
}

/** Room behind a device or a sheet: a blurred, dim view of another part of the photo set. */
async function room(w: number, h: number, r: Rng): Promise<Raw> {
  const base = { r: r.int(60, 200), g: r.int(60, 200), b: r.int(60, 200) };
  const noise = Buffer.alloc(Math.ceil(w / 16) * Math.ceil(h / 16) * 3).map(() => r.int(0, 255));
  const texture = await sharp(noise, { raw: { width: Math.ceil(w / 16), height: Math.ceil(h / 16), channels: 3 } }).resize(w, h, { kernel: 'cubic' }).blur(8).raw().toBuffer();
  const data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < data.length; i += 3) {
    const t = (texture[i]! + texture[i + 1]! + texture[i + 2]!) / 3 - 128;
    data[i] = clamp8(base.r + t * 0.4);
    data[i + 1] = clamp8(base.g + t * 0.4);
    data[i + 2] = clamp8(base.b + t * 0.4);
  }
  return { data, width: w, height: h };
}

/** A device or sheet placed in a room, seen by a camera: its content (already rendered) inside a bezel or margin. */
async function inRoom(content: Raw, frameW: number, frameH: number, border: { px: number; colour: { r: number; g: number; b: number } }, r: Rng, angle: number): Promise<Raw> {
  // Two pipelines: within one, sharp rotates before it extends, which would leave the bezel unturned.
  const bordered = await sharpOf(content).extend({ top: border.px, bottom: border.px, left: border.px, right: border.px, background: border.colour }).png(PIXEL_PNG).toBuffer();
  const framed = await sharp(bordered).rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png(PIXEL_PNG).toBuffer();
  const meta = await sharp(framed).metadata();
  const bg = await room(frameW, frameH, r);
  const fit = Math.min(1, (frameW * 0.98) / meta.width!, (frameH * 0.98) / meta.height!);
  const inset = await sharp(framed).resize({ width: Math.round(meta.width! * fit) }).png(PIXEL_PNG).toBuffer();
  const im = await sharp(inset).metadata();
  return raw(sharpOf(bg).composite([{ input: inset, left: Math.round((frameW - im.width!) * r.float(0.2, 0.8)), top: Math.round((frameH - im.height!) * r.float(0.2, 0.8)) }]));
}

/** A print in linear reflectance: CMYK halftone at the given cell size (render pixels), classic angles, on paper. */
function halftone(img: Raw, cell: number, r: Rng): Linear {
  const out = new Float32Array(img.data.length);
  const angles = [15, 75, 0, 45].map((a) => ((a + r.float(-3, 3)) * Math.PI) / 180);
  const paper = [r.float(0.85, 0.95), r.float(0.84, 0.94), r.float(0.76, 0.9)];
  const inks = [
    [0.15, 0.55, 0.8], // cyan reflects green and blue
    [0.8, 0.18, 0.5], // magenta
    [0.92, 0.88, 0.15], // yellow
    [0.1, 0.1, 0.12], // black
  ];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 3;
      const [R, G, B] = [img.data[i]! / 255, img.data[i + 1]! / 255, img.data[i + 2]! / 255];
      const k = 1 - Math.max(R, G, B);
      const cover = [(1 - R - k) / (1 - k + 1e-6), (1 - G - k) / (1 - k + 1e-6), (1 - B - k) / (1 - k + 1e-6), k * 0.95].map((v) => Math.max(0, Math.min(1, v * 0.85)));
      const refl = [...paper];
      for (let p = 0; p < 4; p++) {
        const u = x * Math.cos(angles[p]!) + y * Math.sin(angles[p]!);
        const v = -x * Math.sin(angles[p]!) + y * Math.cos(angles[p]!);
        const spot = (Math.cos((2 * Math.PI * u) / cell) + Math.cos((2 * Math.PI * v) / cell)) / 4 + 0.5;
        if (cover[p]! > spot) for (let c = 0; c < 3; c++) refl[c]! *= inks[p]![c]!;
      }
      for (let c = 0; c < 3; c++) out[i + c] = refl[c]!;
    }
  }
  return { data: out, width: img.width, height: img.height };
}

/** Paper fibre: a faint multiplicative texture. */
async function paperTexture(img: Linear, r: Rng): Promise<void> {
  const w = Math.ceil(img.width / 3);
  const h = Math.ceil(img.height / 3);
  const noise = Buffer.alloc(w * h).map(() => r.int(0, 255));
  const tex = await sharp(noise, { raw: { width: w, height: h, channels: 1 } }).resize(img.width, img.height).blur(1.2).raw().toBuffer();
  const depth = r.float(0.03, 0.08);
  for (let i = 0; i < img.width * img.height; i++) {
    const m = 1 + depth * (tex[i]! / 255 - 0.5) * 2;
    for (let c = 0; c < 3; c++) img.data[i * 3 + c]! *= m;
  }
}

/** A glossy or glass reflection in linear light. */
function glare(img: Linear, r: Rng, strength: number) {
  const cx = r.float(0.2, 0.8) * img.width;
  const cy = r.float(0.1, 0.7) * img.height;
  const rx = img.width * r.float(0.08, 0.25);
  const ry = img.height * r.float(0.05, 0.18);
  for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(img.height, cy + ry); y++) {
    for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(img.width, cx + rx); x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d >= 1) continue;
      const a = strength * (1 - d) ** 2;
      for (let c = 0; c < 3; c++) img.data[(y * img.width + x) * 3 + c] = img.data[(y * img.width + x) * 3 + c]! * (1 - a) + 0.95 * a;
    }
  }
}

/** A presentation attack of the given kind, photographed by a webcam or a phone. */
async function attack(shot: Shot, condition: Condition, r: Rng): Promise<Buffer> {
  const frameW = r.pick([320, 480, 640, 640]);
  const frameH = Math.round((frameW * 3) / 4);
  const facePx = frameW * r.float(0.25, 0.5);
  const angle = r.float(-5, 5);
  const cam = r.chance(0.7) ? webcam(r) : { ...phone(r), hdr: false };
  const isPrint = condition === 'print_halftone' || (condition === 'bezel' && r.chance(0.4));
  const bordered = condition === 'bezel';
  // The device or sheet fills the frame, or (bezel) part of it with its border and the room around.
  const shrink = bordered ? r.float(0.55, 0.8) : 1;
  const [cw, ch] = [Math.round(frameW * shrink), Math.round(frameH * shrink)];
  // Screen pixels (print: render pixels) per camera pixel: not a whole number, the grids beat with the sensor.
  const pitch = condition === 'screen_moire' ? r.float(0.8, 2.2) : isPrint ? r.float(1.5, 3) : r.float(1.5, 2.6);
  const view = await frame(shot, facePx * shrink * pitch, Math.round(cw * pitch * 1.1), Math.round(ch * pitch * 1.1), r);
  let content: Linear;
  let renderPitch = pitch;
  if (isPrint) {
    content = halftone(view, r.float(1.2, 3.5) * pitch, r);
    await paperTexture(content, r);
  } else {
    const look = {
      cast: condition === 'colour_cast' ? r.float(0.08, 0.22) : r.float(0, 0.1),
      gamma: condition === 'colour_cast' ? r.float(0.75, 1.3) : r.float(0.9, 1.1),
      black: condition === 'colour_cast' ? r.float(0.03, 0.1) : r.float(0.005, 0.04),
      gap: r.float(0.3, 0.75),
    };
    content = screenRender(view, r, look);
    renderPitch = pitch * 3;
  }
  if (r.chance(condition === 'colour_cast' ? 0.5 : 0.3)) glare(content, r, r.float(0.3, 0.7));
  let seen = sensor(content, cw, ch, renderPitch, bordered ? 0 : angle, r);
  if (bordered) {
    const border = isPrint ? { px: Math.round(cw * r.float(0.03, 0.08)), colour: { r: 236, g: 234, b: 226 } } : { px: Math.round(cw * r.float(0.03, 0.07)), colour: { r: 15, g: 15, b: 18 } };
    seen = await inRoom(seen, frameW, frameH, border, r, angle);
  }
  if (condition === 'recapture_blur') cam.blur = r.float(1.2, 2.4);
  if (condition === 'colour_cast') cam.wb = [r.float(0.85, 1.05), 1, r.float(1.0, 1.2)];
  return shoot(seen, cam, r);
}

/** One simulated capture of the photo in the given condition, as a JPEG. */
export async function simulate(shot: Shot, condition: Condition, r: Rng): Promise<Buffer> {
  const attackish = ['screen_moire', 'recapture_blur', 'colour_cast', 'print_halftone', 'bezel'].includes(condition);
  return attackish ? attack(shot, condition, r) : genuine(shot, condition, r);
}
