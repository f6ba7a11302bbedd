import sharp, { type Sharp } from 'sharp';
import { headPose, plausibleLandmarks, type Point, type Pose } from './geometry';
import { greyFace, laplacianVariance } from './measure';
import { facePool, type RawFace } from './pool';

/** Longest side the detector sees (it works at 512 px inside): a selfie's face stays large at 640; a document portrait needs more. */
const SELFIE_MAX_SIDE = 640;
const DOCUMENT_MAX_SIDE = 1024;
/** Largest picture treated as a possible tight face crop (padded and upscaled when nothing is found). */
const CROP_MAX_SIDE = 800;
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
export async function detectFaces(pic: Picture, maxSide = SELFIE_MAX_SIDE, detector: 'tiny' | 'ssd' = 'ssd'): Promise<Face[]> {
  const k = Math.min(1, maxSide / Math.max(pic.width, pic.height));
  const img = sharp(pic.png);
  if (k < 1) img.resize({ width: Math.round(pic.width * k) });
  const { rgb, width, height } = await rgbOf(img);
  const raws = await facePool().run({ op: 'detect', rgb, width, height, detector });
  return finish(pic, raws.map((r) => scaled(r, width / pic.width)), 'detect');
}

/** A selfie: the fast detector first, the thorough one when it finds nothing. */
export async function detectSelfie(pic: Picture): Promise<Face[]> {
  const quick = await detectFaces(pic, SELFIE_MAX_SIDE, 'tiny');
  return quick.length ? quick : detectFaces(pic, SELFIE_MAX_SIDE, 'ssd');
}

/** Upright faces give boxes taller than wide; a face on its side gives a wide one. */
const sideways = (f: Face) => f.box[2] > f.box[3] * 1.15;
/** A detection to double-check in other orientations: on its side, weakly detected, or head pose implausible for a photo taken of someone. */
const doubtful = (f: Face) => f.via !== 'whole' && (sideways(f) || f.score < 0.9 || Math.abs(f.pose.pitch) >= 30);

/** A point of the picture turned by `turn` degrees clockwise, back in the original picture. */
function unturn([x, y]: [number, number], turn: 90 | 180 | 270, width: number, height: number): [number, number] {
  if (turn === 90) return [y, height - x];
  if (turn === 180) return [width - x, height - y];
  return [width - y, x];
}

type Turn = 0 | 90 | 180 | 270;

/**
 * The most confident upright face over the given turns of the picture: the
 * detector is trained on upright faces, so a picture held sideways or upside
 * down (no EXIF) is turned, and the face found is mapped back to the
 * original's pixels (its descriptor comes from the upright face).
 */
async function bestTurn(pic: Picture, turns: Turn[], maxSide: number): Promise<Face[]> {
  let best: Face[] = [];
  for (const turn of turns) {
    const png = turn ? await sharp(pic.png).rotate(turn).png().toBuffer() : pic.png;
    const [w, h] = turn === 90 || turn === 270 ? [pic.height, pic.width] : [pic.width, pic.height];
    const faces = await detectFaces({ png, width: w, height: h }, maxSide);
    if (faces.length === 0 || sideways(faces[0]!) || (best[0] && best[0].score >= faces[0]!.score)) continue;
    best = !turn
      ? faces
      : faces.map((f) => {
          const corners = [unturn([f.box[0], f.box[1]], turn, pic.width, pic.height), unturn([f.box[0] + f.box[2], f.box[1] + f.box[3]], turn, pic.width, pic.height)];
          const x0 = Math.min(corners[0]![0], corners[1]![0]);
          const y0 = Math.min(corners[0]![1], corners[1]![1]);
          return {
            ...f,
            box: [x0, y0, Math.abs(corners[1]![0] - corners[0]![0]), Math.abs(corners[1]![1] - corners[0]![1])] as Face['box'],
            landmarks: f.landmarks.map((p) => unturn(p, turn, pic.width, pic.height)),
            pose: { ...f.pose, roll: f.pose.roll + turn },
          };
        });
    if (!doubtful(faces[0]!)) break;
  }
  return best;
}

const detectTurned = (pic: Picture) => bestTurn(pic, [90, 270, 180], SELFIE_MAX_SIDE);

