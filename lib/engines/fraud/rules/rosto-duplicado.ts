import type { Rule } from '../types';
import { maskCpf } from '../../../platform/log';

export const rostoDuplicado: Rule = {
  name: 'ROSTO_DUPLICADO',
  weight: 100,
  hardStop: true,
  description: "The same face is in the integrator's face index under another CPF.",
  evaluate: (e) => {
    const [top] = e.face.duplicates;
    if (!top) return undefined;
    return `O mesmo rosto já está cadastrado para outro CPF (${maskCpf(top.cpf)}, similaridade ${top.similarity.toFixed(1)})${e.face.duplicates.length > 1 ? ` e mais ${e.face.duplicates.length - 1}` : ''}.`;
  },
};
