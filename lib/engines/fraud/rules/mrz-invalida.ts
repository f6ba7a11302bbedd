import type { Rule } from '../types';
import { fieldOf } from './helpers';

export const mrzInvalida: Rule = {
  name: 'MRZ_INVALIDA',
  weight: 30,
  hardStop: false,
  description: 'The machine-readable zone fails its check digits.',
  evaluate: (e) => (fieldOf(e, 'mrz')?.valid === false ? 'Os dígitos verificadores da zona de leitura mecânica (MRZ) não conferem.' : undefined),
};
