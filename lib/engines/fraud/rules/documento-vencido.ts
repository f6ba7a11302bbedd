import type { Rule } from '../types';
import { br, fieldOf } from './helpers';

export const documentoVencido: Rule = {
  name: 'DOCUMENTO_VENCIDO',
  weight: 30,
  hardStop: false,
  description: 'The validity date printed on the document has passed.',
  evaluate: (e) => {
    const validade = fieldOf(e, 'validade')?.value;
    if (!validade || !/^\d{4}-\d{2}-\d{2}$/.test(validade)) return undefined;
    return validade < e.now.toISOString().slice(0, 10) ? `O documento venceu em ${br(validade)}.` : undefined;
  },
};
