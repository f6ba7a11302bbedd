import type { Rule } from '../types';
import { baixaQualidade } from './baixa-qualidade';
import { camposIlegiveis } from './campos-ilegiveis';
import { cpfBloqueado } from './cpf-bloqueado';
import { cpfDivergente } from './cpf-divergente';
import { cpfInvalido } from './cpf-invalido';
import { documentoNaoReconhecido } from './documento-nao-reconhecido';
import { documentoVencido } from './documento-vencido';
import { edicaoDigital } from './edicao-digital';
import { faceDivergente } from './face-divergente';
import { fotocopia } from './fotocopia';
import { menorDeIdade } from './menor-de-idade';
import { mrzDivergente } from './mrz-divergente';
import { mrzInvalida } from './mrz-invalida';
import { qrcodeAusenteOuIlegivel } from './qrcode-ausente-ou-ilegivel';
import { qrcodeDivergente } from './qrcode-divergente';
import { recapturaDeTela } from './recaptura-de-tela';
import { rostoAusenteDocumento } from './rosto-ausente-documento';
import { rostoDuplicado } from './rosto-duplicado';
import { selfieNaoViva } from './selfie-nao-viva';
import { semReferenciaFacial } from './sem-referencia-facial';

/** The rule catalogue, in the order penalties are reported. */
export const RULES: readonly Rule[] = [
  cpfInvalido,
  cpfDivergente,
  cpfBloqueado,
  documentoNaoReconhecido,
  documentoVencido,
  menorDeIdade,
  camposIlegiveis,
  mrzInvalida,
  mrzDivergente,
  qrcodeAusenteOuIlegivel,
  qrcodeDivergente,
  baixaQualidade,
  recapturaDeTela,
  fotocopia,
  edicaoDigital,
  rostoAusenteDocumento,
  faceDivergente,
  selfieNaoViva,
  rostoDuplicado,
  semReferenciaFacial,
];

export const RULE_NAMES = RULES.map((r) => r.name);
/** Each rule by its name. */
export const RULE_BY_NAME = new Map(RULES.map((r) => [r.name, r]));
