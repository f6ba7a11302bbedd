import type { Rule } from '../types';

export const faceDivergente: Rule = {
  name: 'FACE_DIVERGENTE',
  weight: 100,
  hardStop: true,
  description: 'The selfie does not match the document portrait (or the face enrolled for the CPF) at the integrator threshold.',
  evaluate: (e) => {
    const m = e.face.match;
    if (!m || m.match) return undefined;
    const against = m.against === 'document' ? 'a foto do documento' : 'o rosto cadastrado para o CPF';
    return `A selfie não corresponde a ${against} (similaridade ${m.similarity.toFixed(1)}, mínimo ${m.threshold}).`;
  },
};
