import type { Rule } from '../types';
import { documentType, fieldOf } from './helpers';

/** Below this OCR confidence a key field is not trusted. */
export const LEGIBLE = 60;

/** Key fields each document prints (the CPF only where the model prints it). */
const KEY_FIELDS: Record<string, string[]> = {
  CNH_FRENTE: ['nome', 'cpf', 'dataNascimento'],
  CNH_ABERTA: ['nome', 'cpf', 'dataNascimento'],
  CNH_DIGITAL: ['nome', 'cpf', 'dataNascimento'],
  RG_FRENTE: ['nome', 'dataNascimento'],
  RG_VERSO: ['nome', 'dataNascimento'],
  RG_ABERTO: ['nome', 'dataNascimento'],
  CIN_FRENTE: ['nome', 'cpf', 'dataNascimento'],
  CIN_DIGITAL: ['nome', 'cpf', 'dataNascimento'],
  PASSAPORTE: ['nome', 'dataNascimento'],
  CPF: ['nome', 'cpf'],
};

const LABEL: Record<string, string> = { nome: 'nome', cpf: 'CPF', dataNascimento: 'data de nascimento' };

export const camposIlegiveis: Rule = {
  name: 'CAMPOS_ILEGIVEIS',
  weight: 20,
  hardStop: false,
  description: `Key fields of the document (name, CPF, birth date) missing or read with confidence under ${LEGIBLE}.`,
  evaluate: (e) => {
    const keys = KEY_FIELDS[documentType(e) ?? ''] ?? [];
    const bad = keys.filter((k) => {
      const f = fieldOf(e, k);
      return !f || (f.valid !== true && f.conf < LEGIBLE) || f.valid === false;
    });
    return bad.length ? `Campos ilegíveis no documento: ${bad.map((k) => LABEL[k]).join(', ')}.` : undefined;
  },
};
