import sharp from 'sharp';
import { PIXEL_PNG } from '../media';
import { detectFaces, detectPadded, finish, rgbOf, scaled, surest, type Face, type Picture } from './detect';
import { plausibleLandmarks } from './geometry';
import { facePool } from './pool';

/**
 * The face printed on a document page (small, under holograms, sometimes
 * turned with the page) or on a crop of one. Reached through `locateFaces`.
 */

/** Longest side the detector sees on a page: a document portrait is a small part of it. */
export const DOCUMENT_MAX_SIDE = 1024;
/** Longest side of a picture the detector sees when it turns one (a face on its side in a selfie or crop). */
const TURN_MAX_SIDE = 640;
/** Largest picture treated as a possible tight face crop (padded and upscaled when nothing is found). */
const CROP_MAX_SIDE = 800;

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

const detectTurned = (pic: Picture) => bestTurn(pic, [90, 270, 180], TURN_MAX_SIDE);

/** How much of the page around a weak candidate is looked at again: the detector needs the head and shoulders. */
const CLOSER_CONTEXT = 3;
/** Candidates looked at closer: the portrait is nearly always among the two surest. */
const CLOSER_CANDIDATES = 2;

/** The square around a box (`share` times its longer side), inside the picture, as a picture of its own, and where it lies; undefined when under 32 px. */
export async function regionAround(pic: Picture, [x, y, w, h]: Face['box'], share: number): Promise<{ crop: Picture; left: number; top: number } | undefined> {
  const side = Math.max(w, h) * share;
  const left = Math.max(0, Math.round(x + w / 2 - side / 2));
  const top = Math.max(0, Math.round(y + h / 2 - side / 2));
  const width = Math.min(pic.width - left, Math.round(side));
  const height = Math.min(pic.height - top, Math.round(side));
  if (width < 32 || height < 32) return undefined;
  const png = await sharp(pic.png).extract({ left, top, width, height }).png(PIXEL_PNG).toBuffer();
  return { crop: { png, width, height }, left, top };
}

/**
 * A weak detection on a whole page looked at again closer: a portrait is a
 * small part of a photographed document, and the detector that half-sees it
 * there usually finds it with full confidence in a crop around it (any turn).
 * Undefined when the closer look is no better.
 */
async function closer(pic: Picture, f: Face): Promise<Face | undefined> {
  const region = await regionAround(pic, f.box, CLOSER_CONTEXT);
  if (!region) return undefined;
  const { left, top } = region;
  const [g] = await bestTurn(region.crop, [0, 180, 90, 270], TURN_MAX_SIDE);
  if (!g || g.score <= f.score) return undefined;
  return { ...g, box: [g.box[0] + left, g.box[1] + top, g.box[2], g.box[3]], landmarks: g.landmarks.map(([px, py]) => [px + left, py + top] as [number, number]) };
}

/** The first candidates each looked at closer (kept as they were when that is no better), surest first. */
async function lookedCloser(pic: Picture, faces: Face[]): Promise<Face[]> {
  const looked = await Promise.all(faces.slice(0, CLOSER_CANDIDATES).map(async (f) => (await closer(pic, f)) ?? f));
  return [...looked, ...faces.slice(CLOSER_CANDIDATES)].sort((a, b) => b.score - a.score);
}

/**
 * Tried as a scene first; then closer and in the other orientations; then
 * set in a grey surround and upscaled (a tight crop); then, for a picture that
 * is itself a face crop, the whole image described as the face when its
 * landmarks look like a face.
 */
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
  const best = surest([upright, turned]);
  if (best.length) return best;
  if (plain.length) return plain;
  // Padding and upscaling help a tight crop of a face; a whole page with no face found at document size has none to find that way.
  if (Math.max(pic.width, pic.height) > CROP_MAX_SIDE) return [];
  const padded = await detectPadded(pic, { detector: 'ssd', target: 720, minConfidence: 0.3 });
  if (padded.length) return padded;
  if (Math.max(pic.width, pic.height) > 600) return [];
  const whole = await rgbOf(sharp(pic.png).resize({ width: Math.max(pic.width, 160) }));
  const [face] = await facePool().run({ op: 'whole', ...whole });
  if (!face || !plausibleLandmarks(face.landmarks, whole.width)) return [];
  return finish(pic, [scaled(face, whole.width / pic.width)], 'whole');
}
