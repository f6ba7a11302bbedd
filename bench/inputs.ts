/**
 * Inputs shared by the benchmark parts: synthetic document photos and face
 * photos at the three sizes the stage timings use, generated once per run.
 */
import path from 'node:path';
import sharp from 'sharp';
import { DOC_TYPES, generate, type Sample } from '../scripts/synth';
import { facesDir, tightCrop } from '../lib/testing';

/** Width of the submitted picture: a phone photo scaled down, a usual upload, a full-resolution camera. */
export const SIZES = { small: 640, medium: 1280, large: 2800 } as const;
export type Size = keyof typeof SIZES;

/** Photos of the deepface set used as selfies and match pairs (one person or another, varied light). */
export const FACE_FILES = ['img1.jpg', 'img2.jpg', 'img3.jpg', 'img10.jpg', 'img11.jpg', 'img20.jpg', 'img30.jpg', 'img38.jpg', 'img41.jpg', 'img50.jpg'];

const memo = new Map<string, Promise<unknown>>();
const once = <T>(key: string, make: () => Promise<T>) => {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as Promise<T>;
};

/**
 * `count` damaged photos of documents, every type in turn, `width` px wide. `upright`: none
 * turned 90/180/270° (a turned photo is read up to four times, which the stage timings would mix
 * with the size); else turns come at the generator's rate, as in the API latencies.
 */
export function documentPhotos(width: number, count: number, upright = true): Promise<Sample[]> {
  return once(`doc:${width}:${count}:${upright}`, async () => {
    const out: Sample[] = [];
    for (let seed = 7000; out.length < count; seed++) {
      const s = await generate(DOC_TYPES[out.length % DOC_TYPES.length]!, seed, 'photo', { width });
      if (!upright || s.damage.turn === 0) out.push(s);
    }
    return out;
  });
}

/** The face photos as JPEGs `width` px wide (quality 90, EXIF orientation applied). */
export function facePhotos(width: number, count = FACE_FILES.length): Promise<Buffer[]> {
  return once(`face:${width}:${count}`, () =>
    Promise.all(FACE_FILES.slice(0, count).map((f) => sharp(path.join(facesDir(), 'deepface', f)).rotate().resize({ width }).jpeg({ quality: 90 }).toBuffer())),
  );
}

/** Side of the tight face crops: what a cropped selfie or a portrait cut from a document looks like. */
export const CROP_PX = 150;

/** The face photos as tight 150 px crops, the face covering 85 % of the frame (JPEG quality 90). */
export function faceCrops(count = FACE_FILES.length): Promise<Buffer[]> {
  return once(`crop:${count}`, async () => {
    const photos = await facePhotos(1280, count);
    const out: Buffer[] = [];
    for (const p of photos) out.push(await tightCrop(p, { px: CROP_PX, cover: 0.85 }));
    return out;
  });
}
