import type { Rule } from '../types';
import { documentType, fieldOf } from './helpers';

/** Sides of the models that print a QR code: the CNH since 2017 (back), the CNH and CIN digital, the CIN (back). */
export const MODELS_WITH_QR = new Set(['CNH_VERSO', 'CNH_ABERTA', 'CNH_DIGITAL', 'CIN_VERSO', 'CIN_DIGITAL']);

export const qrcodeAusenteOuIlegivel: Rule = {
  name: 'QRCODE_AUSENTE_OU_ILEGIVEL',
  weight: 20,
  hardStop: false,
  description: 'A document side whose model carries a QR code shows none that can be read.',
  evaluate: (e) => {
    const type = documentType(e);
    if (!type || !MODELS_WITH_QR.has(type) || fieldOf(e, 'qrCode')) return undefined;
    return 'O documento deveria ter um QR code legível e nenhum foi lido.';
  },
};
