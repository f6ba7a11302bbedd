import { AppError, unprocessable } from '../../platform/errors';
import { readSettings } from '../../platform/settings';
import type { Face, Picture } from './detect';
import { noFaceError } from './errors';
import { locateFaces } from './locate';
import { pictureFrom } from './match';
import modelJson from './pad/model.json';
import { attackScore, contributions, type PadModel } from './pad/model';
import { padSignalsOffThread } from './pad/pool';
import { GRID_NAMES, type PadSignals, type ScalarSignal } from './pad/signals';

const model = modelJson as unknown as PadModel;

/** SPEC 4.8 approval body: a plain JSON string. */
export const LIVENESS_APPROVED = 'Liveness aprovado';

export type LivenessReason = 'screen_replay' | 'print' | 'frame_edges' | 'glare' | 'recapture_blur';

const MESSAGES: Record<LivenessReason, { pt: string; en: string }> = {
  screen_replay: { pt: 'A imagem parece uma foto de uma tela (padrão de pixels, moiré ou cor de tela).', en: 'The image looks like a photo of a screen (pixel grid, moiré or screen colour).' },
  print: { pt: 'A imagem parece uma foto impressa (retícula de impressão, cores lavadas).', en: 'The image looks like a printed photo (halftone dots, washed-out colour).' },
  frame_edges: { pt: 'Há bordas retas ao redor do rosto, como a moldura de um celular ou de um papel.', en: 'Straight edges surround the face, like a phone bezel or a paper border.' },
  glare: { pt: 'Há reflexos fortes sobre o rosto, como de vidro ou papel brilhante.', en: 'Strong reflections on the face, as from glass or glossy paper.' },
  recapture_blur: { pt: 'O rosto perdeu detalhes finos, como numa imagem fotografada de novo.', en: 'The face lacks fine detail, as in a re-photographed image.' },
};

/** Why a picture cannot be judged, and what the person can do about it. */
export type QualityIssueCode = 'face_too_small' | 'too_dark' | 'too_blurry' | 'too_bright';

const FIXES: Record<QualityIssueCode, { pt: string; en: string }> = {
  face_too_small: { pt: 'Aproxime o rosto da câmera: ele precisa ocupar boa parte da imagem.', en: 'Come closer to the camera: your face must fill a good part of the picture.' },
  too_dark: { pt: 'Procure um lugar mais iluminado, com a luz à sua frente.', en: 'Find more light, with the light in front of you.' },
  too_blurry: { pt: 'Segure a câmera firme e fique parado até a foto ser tirada.', en: 'Hold the camera steady and keep still until the photo is taken.' },
  too_bright: { pt: 'Há luz demais no rosto: evite luz direta ou contraluz forte.', en: 'Too much light on the face: avoid direct light or a strong backlight.' },
};

/**
 * The quality gate: below these the signals say nothing reliable about an
 * attack (a face of a few dozen pixels has no texture to read), so the answer
 * is "take it again", never "attack". Face side in submitted pixels; mean face
 * brightness 0..255 and clipped share; Laplacian variance of the face at 128 px.
 */
export const QUALITY_GATE = { minFacePx: 72, minBrightness: 40, maxBrightness: 225, maxClipped: 0.35, minSharpness: 6 } as const;

export function qualityIssues(q: Pick<Face['quality'], 'sizePx' | 'brightness' | 'clipped' | 'sharpness'>): QualityIssueCode[] {
  const issues: QualityIssueCode[] = [];
  if (q.sizePx < QUALITY_GATE.minFacePx) issues.push('face_too_small');
  if (q.brightness < QUALITY_GATE.minBrightness) issues.push('too_dark');
  if (q.brightness > QUALITY_GATE.maxBrightness || q.clipped > QUALITY_GATE.maxClipped) issues.push('too_bright');
  if (q.sharpness < QUALITY_GATE.minSharpness) issues.push('too_blurry');
  return issues;
}

/** 422 `image_quality_insufficient`: each issue with what to fix, in pt-BR and English. */
export function qualityInsufficient(field: string, issues: QualityIssueCode[]): AppError {
  const list = issues.map((code) => ({ code, fix: FIXES[code].pt, fixEn: FIXES[code].en }));
  return unprocessable('image_quality_insufficient', `The face in ${field} cannot be judged: ${list.map((i) => i.fixEn).join(' ')}`, {
    errors: [{ pointer: `/${field}`, message: issues.join(', ') }],
    extensions: { issues: list },
  });
}

export interface LivenessOutcome {
  alive: boolean;
  /** Attack score 0..1 (higher: more likely an attack). */
  score: number;
  threshold: number;
  reasons: { code: LivenessReason; message: string; messageEn: string }[];
  signals: PadSignals;
}

