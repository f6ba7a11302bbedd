import type { Rule } from '../types';

/** Variance of the Laplacian under which the document is too blurred to trust (calibrated on the generator; README). */
export const MIN_SHARPNESS = 40;
/** Share of blown-out pixels over which glare hides too much (provisional: white paper counts too, README). */
export const MAX_GLARE = 0.35;
/** Document height under which letters are too small to read reliably. */
export const MIN_DOCUMENT_HEIGHT = 360;

export const baixaQualidade: Rule = {
  name: 'BAIXA_QUALIDADE',
  weight: 15,
  hardStop: false,
  description: 'The document picture is blurred, washed out by glare or too small.',
  evaluate: (e) => {
    if (!e.forensicsEnabled) return undefined;
    const issues = e.forensics.flatMap((f) => [
      ...(f.sharpness < MIN_SHARPNESS ? [`${f.field}: imagem desfocada`] : []),
      ...(f.glare > MAX_GLARE ? [`${f.field}: reflexo sobre o documento`] : []),
      ...(f.documentHeight < MIN_DOCUMENT_HEIGHT ? [`${f.field}: resolução baixa (${f.documentHeight} px de altura)`] : []),
    ]);
    return issues.length ? `Qualidade de imagem insuficiente (${issues.join('; ')}).` : undefined;
  },
};
