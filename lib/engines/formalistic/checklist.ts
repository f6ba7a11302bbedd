import type { ChecklistItem } from '../../api/contracts/formalistic';
import { fold, PARENT_TYPES, type OcrResult } from '../documents';
import type { Penalty } from '../fraud';

export type Group = 'pf' | 'pj';
export type Subject = { kind: 'cpf' | 'cnpj'; value: string } | undefined;

/** One file that could be read. */
export interface ReadFile {
  index: number;
  ocr: OcrResult;
  /** All the text of the page (OCR and PDF text layer). */
  text: string;
  /** A holder's portrait was found on it. */
  portrait: boolean;
}

/** A personal identity document (the engine's own types, not a company document). */
const IDENTITY = new Set<string>(PARENT_TYPES);
export const isIdentity = (ocr: OcrResult) => IDENTITY.has(ocr.typeParentAlias);

const value = (ocr: OcrResult, key: string) => ocr.fields.find((f) => f.key === key)?.value;
const check = (name: string, passed: boolean | null, message: string): ChecklistItem => ({ name, passed, message });

/** The person checklist: an identity document that is the person's, valid, with a portrait. */
function personChecks(files: ReadFile[], subject: Subject, penalties: Penalty[]): ChecklistItem[] {
  const ids = files.filter((f) => isIdentity(f.ocr));
  const cpfs = ids.map((f) => value(f.ocr, 'cpf')).filter((c): c is string => Boolean(c));
  const given = subject?.kind === 'cpf' ? subject.value : undefined;
  const expired = penalties.find((p) => p.rulesName === 'DOCUMENTO_VENCIDO');
  return [
    check('cpfInformado', given ? true : null, given ? 'CPF informado com dígitos válidos.' : 'Nenhum CPF informado.'),
    check('documentoIdentificacao', ids.length > 0, ids.length ? `Documento de identificação encontrado (${ids.map((f) => f.ocr.typeRecognized).join(', ')}).` : 'Nenhum documento de identificação reconhecido.'),
    check(
      'cpfConfere',
      given && cpfs.length ? cpfs.includes(given) : null,
      !given || !cpfs.length ? 'Sem CPF informado e CPF lido no documento para comparar.' : cpfs.includes(given) ? 'O CPF do documento é o informado.' : 'O CPF do documento é diferente do informado.',
    ),
    check('documentoNoPrazo', ids.length ? !expired : null, expired ? expired.message : ids.length ? 'Documento dentro da validade (ou sem validade impressa).' : 'Sem documento para verificar.'),
    check('fotoNoDocumento', ids.length ? ids.some((f) => f.portrait) : null, ids.some((f) => f.portrait) ? 'Foto do titular encontrada no documento.' : 'Nenhuma foto de titular encontrada.'),
  ];
}

/** Whether every word of a person's name is printed in a text (a partner named in the articles). */
const namedIn = (name: string, text: string) => {
  const words = fold(name).split(' ').filter((w) => w.length > 2);
  const hay = ` ${fold(text)} `;
  return words.length > 0 && words.every((w) => hay.includes(` ${w} `));
};

/** The company checklist: CNPJ card of the given CNPJ, active; articles of association; a partner's identity document named in them. */
function companyChecks(files: ReadFile[], subject: Subject): ChecklistItem[] {
  const cnpj = subject?.kind === 'cnpj' ? subject.value : undefined;
  const card = files.find((f) => f.ocr.typeRecognized === 'CARTAO_CNPJ');
  const articles = files.find((f) => f.ocr.typeRecognized === 'CONTRATO_SOCIAL');
  const partner = files.find((f) => isIdentity(f.ocr));
  const printed = [card, articles].map((f) => f && value(f.ocr, 'cnpj')).filter((c): c is string => Boolean(c));
  const status = card && value(card.ocr, 'situacaoCadastral');
  const partnerName = partner && value(partner.ocr, 'nome');
  return [
    check('cnpjInformado', cnpj ? true : null, cnpj ? 'CNPJ informado com dígitos válidos.' : 'Nenhum CNPJ informado.'),
    check('cartaoCnpj', Boolean(card), card ? `Comprovante de inscrição no CNPJ encontrado (arquivo ${card.index}).` : 'Comprovante de inscrição no CNPJ não encontrado.'),
    check(
      'cnpjConfere',
      cnpj && printed.length ? printed.every((c) => c === cnpj) : null,
      !cnpj || !printed.length ? 'Sem CNPJ informado e CNPJ lido para comparar.' : printed.every((c) => c === cnpj) ? 'O CNPJ dos documentos é o informado.' : 'Um documento traz CNPJ diferente do informado.',
    ),
    check('situacaoAtiva', card ? status === 'ATIVA' : null, !card ? 'Sem comprovante de inscrição.' : status ? `Situação cadastral: ${status}.` : 'Situação cadastral não lida.'),
    check('contratoSocial', Boolean(articles), articles ? `Contrato social encontrado (arquivo ${articles.index}).` : 'Contrato social não encontrado.'),
    check('documentoSocio', Boolean(partner), partner ? `Documento de identificação de sócio encontrado (${partner.ocr.typeRecognized}).` : 'Nenhum documento de identificação de sócio.'),
    check(
      'socioNoContrato',
      articles && partnerName ? namedIn(partnerName, articles.text) : null,
      !articles || !partnerName ? 'Sem contrato e nome do sócio para comparar.' : namedIn(partnerName, articles.text) ? 'O titular do documento consta do contrato social.' : 'O titular do documento não consta do contrato social.',
    ),
  ];
}

export function checklist(group: Group, files: ReadFile[], subject: Subject, penalties: Penalty[]): { checks: ChecklistItem[]; complete: boolean } {
  const checks = group === 'pj' ? companyChecks(files, subject) : personChecks(files, subject, penalties);
  return { checks, complete: checks.every((c) => c.passed !== false) };
}
