import type { Rule } from '../types';

export const semReferenciaFacial: Rule = {
  name: 'SEM_REFERENCIA_FACIAL',
  weight: 30,
  hardStop: false,
  description: 'A selfie was sent without a document and no face is enrolled for the CPF: nothing to compare it with.',
  evaluate: (e) => (e.face.nothingToCompare ? 'A selfie não pôde ser comparada: nenhum documento foi enviado e não há rosto cadastrado para este CPF.' : undefined),
};
