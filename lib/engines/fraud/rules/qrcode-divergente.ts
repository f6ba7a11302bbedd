import type { Rule } from '../types';
import { fieldOf } from './helpers';

const LABEL: Record<string, string> = { nome: 'nome', cpf: 'CPF', numeroRegistro: 'registro', dataNascimento: 'nascimento', validade: 'validade' };

export const qrcodeDivergente: Rule = {
  name: 'QRCODE_DIVERGENTE',
  weight: 50,
  hardStop: false,
  description: 'The QR code content disagrees with the printed fields.',
  evaluate: (e) => {
    const qr = fieldOf(e, 'qrCode');
    const differing = (qr?.fields ?? []).filter((f) => f.valid === false).map((f) => LABEL[f.key] ?? f.key);
    return differing.length ? `O conteúdo do QR code diverge do impresso (${differing.join(', ')}).` : undefined;
  },
};
