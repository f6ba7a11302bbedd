import type { Rule } from '../types';

/** Error-level anomaly over which a field region is taken to be pasted in. */
export const ELA_THRESHOLD = 0.5;
/** Background texture ratio under which a field is taken to be covered with a flat patch (generated set: 15 of 16 retyped fields ≤ 0.52; 1 of 55 clean photos below 0.55). */
export const PATCH_THRESHOLD = 0.55;

export const edicaoDigital: Rule = {
  name: 'EDICAO_DIGITAL',
  weight: 60,
  hardStop: false,
  description: "Signs of digital editing: editing software in EXIF/XMP or the PDF producer, a PDF saved again after it was made, a field region compressed differently from the rest, or a field whose background lost the paper's texture (covered with a flat patch).",
  evaluate: (e) => {
    if (!e.forensicsEnabled) return undefined;
    const signs = e.forensics.flatMap((f) => [
      ...(f.editor ? [`${f.field}: gerado por ${f.editor}`] : []),
      ...(f.pdfUpdates > 0 ? [`${f.field}: PDF alterado depois de criado (${f.pdfUpdates} atualização(ões))`] : []),
      ...(f.patchRatio <= PATCH_THRESHOLD ? [`${f.field}: fundo${f.patchField ? ` do campo ${f.patchField}` : ''} liso, sem a textura do papel (índice ${f.patchRatio.toFixed(2)}), como se coberto e redigitado`] : []),
      ...(f.elaAnomaly >= ELA_THRESHOLD ? [`${f.field}: região${f.elaField ? ` do campo ${f.elaField}` : ''} com compressão diferente do resto (índice ${f.elaAnomaly.toFixed(2)})`] : []),
    ]);
    return signs.length ? `Indícios de edição digital (${signs.join('; ')}).` : undefined;
  },
};
