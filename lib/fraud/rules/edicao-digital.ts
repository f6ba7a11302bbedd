import type { Rule } from '../types';

/** Error-level anomaly over which a field region is taken to be pasted in. */
export const ELA_THRESHOLD = 0.5;

export const edicaoDigital: Rule = {
  name: 'EDICAO_DIGITAL',
  weight: 60,
  hardStop: false,
  description: 'Signs of digital editing: editing software in EXIF/XMP or the PDF producer, a PDF saved again after it was made, or a field region compressed differently from the rest.',
  evaluate: (e) => {
    if (!e.forensicsEnabled) return undefined;
    const signs = e.forensics.flatMap((f) => [
      ...(f.editor ? [`${f.field}: gerado por ${f.editor}`] : []),
      ...(f.pdfUpdates > 0 ? [`${f.field}: PDF alterado depois de criado (${f.pdfUpdates} atualização(ões))`] : []),
      ...(f.elaAnomaly >= ELA_THRESHOLD ? [`${f.field}: região${f.elaField ? ` do campo ${f.elaField}` : ''} com compressão diferente do resto (índice ${f.elaAnomaly.toFixed(2)})`] : []),
    ]);
    return signs.length ? `Indícios de edição digital (${signs.join('; ')}).` : undefined;
  },
};
