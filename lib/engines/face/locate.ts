import sharp from 'sharp';
import { PIXEL_PNG } from '../media';
import { BLUR_PER_PERIOD, descreened, halftoneOf, type Screen } from './descreen';
import { detectFaces, detectPadded, quality, SELFIE_MAX_SIDE, surest, type Face, type Picture } from './detect';
import { iou } from './geometry';
import { templatesWanted, withoutTemplates } from './pool';
import { detectPortrait, DOCUMENT_MAX_SIDE, regionAround } from './portrait';

/**
 * Where a face is looked for: a selfie (a camera frame, a phone photo, or a
 * face crop sent as one), a document page (its printed portrait), or a scene
 * (every face on a page that prints no portrait).
 */
export type FaceSource = 'selfie' | 'document' | 'scene';

/** Pictures at most this large are taken for face crops first: a cropped selfie or a portrait cut from a document. */
const CROP_MAX_SIDE = 480;
/** A face whose box spans this share of the picture's shorter side fills the frame: found again with context around it. */
const FILLS_FRAME = 0.75;
/** Tilts tried on a crop in which nothing was found upright (a head leaning to one side). */
const TILTS = [20, -20];

const fillsFrame = (f: Face, pic: Picture) => Math.max(f.box[2], f.box[3]) >= FILLS_FRAME * Math.min(pic.width, pic.height);
/** The fast detector's face is kept unless it lies on its side (an implausible pitch is what that gives). */
const upright = (f: Face) => Math.abs(f.pose.pitch) < 30;
/** A plain detection this sure, not filling the frame, is a face in a scene: a crop reading that disagrees with it is wrong. */
const SURE_IN_SCENE = 0.8;
/** Boxes overlapping less than this (intersection over union) are different faces. */
const SAME_FACE_IOU = 0.4;

/**
 * A face crop: set in a grey surround and scaled up; the fast detector, then
 * the thorough one; then both again with the crop tilted either way (the two
 * tilts side by side, one per model worker).
 */
async function cropFaces(pic: Picture): Promise<Face[]> {
  const quick = await detectPadded(pic, { detector: 'tiny' });
  if (quick.length && upright(quick[0]!)) return quick;
  const thorough = await detectPadded(pic, { detector: 'ssd', target: 512 });
  if (thorough.length) return thorough;
  for (const detector of ['tiny', 'ssd'] as const) {
    const tilted = surest(await Promise.all(TILTS.map((angle) => detectPadded(pic, { detector, target: detector === 'ssd' ? 512 : 416, angle }))));
    if (tilted.length && upright(tilted[0]!)) return tilted;
  }
  return [];
}

/**
 * A selfie. A large picture is a scene with a face in it: the fast detector
 * settles most. A small picture, or a face that fills the frame, is a crop:
 * looked at with context around it first. What is still not found is looked
 * for as a document portrait would be (turned, closer), so a selfie held
 * sideways or a portrait photographed on paper is found too.
 */
async function selfieFaces(pic: Picture): Promise<Face[]> {
  const small = Math.max(pic.width, pic.height) <= CROP_MAX_SIDE;
  // The plain detectors' upright face, if any (a small picture is mostly a crop: only the fast detector, to check the crop reading).
  let plain: Face[] = [];
  const quick = await detectFaces(pic, SELFIE_MAX_SIDE, 'tiny');
  if (quick.length && upright(quick[0]!)) plain = quick;
  else if (!small) {
    const thorough = await detectFaces(pic, SELFIE_MAX_SIDE, 'ssd');
    if (thorough.length && upright(thorough[0]!)) plain = thorough;
  }
  if (!small && plain.length && !fillsFrame(plain[0]!, pic)) return plain;
  const crop = await cropFaces(pic);
  // A webcam frame at 480 px or a close-up is not a crop: when the crop reading puts the face elsewhere (typically the whole frame) than a sure plain detection inside it, the plain one is right.
  let sure = plain[0] && plain[0].score >= SURE_IN_SCENE ? plain : undefined;
  const disagree = (faces: Face[]) => !crop.length || iou(crop[0]!.box, faces[0]!.box) < SAME_FACE_IOU;
  if (!sure && small && plain.length && disagree(plain)) {
    // The fast detector saw a face elsewhere but was unsure: the thorough one settles it.
    const thorough = await detectFaces(pic, SELFIE_MAX_SIDE, 'ssd');
    if (thorough.length && upright(thorough[0]!) && thorough[0]!.score >= SURE_IN_SCENE) sure = thorough;
  }
  if (sure && disagree(sure) && !(small && fillsFrame(sure[0]!, pic))) return sure;
  if (crop.length) return crop;
  return detectPortrait(pic);
}

/** A reading of a printed portrait: how wide its screen is blurred. */
interface PrintedReading {
  blurPerPeriod: number;
}

/**
 * The readings of a printed portrait whose templates are averaged: two blur widths. Each keeps a different part of
 * the screen's and the print's noise; their mean keeps the face. (Each reading's template is itself the mean of the
 * face and of the face mirrored, landmarks found again: workers/face.mjs. Until session 91 the mirrored pictures were
 * two more readings, each detected anew. Keeping them beside the mirrored templates measured the same on people never
 * tuned on, FNMR at FMR 0.1 % 20.7 against 20.4 %, but cost 0.3 s: a printed-portrait 4.7 took 0.92-0.99 s.) The
 * first is the one the face is looked for on.
 */
const PRINTED_READINGS: PrintedReading[] = [{ blurPerPeriod: BLUR_PER_PERIOD }, { blurPerPeriod: 0.5 }];

/** Readings of a printed portrait overlapping at least this much find the same face. */
const SAME_READING_IOU = 0.5;