/** How much of the page around a weak candidate is looked at again: the detector needs the head and shoulders. */
const CLOSER_CONTEXT = 3;
/** Candidates looked at closer: the portrait is nearly always among the two surest. */
const CLOSER_CANDIDATES = 2;

/**
 * A weak detection on a whole page looked at again closer: a portrait is a
 * small part of a photographed document, and the detector that half-sees it
 * there usually finds it with full confidence in a crop around it (any turn).
 * Undefined when the closer look is no better.
 */
async function closer(pic: Picture, f: Face): Promise<Face | undefined> {
  const [x, y, w, h] = f.box;
  const side = Math.max(w, h) * CLOSER_CONTEXT;
  const left = Math.max(0, Math.round(x + w / 2 - side / 2));
  const top = Math.max(0, Math.round(y + h / 2 - side / 2));
  const width = Math.min(pic.width - left, Math.round(side));
  const height = Math.min(pic.height - top, Math.round(side));
  if (width < 32 || height < 32) return undefined;
  const png = await sharp(pic.png).extract({ left, top, width, height }).png().toBuffer();
  const [g] = await bestTurn({ png, width, height }, [0, 180, 90, 270], SELFIE_MAX_SIDE);
  if (!g || g.score <= f.score) return undefined;
  return { ...g, box: [g.box[0] + left, g.box[1] + top, g.box[2], g.box[3]], landmarks: g.landmarks.map(([px, py]) => [px + left, py + top] as [number, number]) };
}

/**
 * A face on a document (small, printed, under holograms) or a tight crop of
 * one. Tried as a scene first; then padded with its own edges (the detector
 * needs context around a face) and upscaled; then, for a picture that is
 * itself a face crop, the whole image described as the face when its
 * landmarks look like a face.
 */
/** The first candidates each looked at closer (kept as they were when that is no better), surest first. */
async function lookedCloser(pic: Picture, faces: Face[]): Promise<Face[]> {
  const looked = await Promise.all(faces.slice(0, CLOSER_CANDIDATES).map(async (f) => (await closer(pic, f)) ?? f));
  return [...looked, ...faces.slice(CLOSER_CANDIDATES)].sort((a, b) => b.score - a.score);
}

export async function detectPortrait(pic: Picture): Promise<Face[]> {
  const plain = await detectFaces(pic, DOCUMENT_MAX_SIDE);
  if (plain.length && !doubtful(plain[0]!)) return plain;
  // A weak candidate is usually the portrait seen too small, or turned: a closer look settles most.
  let upright = plain.length && !sideways(plain[0]!) ? await lookedCloser(pic, plain) : [];
  if (upright.length && !doubtful(upright[0]!)) return upright;
  // A face on its side or upside down is found but described badly: the best upright reading wins.
  const turned = await detectTurned(pic);
  if (turned.length && doubtful(turned[0]!)) upright = [...upright, ...(await lookedCloser(pic, turned)).slice(0, 1)].sort((a, b) => b.score - a.score);
  // (Boxes of turned faces are in the original frame, where they may look wide: only the plain reading is judged by shape.)
  const best = [upright, turned].filter((f) => f.length).sort((a, b) => b[0]!.score - a[0]!.score)[0];
  if (best) return best;
  if (plain.length) return plain;
  // Padding and upscaling help a tight crop of a face; a whole page with no face found at document size has none to find that way.
  if (Math.max(pic.width, pic.height) > CROP_MAX_SIDE) return [];
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

/** What kind of picture a face is looked for in: a selfie (or a face crop sent as one), or a document page. */
export type FaceSource = 'selfie' | 'document';

/**
 * The one detection policy: every entry point (4.5–4.8, onboarding, the
 * hosted selfie and its challenge, the fraud step's portrait, formalistic and
 * the face index) finds its faces here.
 */
export async function locateFaces(pic: Picture, source: FaceSource): Promise<Face[]> {
  if (source === 'document') return detectPortrait(pic);
  // A selfie is settled by one quick detection; a tight crop, a tilted or doubtful face takes the longer road.
  // (The fast detector's scores and box shapes differ from SSD's: only an implausible pitch makes its face doubtful,
  // which is what a face lying on its side gives.)
  const quick = await detectSelfie(pic);
  return quick.length && Math.abs(quick[0]!.pose.pitch) < 30 ? quick : detectPortrait(pic);
}
