import type { Rule } from '../types';

export const rostoAusenteDocumento: Rule = {
  name: 'ROSTO_AUSENTE_DOCUMENTO',
  weight: 40,
  hardStop: false,
  description: 'No portrait was found on a document that prints one.',
  evaluate: (e) => (e.face.documentFace === false ? 'Nenhum rosto foi encontrado na foto do documento.' : undefined),
};
