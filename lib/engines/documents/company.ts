import { normalizeCnpj } from '../br';
import { fold } from './text';
import type { OcrField, OcrResult } from './types';

/**
 * Documents of a legal entity, told from their text (the PDF text layer, or
 * what OCR read on the page). Used by the formalistic extraction for the `pj`
 * checklist; the identity-document engine does not return these types.
 */
export const COMPANY_TYPES = ['CARTAO_CNPJ', 'CONTRATO_SOCIAL'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Titles each document prints (folded, upper case). */
const TITLES: Record<CompanyType, RegExp> = {
  CARTAO_CNPJ: /COMPROVANTE DE INSCRICAO E DE SITUACAO CADASTRAL|CADASTRO NACIONAL DA PESSOA JURIDICA/,
  CONTRATO_SOCIAL: /CONTRATO SOCIAL|ALTERACAO CONTRATUAL|ATO CONSTITUTIVO|ESTATUTO SOCIAL/,
};

/** A CNPJ as printed: 12 letters or digits then 2 check digits, punctuated or not (the 2026 alphanumeric CNPJ included). */
const CNPJ = /\b([0-9A-Z]{2})\.?([0-9A-Z]{3})\.?([0-9A-Z]{3})\s*\/?\s*([0-9A-Z]{4})\s*-?\s*(\d{2})\b/g;

const NO_BOX: [number, number, number, number] = [0, 0, 0, 0];

/** The value printed under (or after) a label: the rest of its line, else the next non-empty line. */
function valueAfter(lines: string[], label: RegExp): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    // Matched folded (labels are printed with or without accents); the value is cut from the line as printed, accents kept.
    const upper = lines[i]!.toUpperCase();
    if (!label.test(fold(upper))) continue;
    let end = 1;
    while (end < upper.length && !label.test(fold(upper.slice(0, end)))) end++;
    const rest = upper.slice(end).replace(/^[\s:.-]+/, '').trim();
    if (rest.length >= 2) return rest;
    const next = lines.slice(i + 1).find((l) => l.trim().length >= 2);
    return next?.trim();
  }
  return undefined;
}

/** Every valid CNPJ the text carries, first first. */
export function cnpjsIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.toUpperCase().matchAll(CNPJ)) {
    const value = normalizeCnpj(m.slice(1).join(''));
    if (value && !found.includes(value)) found.push(value);
  }
  return found;
}

/** A company document read from its text, or undefined when the text is none of them. */
export function readCompanyDocument(text: string, digital: boolean): OcrResult | undefined {
  const folded = fold(text);
  const type = COMPANY_TYPES.find((t) => TITLES[t].test(folded));
  if (!type) return undefined;
  const lines = text.split(/\r?\n/);
  const conf = digital ? 100 : 70;
  const fields: OcrField[] = [];
  const cnpj = cnpjsIn(text)[0];
  if (cnpj) fields.push({ key: 'cnpj', value: cnpj, conf, bbox: NO_BOX, valid: true });
  const name = valueAfter(lines, type === 'CARTAO_CNPJ' ? /NOME EMPRESARIAL/ : /DENOMINACAO SOCIAL|RAZAO SOCIAL/);
  if (name) fields.push({ key: 'nomeEmpresarial', value: name.toUpperCase(), conf, bbox: NO_BOX });
  if (type === 'CARTAO_CNPJ') {
    // The title also says "situação cadastral": the status is the word that follows the label.
    const status = /SITUACAO CADASTRAL (ATIVA|SUSPENSA|INAPTA|BAIXADA|NULA)\b/.exec(folded);
    if (status) fields.push({ key: 'situacaoCadastral', value: status[1]!, conf, bbox: NO_BOX });
    const opened = /DATA DE ABERTURA\D{0,20}(\d{2})\/(\d{2})\/(\d{4})/.exec(folded);
    if (opened) fields.push({ key: 'dataAbertura', value: `${opened[3]}-${opened[2]}-${opened[1]}`, conf, bbox: NO_BOX });
  }
  return { typeRecognized: type, typeParentAlias: type === 'CARTAO_CNPJ' ? 'CNPJ' : 'CONTRATO_SOCIAL', digitalDocument: digital, fields };
}
