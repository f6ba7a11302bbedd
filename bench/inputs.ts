/**
 * Inputs shared by the benchmark parts: synthetic document photos and face
 * photos at the three sizes the stage timings use, generated once per run.
 */
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { DOC_TYPES, generate, type Sample } from '../scripts/synth';
import { registerFonts } from '../scripts/synth/fonts';
import { generateIcao, MRZ_FORMATS } from '../scripts/synth/icao';
import { generateUnseen, UNSEEN_TYPES } from '../scripts/synth-unseen';
import { facesDir, tightCrop } from '../lib/testing';
import { locateFaces } from '../lib/engines/face';
import { degrade } from '../scripts/face-eval/degrade';

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

/** Photos from the unseen-layout generator (evaluation only), every type in turn, medium damage. */
export function unseenPhotos(count: number): Promise<Buffer[]> {
  return once(`unseen:${count}`, async () => {
    const out: Buffer[] = [];
    for (let i = 0; out.length < count; i++) out.push((await generateUnseen(UNSEEN_TYPES[i % UNSEEN_TYPES.length]!, 9100 + i, 'medium')).image);
    return out;
  });
}

/**
 * What the engine does not know, as 1600 px JPEGs: ICAO pages of every MRZ format photographed, a foreign
 * licence and identity card with no zone, and face photos (no document at all), in turn.
 */
export function foreignPhotos(count: number): Promise<Buffer[]> {
  return once(`foreign:${count}`, async () => {
    const faces = await facePhotos(1600, 3);
    const out: Buffer[] = [];
    for (let i = 0; out.length < count; i++) {
      const kind = i % 4;
      if (kind < 2) out.push((await generateIcao(MRZ_FORMATS[(i >> 1) % MRZ_FORMATS.length]!, 9300 + i, 'photo')).image);
      else if (kind === 2) out.push(await foreignCard(i));
      else out.push(faces[(i >> 2) % faces.length]!);
    }
    return Promise.all(out.map((b) => sharp(b).resize({ width: 1600 }).jpeg({ quality: 85 }).toBuffer()));
  });
}

/** A licence or identity card of another country, without a machine-readable zone. */
async function foreignCard(seed: number): Promise<Buffer> {
  registerFonts();
  const canvas = createCanvas(1600, 1010);
  const g = canvas.getContext('2d');
  const us = seed % 8 === 2;
  g.fillStyle = us ? '#e8f0ff' : '#fff6e0';
  g.fillRect(0, 0, 1600, 1010);
  g.fillStyle = '#223';
  g.font = 'bold 64px "Synth DejaVu Bold"';
  g.fillText(us ? 'STATE OF CALIFORNIA' : 'REPUBLIQUE FRANCAISE', 80, 120);
  g.font = '44px "Synth DejaVu"';
  const lines = us
    ? ['DRIVER LICENSE', `DL ${10000000 + seed * 7919}`, 'EXP 08/31/2029', 'LN SAMPLE', 'FN JOHN ROBERT', '2570 24TH STREET', 'ANYTOWN CA 95818', 'DOB 08/31/1977', 'CLASS C  SEX M  HGT 5-10']
    : ['CARTE NATIONALE D IDENTITE', 'Nom: MARTIN', 'Prenoms: Sophie Claire', 'Ne(e) le: 12.03.1990', 'a PARIS (75)', 'Taille: 1,68 m', 'Signature du titulaire'];
  lines.forEach((l, i) => g.fillText(l, 600, 220 + i * 80));
  g.fillStyle = '#8a8f96';
  g.fillRect(80, 220, 440, 560);
  return canvas.toBuffer('image/png');
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

/**
 * The face photos as an ID prints their portrait (the face evaluation's
 * `document` condition: 3:4, 120–200 px, halftone, low contrast, guilloche),
 * each seeded by its file name.
 */
export function printedPortraits(count = FACE_FILES.length): Promise<Buffer[]> {
  return once(`printed:${count}`, async () => {
    const photos = await facePhotos(1280, count);
    const out: Buffer[] = [];
    for (const [i, p] of photos.entries()) {
      const { data, info } = await sharp(p).png().toBuffer({ resolveWithObject: true });
      const [face] = await locateFaces({ png: data, width: info.width, height: info.height }, 'selfie');
      if (face) out.push((await degrade(data, info.width, info.height, face.box, 'document', `bench:${FACE_FILES[i]}`)).png);
    }
    return out;
  });
}
