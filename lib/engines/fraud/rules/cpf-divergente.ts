import type { Rule } from '../types';
import { maskCpf } from '../../../platform/log';
import { documentCpf } from './helpers';

export const cpfDivergente: Rule = {
  name: 'CPF_DIVERGENTE',
  weight: 100,
  hardStop: true,
  description: 'The CPF the document carries (printed, QR code or MRZ, with valid check digits) differs from the request.',
  evaluate: (e) => {
    const read = documentCpf(e);
    // Only a CPF read with valid check digits counts: a misread one is CAMPOS_ILEGIVEIS, not fraud.
    if (!read || e.cpf === undefined || read === e.cpf) return undefined;
    return `O CPF do documento (${maskCpf(read)}) é diferente do CPF informado (${maskCpf(e.cpf)}).`;
  },
};
