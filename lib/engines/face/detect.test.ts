import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as matchRoute } from '@/app/services/api/v1/biometrics/face/match/json/route';
import { POST as livenessRoute } from '@/app/services/api/v1/biometrics/face/liveness/json/route';
import { POST as facematchRoute } from '@/app/services/api/v1/fraud/analysis/facematch/json/route';
import { generate } from '@/scripts/synth';
import { call, datasetsDir, identitiesDir, identityImages, tightCrop } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { closeFacePool, DEFAULT_MATCH_THRESHOLD, locateFaces, similarity, type Face, type Picture } from '.';
import { detectFaces, detectPadded } from './detect';
import { iou } from './geometry';

async function picture(bytes: Buffer): Promise<Picture> {
  const { data, info } = await sharp(bytes).rotate().png().toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
const photo = (image: string) => fs.readFileSync(path.join(identitiesDir(), image));
const b64 = (b: Buffer) => b.toString('base64');

afterAll(async () => closeFacePool());

/**
 * Tight crops as cropped selfies and document portraits come: 96–220 px, the
 * face covering 60–100 % of the frame, upright or tilted 20° either way, in
 * colour and grey, from people of the shared identities set (one in nine
 * photos, and lisa's selfies taken at other angles and distances).
 */
describe.skipIf(!datasetsDir())('one detection policy finds tight face crops', () => {
  const people = identityImages().filter((r, i) => i % 37 === 11 || r.image === 'lisa/lisa2.jpg' || r.image === 'lisa/zoom_15cm.jpg');
  const found: { image: string; spec: string; face?: Face; ref: Face }[] = [];

  beforeAll(async () => {
    for (const { image } of people) {
      const [ref] = await locateFaces(await picture(photo(image)), 'selfie');
      if (!ref) throw new Error(`no face in the source photo ${image}`);
      let k = 0;
      for (const cover of [1, 0.8, 0.6]) {
        for (const px of [96, 150, 220]) {
          // Every crop size meets every tilt over the three covers, and half the crops are grey.
          const rotate = [-20, 0, 20][(k + px) % 3]!;
          const grey = k++ % 2 === 1;
          const crop = await tightCrop(photo(image), { px, cover, rotate, grey });
          const [face] = await locateFaces(await picture(crop), 'selfie');
          found.push({ image, spec: `${px}px cover ${cover} tilt ${rotate}${grey ? ' grey' : ''}`, face, ref });
        }
      }
    }
  }, 240_000);

  it('finds the face in every crop, inside the frame, with 68 landmarks', () => {
    const missed = found.filter((f) => !f.face).map((f) => `${f.image} ${f.spec}`);
    expect(found.length).toBeGreaterThanOrEqual(40);
    expect(missed).toEqual([]);
    for (const { face } of found) {
      expect(face!.landmarks).toHaveLength(68);
      expect(face!.box[0]).toBeGreaterThanOrEqual(0);
      expect(face!.box[1]).toBeGreaterThanOrEqual(0);
    }
  });

  it('finds tight crops of faces turned side-on (deepface photos with 20–27° of yaw)', async () => {
    const turned = ['img61.jpg', 'img16.jpg', 'img34.jpg'].map((f) => fs.readFileSync(path.join(datasetsDir()!, 'faces', 'deepface', f)));
    for (const bytes of turned) {
      for (const spec of [{ px: 110, cover: 0.95 }, { px: 180, cover: 0.75, grey: true }]) {
        const [face] = await locateFaces(await picture(await tightCrop(bytes, spec)), 'selfie');
        expect(face, JSON.stringify(spec)).toBeDefined();
        expect(Math.abs(face!.pose.yaw)).toBeGreaterThanOrEqual(10);
      }
    }
  }, 120_000);

  it('reports the tilt of a tilted crop (the face was found turned, not guessed)', () => {
    const tilted = found.filter((f) => f.face && / tilt (-?20)/.test(f.spec));
    const right = tilted.filter((f) => {
      const tilt = Number(/ tilt (-?\d+)/.exec(f.spec)![1]);
      return Math.abs(f.face!.pose.roll - f.ref.pose.roll - tilt) <= 10;
    });
    expect(right.length / tilted.length).toBeGreaterThanOrEqual(0.9);
  });

  it('describes the crop as the same person as the full photo (at least 90 % above the match threshold)', () => {
    const same = found.filter((f) => f.face && similarity(f.face, f.ref) >= DEFAULT_MATCH_THRESHOLD);
    expect(same.length / found.length).toBeGreaterThanOrEqual(0.9);
  });
});

/**
 * A face found in the padded frame comes back where it is in the picture: the
 * same detector gives the same box with or without the grey surround, at every
 * size (sharp scales before it frames, which once put crop boxes twice too
 * large and tens of pixels off), turned or not.
 */
describe.skipIf(!datasetsDir())('the padded frame maps faces back to the picture', () => {
  it('gives the plain detection\'s box for pictures of 96–400 px, upright and turned', async () => {
    const bytes = photo('london_005/005_03.jpg');
    for (const px of [96, 150, 250, 400]) {
      const pic = await picture(await tightCrop(bytes, { px, cover: 0.5 }));
      const [plain] = await detectFaces(pic, 640, 'ssd');
      expect(plain, `${px} px`).toBeDefined();
      for (const angle of [0, 20]) {
        const [padded] = await detectPadded(pic, { detector: 'ssd', target: 512, angle });
        expect(padded, `${px} px, turned ${angle}°`).toBeDefined();
        expect(iou(plain!.box, padded!.box), `${px} px, turned ${angle}°: ${plain!.box} vs ${padded!.box}`).toBeGreaterThanOrEqual(angle ? 0.5 : 0.75);
        // The eyes too (landmarks 36–47), within a tenth of the face's width.
        const eyes = (f: Face) => f.landmarks.slice(36, 48).reduce(([x, y], [a, b]) => [x + a / 12, y + b / 12], [0, 0]);
        const [[x1, y1], [x2, y2]] = [eyes(plain!), eyes(padded!)];
        expect(Math.hypot(x1 - x2, y1 - y2), `${px} px, turned ${angle}°`).toBeLessThan(plain!.box[2] * 0.1);
      }
    }
  }, 120_000);
});

describe.skipIf(!datasetsDir())('every entry point takes a tight crop as a selfie (4.5, 4.7, 4.8)', () => {
  const ctx = withTestIntegrator();

  it('4.7 matches two 150 px crops of one person and tells two people apart', async () => {
    const [a, b, other] = await Promise.all([
      tightCrop(photo('london_005/005_03.jpg'), { px: 150, cover: 0.9 }),
      tightCrop(photo('london_005/005_08.jpg'), { px: 150, cover: 0.75, grey: true }),
      tightCrop(photo('london_006/006_08.jpg'), { px: 150, cover: 0.9 }),
    ]);
    const same = await call(matchRoute, '/services/api/v1/biometrics/face/match/json', { json: { imageA: b64(a), imageB: b64(b) }, headers: ctx.auth });
    expect(same.status, same.text).toBe(200);
    expect(same.data.match).toBe(true);
    const different = await call(matchRoute, '/services/api/v1/biometrics/face/match/json', { json: { imageA: b64(a), imageB: b64(other) }, headers: ctx.auth });
    expect(different.status).toBe(200);
    expect(different.data.match).toBe(false);
  }, 60_000);

  it('4.8 approves a genuine 150 px crop (found, judged, alive) instead of answering no_face_detected', async () => {
    const crop = await tightCrop(photo('london_021/021_03.jpg'), { px: 150, cover: 0.85 });
    const r = await call(livenessRoute, '/services/api/v1/biometrics/face/liveness/json', { json: { image: b64(crop) }, headers: ctx.auth });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toBe('Liveness aprovado');
  }, 60_000);

  it('4.5 compares a 150 px selfie crop with the document portrait', async () => {
    const sample = await generate('CNH_FRENTE', 31, 'clean', { portrait: photo('london_012/012_03.jpg') });
    const selfie = await tightCrop(photo('london_012/012_08.jpg'), { px: 150, cover: 0.85 });
    const r = await call(facematchRoute, '/services/api/v1/fraud/analysis/facematch/json', {
      headers: ctx.auth,
      json: { cpf: sample.truth.fields.cpf, imageFront: b64(sample.image), imageSelfie: b64(selfie) },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data.faceMatchResult).toMatchObject({ compared: true, match: true });
  }, 120_000);
});
