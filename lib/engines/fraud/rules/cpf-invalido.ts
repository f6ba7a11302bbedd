import { isValidCpf } from '../../br';
import type { Rule } from '../types';
import { maskCpf } from '../../../platform/log';

export const cpfInvalido: Rule = {
  name: 'CPF_INVALIDO',
  weight: 100,
  hardStop: true,
  description: 'The CPF in the request fails its check digits.',
  evaluate: (e) => (e.cpf === undefined || isValidCpf(e.cpf) ? undefined : `O CPF informado (${maskCpf(e.cpf)}) não tem dígitos verificadores válidos.`),
};
