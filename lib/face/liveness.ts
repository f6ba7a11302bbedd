import { AppError, unprocessable } from '../errors';
import { getSettings } from '../settings';
import { locateFaces, MIN_FACE_PX, type Face, type Picture } from './detect';
import { pictureFrom } from './match';
import modelJson from './pad/model.json';
import { attackScore, contributions, type PadModel } from './pad/model';
import { padSignals, type PadSignals } from './pad/signals';

const model = modelJson as PadModel;

/** SPEC 4.8 approval body: a plain JSON string. */
export const LIVENESS_APPROVED = 'Liveness aprovado';

export type LivenessReason = 'screen_replay' | 'print' | 'frame_edges' | 'glare' | 'recapture_blur' | 'face_too_small';

const MESSAGES: Record<LivenessReason, { pt: string; en: string }> = {
  screen_replay: { pt: 'A imagem parece uma foto de uma tela (padrão de pixels ou moiré).', en: 'The image looks like a photo of a screen (pixel grid or moiré).' },
  print: { pt: 'A imagem parece uma foto impressa (retícula de impressão, cores lavadas).', en: 'The image looks like a printed photo (halftone dots, washed-out colour).' },
  frame_edges: { pt: 'Há bordas retas ao redor do rosto, como a moldura de um celular ou de um papel.', en: 'Straight edges surround the face, like a phone bezel or a paper border.' },
  glare: { pt: 'Há reflexos fortes sobre o rosto, como de vidro ou papel brilhante.', en: 'Strong reflections on the face, as from glass or glossy paper.' },
  recapture_blur: { pt: 'O rosto perdeu detalhes finos, como numa imagem fotografada de novo.', en: 'The face lacks fine detail, as in a re-photographed image.' },
  face_too_small: { pt: 'O rosto está pequeno demais; aproxime-se da câmera.', en: 'The face is too small; come closer to the camera.' },
};

export interface LivenessOutcome {
  alive: boolean;
  /** Attack score 0..1 (higher: more likely an attack). */
  score: number;
  threshold: number;
  reasons: { code: LivenessReason; message: string; messageEn: string }[];
  signals: PadSignals;
}

/** Which signals pushed the score up, as reasons a person can act on. */
function reasonsFor(signals: PadSignals): LivenessReason[] {
  const c = contributions(model, signals);
  const out: LivenessReason[] = [];
  if (c.periodicity > 0.4 || c.highFrequency > 0.4) out.push(c.coolCast > 0 || signals.coolCast > -0.05 ? 'screen_replay' : 'print');
  if (c.saturation > 0.4 && !out.includes('print')) out.push('print');
  if (c.coolCast > 0.4 && !out.includes('screen_replay')) out.push('screen_replay');
  if (c.straightEdge > 0.4) out.push('frame_edges');
  if (c.specular > 0.4) out.push('glare');
  if (c.sharpness > 0.4) out.push('recapture_blur');
  if (out.length === 0) {
    // The strongest contribution names the reason.
    const [top] = (Object.entries(c) as [keyof PadSignals, number][]).sort((a, b) => b[1] - a[1]);
    const map: Record<keyof PadSignals, LivenessReason> = { periodicity: 'screen_replay', highFrequency: 'screen_replay', coolCast: 'screen_replay', saturation: 'print', straightEdge: 'frame_edges', specular: 'glare', sharpness: 'recapture_blur' };
    out.push(map[top![0]]);
  }
  return out;
}

const explain = (codes: LivenessReason[]) => codes.map((code) => ({ code, message: MESSAGES[code].pt, messageEn: MESSAGES[code].en }));

/** Passive presentation-attack detection on one selfie. */
export async function assessLiveness(pic: Picture, field: string, threshold = model.threshold): Promise<LivenessOutcome> {
  const faces = await locateFaces(pic, 'selfie');
  if (faces.length === 0) throw unprocessable('no_face_detected', `No face was found in ${field}.`, { errors: [{ pointer: `/${field}`, message: 'no face detected' }] });
  return judgeLiveness(pic, faces[0]!, threshold);
}

/** The attack signals around a face already found, scored and explained (the benchmark times this stage alone). */
export async function judgeLiveness(pic: Picture, face: Face, threshold = model.threshold): Promise<LivenessOutcome> {
  const signals = await padSignals(pic.png, pic.width, pic.height, face.box);
  const score = Math.round(attackScore(model, signals) * 1000) / 1000;
  if (face.quality.sizePx < MIN_FACE_PX) return { alive: false, score, threshold, reasons: explain(['face_too_small']), signals };
  const alive = score <= threshold;
  return { alive, score, threshold, reasons: alive ? [] : explain(reasonsFor(signals)), signals };
}

/** SPEC 4.8: the approval string, or 422 `liveness_rejected` with score and reasons. */
export async function livenessCheck(image: string, integratorId?: string): Promise<string> {
  const pic = await pictureFrom(image, 'image');
  const custom = integratorId ? (await getSettings(integratorId)).livenessThreshold : null;
  const r = await assessLiveness(pic, 'image', custom ?? model.threshold);
  if (r.alive) return LIVENESS_APPROVED;
  throw new AppError(422, 'liveness_rejected', `Liveness rejected: ${r.reasons.map((x) => x.messageEn).join(' ')}`, {
    extensions: { score: r.score, threshold: r.threshold, reasons: r.reasons },
  });
}
