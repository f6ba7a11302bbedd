import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { locateFaces } from '../engines/face';
import { datasetsDir } from './datasets';

/** The shared identities set (103 people), or a path that does not exist. */
export const identitiesDir = () => path.join(datasetsDir() ?? path.resolve(process.cwd(), '..', 'shared', 'datasets'), 'identities');

/** `image,identity` rows of identities/identities.csv. */
export function identityImages(): { image: string; identity: string }[] {
  return fs
    .readFileSync(path.join(identitiesDir(), 'identities.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [image, identity] = l.split(',');
      return { image: image!, identity: identity! };
    });
}

/** Face boxes of source photos already found (tests cut many crops from one photo). */
const boxes = new Map<string, Promise<[number, number, number, number]>>();

function sourceBox(photo: Buffer, pic: { png: Buffer; width: number; height: number }): Promise<[number, number, number, number]> {
  const key = createHash('sha1').update(photo).digest('hex');
  if (!boxes.has(key)) {
    boxes.set(
      key,
      locateFaces(pic, 'selfie').then(([face]) => {
        if (!face) throw new Error('tightCrop: no face in the source photo');
        return face.box;
      }),
    );
  }
  return boxes.get(key)!;
}

export interface CropSpec {
  /** Side of the square result, pixels. */
  px: number;
  /** Share of the frame the face box covers (0.6 to 1: a tight crop). */
  cover: number;
  /** Degrees the crop is turned (the face tilts inside the same frame). */
  rotate?: number;
  grey?: boolean;
}

/**
 * A tight square crop of the largest face in a photo, as a cropped selfie or a
 * document portrait looks: the face box covers `cover` of the side. The box is
 * found on the full photo first (where detection is easy), so the crop is
 * exact whatever the detector later makes of it.
 */
export async function tightCrop(photo: Buffer, spec: CropSpec): Promise<Buffer> {
  const { data, info } = await sharp(photo).rotate().png().toBuffer({ resolveWithObject: true });
  const [x, y, w, h] = await sourceBox(photo, { png: data, width: info.width, height: info.height });
  const side = Math.min(Math.max(w, h) / spec.cover, info.width, info.height);
  // A turned crop is cut from a larger square turned about the face, so no blank corners show.
  const region = spec.rotate ? Math.min(side * 1.45, info.width, info.height) : side;
  const left = Math.round(Math.min(Math.max(0, x + w / 2 - region / 2), info.width - region));
  const top = Math.round(Math.min(Math.max(0, y + h / 2 - region / 2), info.height - region));
  let img = sharp(data).extract({ left, top, width: Math.round(region), height: Math.round(region) });
  if (spec.rotate) {
    const turned = await img.rotate(spec.rotate, { background: '#808080' }).png().toBuffer({ resolveWithObject: true });
    const c = Math.round((turned.info.width - side) / 2);
    img = sharp(turned.data).extract({ left: c, top: c, width: Math.round(side), height: Math.round(side) });
  }
  img = sharp(await img.resize(spec.px, spec.px).png().toBuffer());
  if (spec.grey) img = img.greyscale();
  return img.jpeg({ quality: 90 }).toBuffer();
}