const SIGNAL_REASON: Record<ScalarSignal, LivenessReason | undefined> = {
  periodicity: undefined, // screen or print: decided by the colour evidence
  periodicityCoarse: undefined,
  chromaPeriodicity: 'screen_replay',
  noise: undefined, // not a reason on its own: it tells noise from texture
  sharpness: 'recapture_blur',
  warmth: 'screen_replay',
  relWarmth: 'screen_replay',
  saturation: 'print',
  relSaturation: 'print',
  specular: 'glare',
  framing: 'frame_edges',
  periodicityLow: 'screen_replay', // slow moiré beats: a screen's grid against the sensor
  chromaNoise: 'print', // coloured ink dots
  blackLevel: undefined, // lifted blacks, shallow shadows, compressed highlights, narrow gamut: screen or print by the colour evidence
  faceShadow: undefined,
  highlight: undefined,
  gamut: undefined,
  catchlight: 'recapture_blur', // soft eye reflections: an extra optical step
  frameGrid: undefined, // a grid across the frame: screen or print by the colour evidence
  frameChromaGrid: 'screen_replay',
  faceGrid: undefined,
  sharedGrid: undefined,
  gridLine: undefined, // a line spectrum: screen or print by the colour evidence
  gridColour: 'screen_replay', // red and blue out of phase: sub-pixels
};

/** The reason a texture descriptor stands for: the spectrum's shape is fine detail lost or a grid added; colour texture is told screen or print by the colour evidence. */
function reasonOf(feature: string, printish: boolean): LivenessReason | undefined {
  if (feature in SIGNAL_REASON) return SIGNAL_REASON[feature as ScalarSignal] ?? (feature === 'noise' || feature === 'sharpness' ? undefined : printish ? 'print' : 'screen_replay');
  if (feature.startsWith('band_')) return 'recapture_blur';
  return printish ? 'print' : 'screen_replay';
}

/** Which features pushed the score up, as reasons a person can act on (strongest first). */
function reasonsFor(signals: PadSignals): LivenessReason[] {
  const c = contributions(model, signals);
  const sum = (prefixes: string[]) => Object.entries(c).filter(([k]) => prefixes.some((p) => k.startsWith(p))).reduce((a, [, v]) => a + v, 0);
  // Washed-out colour (saturation, its texture) against a screen's cast (warmth, hue texture, coloured moiré).
  const printish = sum(['saturation', 'relSaturation', 'lbp_S', 'meanS', 'sdS', 'chromaNoise']) > sum(['warmth', 'relWarmth', 'chromaPeriodicity', 'lbp_H', 'meanH', 'lbp_Cb', 'lbp_Cr']);
  const ranked = Object.entries(c).sort((a, b) => b[1] - a[1]);
  const out: LivenessReason[] = [];
  for (const [k, v] of ranked) {
    if (v <= 0.3 && out.length) break;
    const reason = reasonOf(k, printish);
    if (reason && !out.includes(reason)) out.push(reason);
    if (out.length >= 3) break;
  }
  return out.length ? out : ['screen_replay'];
}

const explain = (codes: LivenessReason[]) => codes.map((code) => ({ code, message: MESSAGES[code].pt, messageEn: MESSAGES[code].en }));

/** Passive presentation-attack detection on one selfie; 422 `image_quality_insufficient` when it cannot be judged. */
export async function assessLiveness(pic: Picture, field: string, threshold = model.threshold): Promise<LivenessOutcome> {
  // Where the face is and how good it is; its template is not needed here.
  const faces = await locateFaces(pic, 'selfie', { templates: false });
  if (faces.length === 0) throw noFaceError(field);
  const issues = qualityIssues(faces[0]!.quality);
  if (issues.length) throw qualityInsufficient(field, issues);
  return judgeLiveness(pic, faces[0]!, threshold);
}

/** The grid measures cost a few hundred spectra: taken only when the shipped model splits on them. */
const usesGrids = model.signals.some((k) => (GRID_NAMES as string[]).includes(k));

/** The attack signals around a face already found (and past the quality gate), scored and explained (the benchmark times this stage alone). */
export async function judgeLiveness(pic: Picture, face: Face, threshold = model.threshold): Promise<LivenessOutcome> {
  const signals = await padSignalsOffThread(pic.png, pic.width, pic.height, face.box, { grids: usesGrids });
  const score = Math.round(attackScore(model, signals) * 1000) / 1000;
  const alive = score <= threshold;
  return { alive, score, threshold, reasons: alive ? [] : explain(reasonsFor(signals)), signals };
}

/** SPEC 4.8: the approval string, or 422 `liveness_rejected` with score and reasons. */
export async function livenessCheck(image: string, integratorId?: string): Promise<string> {
  const pic = await pictureFrom(image, 'image');
  const custom = integratorId ? (await readSettings(integratorId)).livenessThreshold : null;
  const r = await assessLiveness(pic, 'image', custom ?? model.threshold);
  if (r.alive) return LIVENESS_APPROVED;
  throw new AppError(422, 'liveness_rejected', `Liveness rejected: ${r.reasons.map((x) => x.messageEn).join(' ')}`, {
    extensions: { score: r.score, threshold: r.threshold, reasons: r.reasons },
  });
}
