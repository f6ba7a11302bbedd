import { decodeFileField, normalizeImage } from '../media';
import { readSettings } from '../../platform/settings';
import calibration from './calibration.json';
import { euclidean, similarityOf, type SimilarityScale } from './calibrate';
import { noFaceError } from './errors';
import type { Face, Picture } from './detect';
import { locateFaces } from './locate';

/** Default decision point on the similarity scale: the calibrated threshold maps to 50. */
export const DEFAULT_MATCH_THRESHOLD = 50;

export interface FaceMatchOutcome {
  similarity: number;
  match: boolean;
  /** Atesta addition: what the caller should know (several faces, poor quality). */
  notices: string[];
}

/** A selfie or portrait image from a request field (JPEG or PNG), decoded safely. */
export async function pictureFrom(value: string, field: string): Promise<Picture> {
  const img = await normalizeImage(decodeFileField(value, field, ['jpeg', 'png']));
  return { png: img.png, width: img.width, height: img.height };
}

/** The face to compare in a picture: the largest; none is 422 `no_face_detected` naming the field. */
export async function mainFace(pic: Picture, field: string, notices: string[]): Promise<Face> {
  const faces = await locateFaces(pic, 'selfie');
  if (faces.length === 0) {
    throw noFaceError(field);
  }
  if (faces.length > 1) notices.push(`${field}: ${faces.length} faces found; the largest was used.`);
  const q = faces[0]!.quality;
  if (q.issues.length) notices.push(`${field}: ${q.issues.join(', ')}.`);
  return faces[0]!;
}

/**
 * The similarity scale of a pair by how many of its faces were described from a printed picture. Each maps the
 * distance at FMR <= 0.1 % over pairs of its kind to 50: a printed portrait against a photo lies further from the
 * person (the screen costs the template), and two printed portraits lie closer to everyone (the print's look is
 * shared), so one threshold for all would refuse genuine document holders or accept look-alike documents.
 */
export function scaleFor(a: Pick<Face, 'printed'>, b: Pick<Face, 'printed'>): SimilarityScale {
  const sides = Number(a.printed === true) + Number(b.printed === true);
  return sides === 0 ? calibration.scale : sides === 1 ? calibration.printed.oneSide.scale : calibration.printed.bothSides.scale;
}

/** Similarity of two faces on the calibrated 0-100 scale. */
export function similarity(a: Face, b: Face): number {
  return similarityOf(euclidean(a.descriptor, b.descriptor), scaleFor(a, b));
}

export async function matchThreshold(integratorId: string | undefined): Promise<number> {
  if (!integratorId) return DEFAULT_MATCH_THRESHOLD;
  return (await readSettings(integratorId)).faceMatchThreshold ?? DEFAULT_MATCH_THRESHOLD;
}

/** SPEC 4.7: whether two images show the same person. */
export async function matchImages(imageA: string, imageB: string, integratorId?: string): Promise<FaceMatchOutcome> {
  const notices: string[] = [];
  const [a, b] = await Promise.all([pictureFrom(imageA, 'imageA'), pictureFrom(imageB, 'imageB')]);
  const [fa, fb] = await Promise.all([mainFace(a, 'imageA', notices), mainFace(b, 'imageB', notices)]);
  const s = similarity(fa, fb);
  const threshold = await matchThreshold(integratorId);
  return { similarity: s, match: s >= threshold, notices };
}
