import type { MrzRead } from './mrz';
import { fuzzyIncludes } from './text';
import type { RecognizedType } from './types';

/** Printed words that give each model away, with weights (specific words weigh more). */
const CUES: Record<string, [string, number][]> = {
  CNH_FRENTE: [['CARTEIRA NACIONAL DE HABILITACAO', 3], ['HABILITACAO', 1], ['NOME E SOBRENOME', 2], ['CAT HAB', 2], ['REGISTRO', 0.5], ['DOC IDENTIDADE', 1], ['1 HABILITACAO', 1], ['SECRETARIA NACIONAL DE TRANSITO', 2], ['DEPARTAMENTO NACIONAL DE TRANSITO', 2], ['DRIVER LICENSE', 2], ['PERMISSAO', 1]],
  // RG data (the new model's front, the old model's back).
  RG_FRENTE: [['CARTEIRA DE IDENTIDADE', 1], ['REGISTRO GERAL', 3], ['SECRETARIA DA SEGURANCA', 2], ['DATA DE EXPEDICAO', 2], ['NATURALIDADE', 0.5], ['FILIACAO', 0.5]],
  CPF: [['CADASTRO DE PESSOAS FISICAS', 3], ['RECEITA FEDERAL', 1.5], ['NUMERO DE INSCRICAO', 2], ['MINISTERIO DA FAZENDA', 1]],
  // Short cue on purpose: a long one fuzzily matches the RG's "CARTEIRA DE IDENTIDADE" plus any word.
  CIN_FRENTE: [['IDENTIDADE NACIONAL', 4], ['PERSONAL NUMBER', 2], ['DATE OF BIRTH', 1], ['DATE OF EXPIRY', 1], ['NATIONALITY', 1]],
  CIN_VERSO: [['FILIATION', 3], ['PLACE OF BIRTH', 3]],
  CNH_VERSO: [['OBSERVACOES', 2], ['ASSINATURA DO EMISSOR', 2.5], ['LOCAL', 0.5]],
  PASSAPORTE: [['PASSAPORTE', 3], ['PASSPORT', 3], ['SURNAME', 2], ['GIVEN NAMES', 2], ['DATE OF ISSUE', 1]],
};

export interface Classification {
  type?: RecognizedType;
  score: number;
}

/** The model whose cues best match the folded text; a machine-readable zone decides on its own. */
export function classify(folded: string, mrz: MrzRead | undefined, cnhQr = false, aspect?: number): Classification {
  if (mrz?.format === 'TD3' || mrz?.lines[0]?.startsWith('P<')) return { type: 'PASSAPORTE', score: 10 };
  if (mrz?.format === 'TD1' && mrz.lines[0]?.startsWith('ID')) return { type: 'CIN_VERSO', score: 10 };
  const scores: Record<string, number> = {};
  let best: Classification = { score: 0 };
  for (const [type, cues] of Object.entries(CUES)) {
    const score = cues.reduce((sum, [cue, weight]) => sum + (fuzzyIncludes(folded, cue) ? weight : 0), 0);
    // A QR code carrying a CNH registration is the back of a CNH (the front has none).
    scores[type] = score + (type === 'CNH_VERSO' && cnhQr ? 3 : 0);
    if (scores[type]! > best.score) best = { type: type as RecognizedType, score: scores[type]! };
  }
  const rg = rgSide(folded, aspect);
  // The thumbprint box is printed on the old RG only.
  if (rg && (best.score < 3 || best.type === 'RG_FRENTE' || fuzzyIncludes(folded, 'POLEGAR DIREITO'))) return { type: rg, score: Math.max(best.score, 3) };
  // Both sides of a CNH in one picture.
  if ((scores.CNH_FRENTE ?? 0) >= 3 && (scores.CNH_VERSO ?? 0) >= 3) return { type: 'CNH_ABERTA', score: scores.CNH_FRENTE! + scores.CNH_VERSO! };
  return best.score >= 3 ? best : { score: best.score };
}

