import type { Rule } from '../types';

export const selfieNaoViva: Rule = {
  name: 'SELFIE_NAO_VIVA',
  weight: 60,
  hardStop: false,
  description: 'The selfie fails passive liveness (a photo of a photo or of a screen).',
  evaluate: (e) => {
    const l = e.face.liveness;
    if (!l || l.alive) return undefined;
    return `A selfie não passou na prova de vida (índice de ataque ${l.score.toFixed(2)}${l.reasons.length ? `: ${l.reasons.join('; ')}` : ''}).`;
  },
};
