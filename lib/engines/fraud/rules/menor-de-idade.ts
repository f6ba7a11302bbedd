import type { Rule } from '../types';
import { br, fieldOf, yearsSince } from './helpers';

/** Civil majority in Brazil (Código Civil, art. 5). */
const ADULT = 18;

export const menorDeIdade: Rule = {
  name: 'MENOR_DE_IDADE',
  weight: 40,
  hardStop: false,
  description: 'The birth date on the document makes the person younger than 18.',
  evaluate: (e) => {
    const birth = fieldOf(e, 'dataNascimento')?.value;
    if (!birth || !/^\d{4}-\d{2}-\d{2}$/.test(birth)) return undefined;
    const age = yearsSince(birth, e.now);
    return age < ADULT ? `A pessoa tem ${age} anos (nascimento em ${br(birth)}), menos de ${ADULT}.` : undefined;
  },
};
