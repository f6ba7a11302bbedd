import { DOCUMENT_LIMITS } from '@/lib/engines/media';
import type { Rule } from '../types';

// The limits the browser's capture guide shares (lib/engines/media/capture-quality.ts).
const { minDocumentHeight: MIN_DOCUMENT_HEIGHT, minSharpness: MIN_SHARPNESS, maxGlare: MAX_GLARE } = DOCUMENT_LIMITS;

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
