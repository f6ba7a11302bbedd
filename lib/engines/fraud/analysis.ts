import type { OcrResult } from '../documents';
import { assessLiveness, DEFAULT_MATCH_THRESHOLD, mainFace, pictureFrom, searchFaces, similarity, similarityToCpf, type Face, type FaceTemplate } from '../face';
import { readSettings } from '../../platform/settings';
import { denyListEntry } from './deny-list';
import { faceCropOf, merged, PORTRAIT_SIDES, side } from './document';
import { ruleSettingsFor } from './rule-settings';
import { scoreEvidence } from './score';
import { recordAnalysis } from './sequence';
import { scoreCpf, type Evidence, type FaceEvidence, type ForensicSignals, type ScoreResult } from './types';

export interface FraudAnalysisRequest {
  /** Absent for a hosted fraud step started without one: the CPF read from the document stands in for the face-index check. */
  cpf?: string;
  customerId?: string;
  rulesGroup?: string;
  imageFront?: string;
  imageBack?: string;
  imageSelfie?: string;
}

/** SPEC 2.1 FaceMatchResult, plus `compared` (our addition): false when no selfie was compared, and match/similarity then mean nothing. */
export interface FaceMatchResult {
  faceCrop: string;
  match: boolean;
  similarity: number;
  compared: boolean;
}

export interface FraudAnalysis {
  scoreResult: ScoreResult;
  extractResult: { ocr: OcrResult };
  faceMatchResult: FaceMatchResult;
}

/** Which picture each OCR field was read on (its bbox is in that picture's pixels). */
export type FieldSides = Record<string, 'front' | 'back'>;

/** How each document file read on its own (the hosted capture asks again only for a side that failed). */
export interface SideReport {
  field: 'imageFront' | 'imageBack';
  typeRecognized: string;
  forensics: ForensicSignals;
}

/**
 * SPEC 4.4 to 4.6: a document (and optionally a selfie) analysed into a
 * ScoreResult. Every check feeds the rule catalogue; nothing here decides.
 */
export async function analyseFraud(integratorId: string, req: FraudAnalysisRequest, methodName: string): Promise<FraudAnalysis> {
  return (await analyseFraudSides(integratorId, req, methodName)).analysis;
}

/**
 * The analysis with the report of each side, and the face template that was searched (the selfie's, else the portrait's).
 * `documentBudgetMs` is the time each document side may take (by default DOCUMENT_TIME_BUDGET_MS).
 */
