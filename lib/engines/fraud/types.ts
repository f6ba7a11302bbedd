import type { OcrField, OcrResult } from '../documents';

/** SPEC 2.1 Penalty. */
export interface Penalty {
  rulesName: string;
  rulesPenalty: number;
  hardStop: boolean;
  message: string;
}

/** SPEC 2.1 ScoreResult; `statistics.totalTime` is in milliseconds. */
export interface ScoreResult {
  /** SPEC's "number-like": the CPF as a JSON number (leading zeros drop: pad to 11 digits), null without one. */
  cpf: number | null;
  customerId: string;
  score: number;
  hardStop: boolean;
  penalties: Penalty[];
  statistics: { batchId: number; methodName: string; totalTime: number };
}

/** Image forensics of one submitted document picture, each signal 0 (clean) to 1 (certain). */
export interface ForensicSignals {
  /** Field name of the picture ("imageFront"). */
  field: string;
  /** Sharpness: variance of the Laplacian on the document, higher is sharper. */
  sharpness: number;
  /** Share of the document's pixels blown out to white. */
  glare: number;
  /** Document height in pixels once cropped. */
  documentHeight: number;
  /** Periodic high-frequency energy (moiré, pixel grid): a photo of a screen. */
  screen: number;
  /** Colour left in the document: the chroma (max - min channel, 0..1) of its most coloured tenth; near 0 for a grey-scale copy. */
  chroma: number;
  /** Editing software named in EXIF/XMP or the PDF producer, when one is. */
  editor?: string;
  /** A PDF saved again after it was made (incremental updates). */
  pdfUpdates: number;
  /** Error-level anomaly inside the field regions compared with the rest of the document (0..1). */
  elaAnomaly: number;
  /** The field whose region stands out most in the error-level analysis. */
  elaField?: string;
  /** Background texture of the flattest field over the document's usual (1 = like the others; low: covered with a flat patch and retyped). */
  patchRatio: number;
  patchField?: string;
}

/** What the face checks found; absent parts were not checked. */
export interface FaceEvidence {
  /** Whether the document shows a portrait (undefined: no document sent). */
  documentFace?: boolean;
  /** Selfie compared with the document portrait, or with the face enrolled for the CPF when no document was sent. */
  match?: { similarity: number; match: boolean; threshold: number; against: 'document' | 'enrolled' };
  /** A selfie was sent without a document and no face is enrolled for the CPF. */
  nothingToCompare?: boolean;
  liveness?: { alive: boolean; score: number; reasons: string[] };
  /** Faces of the integrator's index that match the person, enrolled under another CPF. */
  duplicates: { cpf: string; similarity: number }[];
}

/** Everything the rules look at for one analysis. */
export interface Evidence {
  /** Request CPF, digits; absent when the caller gave none (a formalistic call for a company, or without cpfCnpj): the CPF rules stay silent. */
  cpf?: string;
  now: Date;
  /** The document read, when one was sent (front, and back merged in). */
  document?: { ocr: OcrResult; fields: OcrField[] };
  forensics: ForensicSignals[];
  /** Whether forensic rules run (the formalistic `forensics` switch; always on in fraud analysis). */
  forensicsEnabled: boolean;
  denyListed?: { reason: string | null };
  face: FaceEvidence;
}

/** One rule of the catalogue: fires with a pt-BR message saying what was seen, or stays silent. */
export interface Rule {
  name: string;
  /** Points taken from 100 when it fires (configurable per integrator and rulesGroup). */
  weight: number;
  hardStop: boolean;
  /** False for a rule whose detector is not calibrated yet: it runs only where an integrator switches it on. */
  enabledByDefault?: boolean;
  /** What it checks, for the catalogue listing. */
  description: string;
  evaluate(e: Evidence): string | undefined;
}

/**
 * The ScoreResult's CPF as SPEC shows it (a number). Also reads results stored
 * before this form, which kept it as a string ('' for none).
 */
export function scoreCpf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{11}$/.test(value) ? Number(value) : null;
}

/** A stored ScoreResult in SPEC's form, whatever form it was stored in. */
export const specScoreResult = (s: ScoreResult | null | undefined): ScoreResult | null => (s ? { ...s, cpf: scoreCpf(s.cpf) } : null);
