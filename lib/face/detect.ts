import sharp, { type Sharp } from 'sharp';
import { headPose, plausibleLandmarks, type Point, type Pose } from './geometry';
import { facePool, type RawFace } from './pool';

/** Longest side the detector sees: faster, and selfies do not need more. */
const DETECT_MAX_SIDE = 1024;
/** Smallest face (box side in submitted pixels) worth comparing. */
export const MIN_FACE_PX = 64;
/** Laplacian variance of the face (at 128 px) under which it is too blurred to trust. */
const BLUR_MIN = 25;

export type QualityIssue = 'face_too_small' | 'blurry' | 'too_dark' | 'too_bright' | 'possibly_occluded';

export interface FaceQuality {
  /** Shorter side of the face box, pixels of the submitted image. */
  sizePx: number;
  /** Variance of the Laplacian of the face at 128 px wide (higher is sharper). */
  sharpness: number;
  /** Mean brightness of the face 0..255 and the share of clipped pixels. */
  brightness: number;
  clipped: number;
  /** Proxy for occlusion: 1 - detector confidence (a covered face scores low). */
  occlusion: number;
  issues: QualityIssue[];
}

export interface Face {
  box: [number, number, number, number];
  score: number;
  landmarks: Point[];
  descriptor: number[];
  pose: Pose;
  quality: FaceQuality;
  /** How it was found: plain detection, after padding and upscaling, or the whole image as a face crop. */
  via: 'detect' | 'upscaled' | 'whole';
}

export interface Picture {
  png: Buffer;
  width: number;
  height: number;
}

async function rgbOf(img: Sharp): Promise<{ rgb: Buffer; width: number; height: number }> {
  const { data, info } = await img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/** Face measures on the submitted picture. */
async function quality(pic: Picture, box: [number, number, number, number], score: number, via: Face['via']): Promise<FaceQuality> {
  const [x, y, w, h] = box;
  const left = Math.max(0, Math.floor(x));
  const top = Math.max(0, Math.floor(y));
  const width = Math.max(1, Math.min(pic.width - left, Math.ceil(w)));
  const height = Math.max(1, Math.min(pic.height - top, Math.ceil(h)));
  const { data, info } = await sharp(pic.png).extract({ left, top, width, height }).greyscale().resize({ width: 128 }).raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let clipped = 0;
  for (const v of data) {
    sum += v;
    if (v <= 5 || v >= 250) clipped++;
  }
  const W = info.width;
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let j = 1; j < info.height - 1; j++) {
    for (let i = 1; i < W - 1; i++) {
      const c = j * W + i;
      const lap = data[c - 1]! + data[c + 1]! + data[c - W]! + data[c + W]! - 4 * data[c]!;
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const sharpness = n ? lapSq / n - (lapSum / n) ** 2 : 0;
  const brightness = sum / data.length;
  const q: FaceQuality = {
    sizePx: Math.round(Math.min(w, h)),
    sharpness: Math.round(sharpness),
    brightness: Math.round(brightness),
    clipped: Math.round((clipped / data.length) * 100) / 100,
    occlusion: via === 'whole' ? 0 : Math.round((1 - score) * 100) / 100,
    issues: [],
  };
  if (q.sizePx < MIN_FACE_PX) q.issues.push('face_too_small');
  if (q.sharpness < BLUR_MIN) q.issues.push('blurry');
  if (brightness < 50) q.issues.push('too_dark');
  if (brightness > 215 || q.clipped > 0.25) q.issues.push('too_bright');
  if (via !== 'whole' && score < 0.6) q.issues.push('possibly_occluded');
  return q;
}

function scaled(raw: RawFace, k: number, dx = 0, dy = 0): RawFace {
  return {
    ...raw,
    box: [raw.box[0] / k - dx, raw.box[1] / k - dy, raw.box[2] / k, raw.box[3] / k],
    landmarks: raw.landmarks.map(([x, y]) => [x / k - dx, y / k - dy] as [number, number]),
  };
}

async function finish(pic: Picture, raws: RawFace[], via: Face['via']): Promise<Face[]> {
  const faces = await Promise.all(
    raws.map(async (r) => ({
      box: r.box.map((v) => Math.round(v)) as Face['box'],
      score: Math.round(r.score * 1000) / 1000,
      landmarks: r.landmarks.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as Point),
      descriptor: r.descriptor,
      pose: headPose(r.landmarks),
      quality: await quality(pic, r.box, r.score, via),
      via,
    })),
  );
  // Largest first: for a selfie the person holding the camera.
  return faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
}

/** Every face in a picture (selfie or scene), largest first, in the picture's pixels. */
export async function detectFaces(pic: Picture): Promise<Face[]> {
  const k = Math.min(1, DETECT_MAX_SIDE / Math.max(pic.width, pic.height));
  const img = sharp(pic.png);
  if (k < 1) img.resize({ width: Math.round(pic.width * k) });
  const { rgb, width, height } = await rgbOf(img);
  const raws = await facePool().run({ op: 'detect', rgb, width, height });
  return finish(pic, raws.map((r) => scaled(r, width / pic.width)), 'detect');
}

/**
 * A face on a document (small, printed, under holograms) or a tight crop of
 * one. Tried as a scene first; then padded with its own edges (the detector
 * needs context around a face) and upscaled; then, for a picture that is
 * itself a face crop, the whole image described as the face when its
 * landmarks look like a face.
 */
export async function detectPortrait(pic: Picture): Promise<Face[]> {
  const plain = await detectFaces(pic);
  if (plain.length) return plain;
  const pad = Math.round(Math.max(pic.width, pic.height) * 0.4);
  const up = Math.min(4, Math.max(1, 720 / Math.max(pic.width, pic.height)));
  const padded = sharp(pic.png).extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' }).resize({ width: Math.round((pic.width + 2 * pad) * up), kernel: 'lanczos3' });
  const big = await rgbOf(padded);
  const raws = await facePool().run({ op: 'detect', rgb: big.rgb, width: big.width, height: big.height, minConfidence: 0.3 });
  if (raws.length) return finish(pic, raws.map((r) => scaled(r, up, pad, pad)), 'upscaled');
  if (Math.max(pic.width, pic.height) > 600) return [];
  const whole = await rgbOf(sharp(pic.png).resize({ width: Math.max(pic.width, 160) }));
  const [face] = await facePool().run({ op: 'whole', ...whole });
  if (!face || !plausibleLandmarks(face.landmarks, whole.width)) return [];
  return finish(pic, [scaled(face, whole.width / pic.width)], 'whole');
}