/** Words only the old RG's photo side prints, and only its data side (the data itself is matched by the RG cues). */
const RG_PHOTO_SIDE: [string, number][] = [['POLEGAR DIREITO', 3], ['ASSINATURA DO TITULAR', 2], ['INSTITUTO DE IDENTIFICACAO', 1]];
const RG_DATA_SIDE: [string, number][] = [['VALIDA EM TODO O TERRITORIO NACIONAL', 3], ['LEI N 7.116', 2], ['DOC ORIGEM', 2], ['ASSINATURA DO DIRETOR', 2]];
const RG_DATA: [string, number][] = [['REGISTRO GERAL', 2], ['DATA DE EXPEDICAO', 2], ['FILIACAO', 1], ['NATURALIDADE', 1]];
/** The old RG's photo side prints the heading block; its data side only "VALIDA EM TODO O TERRITORIO NACIONAL". */
const RG_PHOTO_HEADINGS: [string, number][] = [['CARTEIRA DE IDENTIDADE', 1.5], ['INSTITUTO DE IDENTIFICACAO', 1.5], ['SECRETARIA DA SEGURANCA', 1]];
const RG_HEADINGS: [string, number][] = [['CARTEIRA DE IDENTIDADE', 1.5], ['SECRETARIA DA SEGURANCA', 1.5], ['TERRITORIO NACIONAL', 1]];
/** Width over height of two ID-1 cards side by side (one card is 1.58). */
const OPENED_MIN_ASPECT = 2.1;
const OPENED_MAX_ASPECT = 4;

/**
 * Which side of an RG: the old model splits photo (front) and data (back,
 * "valid throughout the national territory"); both in one picture is
 * RG_ABERTO; the new model prints the data on the front with the photo.
 */
function rgSide(folded: string, aspect?: number): RecognizedType | undefined {
  const score = (cues: [string, number][]) => cues.reduce((s, [c, w]) => s + (fuzzyIncludes(folded, c) ? w : 0), 0);
  // Opened flat, the old RG is two cards side by side, about three times as wide as tall: no other model
  // has that shape, and on a small photo its headings survive when its small labels do not.
  const opened = aspect !== undefined && aspect >= OPENED_MIN_ASPECT && aspect <= OPENED_MAX_ASPECT;
  const rgCues = score(RG_PHOTO_SIDE) + score(RG_DATA_SIDE) + score(RG_DATA) + score(RG_HEADINGS);
  if (opened && (rgCues >= 3 || (rgCues >= 1.5 && dataShapes(folded)))) return 'RG_ABERTO';
  const dataSide = score(RG_DATA_SIDE) >= 2;
  // The photo side's heading block beside the data side's own heading: both sides, even when the small
  // thumbprint and signature captions were lost (the data side alone prints neither heading).
  const photoSide = score(RG_PHOTO_SIDE) >= 2 || (dataSide && score(RG_PHOTO_HEADINGS) >= 1.5);
  // Small labels are lost first on a low-resolution photo; the data itself (dates, a CPF) then stands in for them.
  const data = score(RG_DATA) >= 3 || (score(RG_DATA) >= 1 && dataShapes(folded)) || (score(RG_DATA_SIDE) >= 3 && dataShapes(folded));
  if (photoSide && (dataSide || data)) return 'RG_ABERTO';
  if (photoSide) return 'RG_FRENTE';
  if (dataSide && data) return 'RG_VERSO';
  return undefined;
}

/** Two dates and a formatted CPF: the shape of an RG's data block. */
function dataShapes(folded: string): boolean {
  // A date that lost one slash ("2512/1998") and a CPF split by a space still have the shape.
  const dates = folded.match(/\d{2}\/?\d{2}\/\d{4}|\d{2}\/\d{2}\/?\d{4}/g)?.length ?? 0;
  return dates >= 2 && /(?:\d ?){3}\.(?:\d ?){3}\.(?:\d ?){3}-\d{2}/.test(folded);
}