/** A face the detectors found, not the whole picture taken as one (whose landmarks are the model's guess). */
const detected = (f: Face | undefined): f is Face => f !== undefined && f.via !== 'whole';

/** The face's template averaged over the other readings of the portrait (`facesOf`) that find it in the same place. */
async function averagedOverReadings(face: Face, others: PrintedReading[], facesOf: (r: PrintedReading) => Promise<Face[]>): Promise<Face> {
  const readings = await Promise.all(
    others.map(async (reading) => {
      const [f] = await facesOf(reading);
      return f && iou(f.box, face.box) >= SAME_READING_IOU ? f.descriptor : undefined;
    }),
  );
  const templates = [face.descriptor, ...readings.filter((d) => d !== undefined)];
  return { ...face, descriptor: face.descriptor.map((_, i) => templates.reduce((sum, d) => sum + d[i]!, 0) / templates.length) };
}

/** Faces of a printed portrait, found on its descreened copy (the first one's template averaged over other readings); their quality measured on the picture as sent. */
async function printedFaces(pic: Picture, find: (p: Picture) => Promise<Face[]>, average = true): Promise<Face[]> {
  const screen = await halftoneOf(pic);
  return screen ? screenedFaces(pic, screen, find, average) : find(pic);
}

/**
 * Faces of a picture printed with `screen`, found on its descreened copy (`printedFaces`). A dark or washed-out
 * portrait can keep enough of its dots at the first blur width to hide the face from the detectors, which then find
 * nothing or take the whole picture as the face: the wider blur is looked at before either answer is kept.
 */
async function screenedFaces(pic: Picture, screen: Screen, find: (p: Picture) => Promise<Face[]>, average = true): Promise<Face[]> {
  // Each reading is found once: the wider one looked at for the face is one the averaging reads too.
  const found = new Map<PrintedReading, Promise<Face[]>>();
  const facesOf = (r: PrintedReading) => found.get(r) ?? found.set(r, descreened(pic, screen, r).then(find)).get(r)!;
  const [first, wider] = PRINTED_READINGS as [PrintedReading, PrintedReading];
  const averaged = average && templatesWanted();
  // Averaged, both readings are wanted whatever the first finds: the wider one is read beside it (the other face thread).
  if (averaged) void facesOf(wider).catch(() => undefined);
  const from = !detected((await facesOf(first))[0]) && detected((await facesOf(wider))[0]) ? wider : first;
  const faces = [...(await facesOf(from))];
  if (faces[0] && averaged) faces[0] = await averagedOverReadings(faces[0], PRINTED_READINGS.filter((r) => r !== from), facesOf);
  return Promise.all(faces.map(async (f) => ({ ...f, printed: true, quality: await quality(pic, f.box, f.score, f.via) })));
}

/** A selfie's faces with a printed portrait's face-finding reading alone (the first, or the wider blur when the first finds none; no averaging): what the averaging is measured against (tests). */
export const selfieFacesOneReading = (pic: Picture) => printedFaces(pic, selfieFaces, false);

/**
 * Blur (pixels at the detector's working size) of a page on which no portrait was found: enough to merge a print
 * screen of 2–4 px, far less than a face. Measured on printed portraits (halftone, guilloche) on scanned pages: faces
 * found 38 → 59 of 61 (1.2 and 2 px gave the same).
 */
const SOFTEN_SIGMA = 1.5;

/** The part of a document page around its portrait's face (as a share of the face box) where the print screen is looked for. */
const PORTRAIT_AREA = 1.6;

/**
 * The portrait on a document page. A page scanned or photographed finely
 * enough to resolve the portrait's print screen is described as a printed
 * portrait sent alone is: the region around the face descreened, its
 * template averaged over the readings. The face keeps where the page
 * reading put it; only its template changes, and only when the descreened
 * region finds the same face.
 */
async function documentFaces(pic: Picture): Promise<Face[]> {
  let faces = await detectPortrait(pic);
  if (!faces.length) {
    // A screen and a guilloche over the portrait hide the face from the detector: looked for again on the page softened.
    const sigma = SOFTEN_SIGMA * Math.max(1, Math.max(pic.width, pic.height) / DOCUMENT_MAX_SIDE);
    faces = await detectPortrait({ ...pic, png: await sharp(pic.png).blur(sigma).png(PIXEL_PNG).toBuffer() });
  }
  const face = faces[0];
  if (!face || !templatesWanted()) return faces;
  const region = await regionAround(pic, face.box, PORTRAIT_AREA);
  const screen = region && (await halftoneOf(region.crop));
  if (!region || !screen) return faces;
  const [printed] = await screenedFaces(region.crop, screen, selfieFaces);
  if (!printed) return faces;
  const onPage: Face['box'] = [printed.box[0] + region.left, printed.box[1] + region.top, printed.box[2], printed.box[3]];
  if (iou(onPage, face.box) < SAME_READING_IOU) return faces;
  return [{ ...face, descriptor: printed.descriptor, printed: true }, ...faces.slice(1)];
}

/**
 * The one detection policy: every entry point (4.5–4.8, onboarding, the
 * hosted selfie and its challenge, the fraud step's portrait, formalistic and
 * the face index) finds its faces here, largest or surest first. With
 * `templates: false` (passive liveness) the faces come without descriptors
 * (empty): the same boxes, landmarks and quality, found faster.
 */
export async function locateFaces(pic: Picture, source: FaceSource, { templates = true } = {}): Promise<Face[]> {
  if (!templates) return withoutTemplates(() => locateFaces(pic, source));
  if (source === 'document') return documentFaces(pic);
  if (source === 'scene') return detectFaces(pic, 1024);
  return printedFaces(pic, selfieFaces);
}
