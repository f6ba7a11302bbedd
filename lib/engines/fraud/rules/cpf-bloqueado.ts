import type { Rule } from '../types';
import { maskCpf } from '../../../platform/log';

export const cpfBloqueado: Rule = {
  name: 'CPF_BLOQUEADO',
  weight: 100,
  hardStop: true,
  description: "The CPF is on the integrator's deny list.",
  evaluate: (e) => (e.denyListed ? `O CPF ${maskCpf(e.cpf ?? '')} está na lista de bloqueio${e.denyListed.reason ? ` (${e.denyListed.reason})` : ''}.` : undefined),
};
