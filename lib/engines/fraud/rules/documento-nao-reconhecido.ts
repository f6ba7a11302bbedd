import type { Rule } from '../types';

export const documentoNaoReconhecido: Rule = {
  name: 'DOCUMENTO_NAO_RECONHECIDO',
  weight: 50,
  hardStop: false,
  description: 'The image sent as the document is not a recognised Brazilian identity document.',
  evaluate: (e) => (e.document && !e.document.ocr.typeRecognized ? 'A imagem enviada não foi reconhecida como CNH, RG, CIN, passaporte ou CPF.' : undefined),
};