export async function analyseFraudSides(
  integratorId: string,
  req: FraudAnalysisRequest,
  methodName: string,
  { documentBudgetMs }: { documentBudgetMs?: number } = {},
): Promise<{ analysis: FraudAnalysis; sides: SideReport[]; probe?: FaceTemplate; liveness?: FaceEvidence['liveness']; fieldSides: FieldSides }> {
  const started = performance.now();
  const [front, back, selfiePic, settings] = await Promise.all([
    req.imageFront ? side(req.imageFront, 'imageFront', documentBudgetMs) : undefined,
    req.imageBack ? side(req.imageBack, 'imageBack', documentBudgetMs) : undefined,
    req.imageSelfie ? pictureFrom(req.imageSelfie, 'imageSelfie') : undefined,
    readSettings(integratorId),
  ]);
  const ocr = front ? merged(front.reading.result, back?.reading.result) : undefined;
  const cpf = req.cpf ?? ocr?.fields.find((f) => f.key === 'cpf')?.value.replace(/\D/g, '');
  const forensics: ForensicSignals[] = [front?.forensics, back?.forensics].filter((f): f is ForensicSignals => Boolean(f));

  // The document portrait, on the sides that print one.
  // A coat of arms or a thumbprint can pass for a face: up to three candidates are kept, and with a
  // selfie the portrait is the candidate most like it.
  let documentFaces: Face[] = [];
  const portraitSide = [front, back].find((s) => s && PORTRAIT_SIDES.has(s.reading.result.typeRecognized));
  if (portraitSide) documentFaces = portraitSide.portraits.slice(0, 3);
  let documentFace = documentFaces[0];

  const face: FaceEvidence = { duplicates: [], documentFace: portraitSide ? Boolean(documentFace) : undefined };
  const threshold = settings.faceMatchThreshold ?? DEFAULT_MATCH_THRESHOLD;
  let probe = documentFace;
  if (selfiePic) {
    const notices: string[] = [];
    const selfie = await mainFace(selfiePic, 'imageSelfie', notices);
    probe = selfie;
    const live = await assessLiveness(selfiePic, 'imageSelfie', settings.livenessThreshold ?? undefined);
    face.liveness = { alive: live.alive, score: live.score, reasons: live.reasons.map((r) => r.message) };
    if (documentFaces.length) {
      const scored = documentFaces.map((f) => ({ f, s: similarity(f, selfie) })).sort((a, b) => b.s - a.s);
      documentFace = scored[0]!.f;
      const s = scored[0]!.s;
      face.match = { similarity: s, match: s >= threshold, threshold, against: 'document' };
    } else if (!req.imageFront) {
      // 4.5 without a document: the selfie against the face enrolled for this CPF.
      const s = req.cpf ? await similarityToCpf(integratorId, req.cpf, selfie) : undefined;
      if (s === undefined) face.nothingToCompare = true;
      else face.match = { similarity: s, match: s >= threshold, threshold, against: 'enrolled' };
    }
  }
  if (probe) {
    const found = await searchFaces(integratorId, probe, { threshold, limit: 5 });
    face.duplicates = found.filter((c) => c.cpf !== cpf).map((c) => ({ cpf: c.cpf, similarity: c.similarity }));
  }

  const faceCrop = documentFace && portraitSide ? await faceCropOf(portraitSide.picture, documentFace) : '';
  const denied = req.cpf ? await denyListEntry(integratorId, req.cpf) : undefined;
  const evidence: Evidence = {
    cpf: req.cpf,
    now: new Date(),
    document: ocr ? { ocr, fields: ocr.fields } : undefined,
    forensics,
    forensicsEnabled: true,
    denyListed: denied ? { reason: denied.reason } : undefined,
    face,
  };
  const scored = scoreEvidence(evidence, await ruleSettingsFor(integratorId, req.rulesGroup));
  const totalTime = Math.round(performance.now() - started);
  const batchId = await recordAnalysis({ integratorId, methodName, cpf: req.cpf ?? '', customerId: req.customerId, rulesGroup: req.rulesGroup, ...scored, totalTimeMs: totalTime });
  const sides: SideReport[] = [front, back].flatMap((x) =>
    x ? [{ field: x.forensics.field as SideReport['field'], typeRecognized: x.reading.result.typeRecognized, forensics: x.forensics }] : [],
  );
  const analysis: FraudAnalysis = {
    scoreResult: { cpf: scoreCpf(req.cpf), customerId: req.customerId ?? '', ...scored, statistics: { batchId, methodName, totalTime } },
    extractResult: { ocr: ocr ?? { typeRecognized: '', typeParentAlias: '', digitalDocument: false, fields: [], errorMessage: 'no_document_sent' } },
    faceMatchResult: { faceCrop, match: face.match?.match ?? false, similarity: face.match?.similarity ?? 0, compared: Boolean(face.match) },
  };
  return { analysis, sides, probe: probe && { descriptor: probe.descriptor, printed: probe.printed === true }, liveness: face.liveness, fieldSides: front ? fieldSidesOf(ocr?.fields ?? [], front.reading.result, back?.reading.result) : {} };
}

/** The side each merged field came from: merged() takes the recognised side's fields first, then the other side's. */
function fieldSidesOf(fields: OcrResult['fields'], front: OcrResult, back?: OcrResult): FieldSides {
  const main = !back || front.typeRecognized ? 'front' : 'back';
  const mainKeys = new Set((main === 'front' ? front : back!).fields.map((f) => f.key));
  const other = main === 'front' ? 'back' : 'front';
  return Object.fromEntries(fields.map((f) => [f.key, mainKeys.has(f.key) ? main : other]));
}
