import type { MrzRead } from './mrz';
import { fuzzyIncludes } from './text';
import type { RecognizedType } from './types';

/** Printed words that give each model away, with weights (specific words weigh more). */
const CUES: Record<string, [string, number][]> = {
  CNH_FRENTE: [['CARTEIRA NACIONAL DE HABILITACAO', 3], ['HABILITACAO', 1], ['NOME E SOBRENOME', 2], ['CAT HAB', 2], ['REGISTRO', 0.5], ['DOC IDENTIDADE', 1], ['1 HABILITACAO', 1], ['SECRETARIA NACIONAL DE TRANSITO', 2], ['DRIVER LICENSE', 2]],
  RG_FRENTE: [['CARTEIRA DE IDENTIDADE', 1], ['REGISTRO GERAL', 3], ['SECRETARIA DA SEGURANCA', 2], ['DATA DE EXPEDICAO', 2], ['NATURALIDADE', 0.5], ['FILIACAO', 0.5]],
  CIN_FRENTE: [['CARTEIRA DE IDENTIDADE NACIONAL', 4], ['PERSONAL NUMBER', 2], ['DATE OF BIRTH', 1], ['DATE OF EXPIRY', 1], ['NATIONALITY', 1]],
  CIN_VERSO: [['FILIATION', 3], ['PLACE OF BIRTH', 3]],
  CNH_VERSO: [['OBSERVACOES', 2], ['ASSINATURA DO EMISSOR', 2.5], ['LOCAL', 0.5]],
  PASSAPORTE: [['PASSAPORTE', 3], ['PASSPORT', 3], ['SURNAME', 2], ['GIVEN NAMES', 2], ['DATE OF ISSUE', 1]],
};

export interface Classification {
  type?: RecognizedType;
  score: number;
}

/** The model whose cues best match the folded text; a machine-readable zone decides on its own. */
export function classify(folded: string, mrz: MrzRead | undefined, cnhQr = false): Classification {
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
  // Both sides of a CNH in one picture.
  if ((scores.CNH_FRENTE ?? 0) >= 3 && (scores.CNH_VERSO ?? 0) >= 3) return { type: 'CNH_ABERTA', score: scores.CNH_FRENTE! + scores.CNH_VERSO! };
  return best.score >= 3 ? best : { score: best.score };
}
