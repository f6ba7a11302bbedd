import sharp, { type Sharp } from 'sharp';
import { faceLike, headPose, type Point, type Pose } from './geometry';
import { greyFace, laplacianVariance } from './measure';
import { facePool, type RawFace } from './pool';

/** Longest side the detector sees (it works at 416–512 px inside): a selfie's face stays large at 640. */
export const SELFIE_MAX_SIDE = 640;
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
  /**
   * The template was described from a printed picture (its halftone screen found and removed): a document
   * portrait. Matching uses the threshold calibrated for pairs with that many printed sides (`match.ts`).
   */
  printed?: boolean;
}

export interface Picture {
  png: Buffer;
  width: number;
  height: number;
}

export async function rgbOf(img: Sharp): Promise<{ rgb: Buffer; width: number; height: number }> {
  const { data, info } = await img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/** Face measures on the submitted picture. */
export async function quality(pic: Picture, box: [number, number, number, number], score: number, via: Face['via']): Promise<FaceQuality> {
  const [, , w, h] = box;
  const { data, width: W, height: H } = await greyFace(pic.png, box, pic.width, pic.height);
  let sum = 0;
  let clipped = 0;
  for (const v of data) {
    sum += v;
    if (v <= 5 || v >= 250) clipped++;
  }
  const sharpness = laplacianVariance(data, W, H);
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

export function scaled(raw: RawFace, k: number, dx = 0, dy = 0): RawFace {
  return {
    ...raw,
    box: [raw.box[0] / k - dx, raw.box[1] / k - dy, raw.box[2] / k, raw.box[3] / k],
    landmarks: raw.landmarks.map(([x, y]) => [x / k - dx, y / k - dy] as [number, number]),
  };
}

export async function finish(pic: Picture, raws: RawFace[], via: Face['via']): Promise<Face[]> {
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
export async function detectFaces(pic: Picture, maxSide = SELFIE_MAX_SIDE, detector: 'tiny' | 'ssd' = 'ssd'): Promise<Face[]> {
  const k = Math.min(1, maxSide / Math.max(pic.width, pic.height));
  const img = sharp(pic.png);
  if (k < 1) img.resize({ width: Math.round(pic.width * k) });
  const { rgb, width, height } = await rgbOf(img);
  const raws = await facePool().run({ op: 'detect', rgb, width, height, detector });
  return finish(pic, raws.map((r) => scaled(r, width / pic.width)), 'detect');
}

/** The surest of several readings (each a list of faces), or none. */
export const surest = (readings: Face[][]): Face[] => readings.filter((r) => r.length).sort((a, b) => b[0]!.score - a[0]!.score)[0] ?? [];

export interface PaddedOptions {
  /** Context added on every side, as a share of the picture's longer side. */
  pad?: number;
  /** Side of the padded square the detector sees. */
  target?: number;
  detector?: 'tiny' | 'ssd';
  minConfidence?: number;
  /** Degrees the padded picture is turned before detection (a tilted face set upright). */
  angle?: number;
}

/** A point of a picture turned `deg` degrees clockwise about its centre (sharp's rotate), back in the unturned picture. */
function unrotate([x, y]: [number, number], deg: number, w: number, h: number, W: number, H: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  const dx = x - W / 2;
  const dy = y - H / 2;
  return [w / 2 + dx * Math.cos(a) + dy * Math.sin(a), h / 2 - dx * Math.sin(a) + dy * Math.cos(a)];
}

/**
 * Faces in a picture that may be a tight face crop: the detectors are trained
 * on heads with some of the scene around them, so a face that fills the frame
 * is missed. The picture is set in a neutral grey surround (no mirrored ghost
 * faces), scaled to the detector's working size, optionally turned upright,
 * and the faces found are mapped back to the picture's pixels.
 */
export async function detectPadded(pic: Picture, opts: PaddedOptions = {}): Promise<Face[]> {
  const { pad = 0.5, target = 416, detector = 'tiny', minConfidence = 0.4, angle = 0 } = opts;
  const long = Math.max(pic.width, pic.height);
  const p = Math.round(long * pad);
  // The padded square at the detector's scale: the picture scaled by s, framed by p × s grey pixels on every side
  // (sharp resizes before it extends, whatever the call order, so the frame is added at the scaled size).
  const s = target / (long + 2 * p);
  const sw = Math.round(pic.width * s);
  const sh = Math.round(pic.height * s);
  const q = Math.round(p * s);
  const [pw, ph] = [sw + 2 * q, sh + 2 * q];
  let img = sharp(pic.png).resize({ width: sw, height: sh, fit: 'fill', kernel: 'lanczos3' }).extend({ top: q, bottom: q, left: q, right: q, background: '#808080' });
  if (angle) img = sharp(await img.png().toBuffer()).rotate(angle, { background: '#808080' });
  const { rgb, width, height } = await rgbOf(img);
  const raws = await facePool().run({ op: 'detect', rgb, width, height, detector, minConfidence });
  const back = (pt: [number, number]): [number, number] => {
    const [x, y] = angle ? unrotate(pt, angle, pw, ph, width, height) : pt;
    return [(x - q) / s, (y - q) / s];
  };
  const mapped = raws.map((r): RawFace => {
    const [cx, cy] = back([r.box[0] + r.box[2] / 2, r.box[1] + r.box[3] / 2]);
    const w = r.box[2] / s;
    const h = r.box[3] / s;
    return { ...r, box: [cx - w / 2, cy - h / 2, w, h], landmarks: r.landmarks.map(back) };
  });
  // A face must lie mostly on the picture, not in the grey surround; the box is then clipped to the picture.
  // Its landmarks must make a face (at any tilt): verified before the box is clipped.
  const onPicture = mapped.filter((r) => {
    const [cx, cy] = [r.box[0] + r.box[2] / 2, r.box[1] + r.box[3] / 2];
    return cx > 0 && cy > 0 && cx < pic.width && cy < pic.height && faceLike(r.landmarks, r.box[2]);
  });
  const clipped = onPicture.map((r): RawFace => {
    const x0 = Math.max(0, r.box[0]);
    const y0 = Math.max(0, r.box[1]);
    return { ...r, box: [x0, y0, Math.min(pic.width, r.box[0] + r.box[2]) - x0, Math.min(pic.height, r.box[1] + r.box[3]) - y0] };
  });
  return finish(pic, clipped, 'upscaled');
}
