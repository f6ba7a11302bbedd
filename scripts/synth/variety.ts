/**
 * Variety for the tuning generator: the same documents with the label wordings, letter case, headings
 * and field positions that other issuers and other years print. It widens what the engine is tuned on
 * (it must not learn one wording or one position); the unseen-layout generator (scripts/synth-unseen)
 * stays the judge, and nothing here is taken from it. The wordings are those of real Brazilian
 * documents: state RG models, CNH models of 1998-2017, 2017-2022 and 2022, the CIN of 2022 and the
 * Receita Federal's CPF card and receipt.
 */
import type { Rng } from './random';

/** Each printed label (as the base layouts write it) and wordings issuers use for the same field. */
const WORDINGS: Record<string, string[]> = {
  NOME: ['NOME', 'NOME COMPLETO', 'NOME CIVIL', 'Nome', 'NOME DO TITULAR'],
  'FILIAÇÃO': ['FILIAÇÃO', 'Filiação', 'FILIAÇÃO (PAI E MÃE)', 'PAI E MÃE', 'NOME DOS PAIS'],
  CPF: ['CPF', 'CPF Nº', 'Nº DO CPF', 'C.P.F.', 'CPF/MF'],
  'DATA DE NASCIMENTO': ['DATA DE NASCIMENTO', 'DATA NASCIMENTO', 'DATA DE NASC.', 'Data de Nascimento', 'NASCIDO(A) EM'],
  'DATA NASCIMENTO': ['DATA NASCIMENTO', 'DATA DE NASCIMENTO', 'DATA NASC.', 'Data Nascimento'],
  'REGISTRO GERAL': ['REGISTRO GERAL', 'Nº RG', 'RG Nº', 'REGISTRO GERAL Nº', 'Registro Geral'],
  'DATA DE EXPEDIÇÃO': ['DATA DE EXPEDIÇÃO', 'DATA EXPEDIÇÃO', 'EXPEDIDA EM', 'DATA DE EMISSÃO', 'Data de Expedição', 'EXPEDIÇÃO'],
  NATURALIDADE: ['NATURALIDADE', 'LOCAL DE NASCIMENTO', 'Naturalidade', 'NATURAL DE', 'MUNICÍPIO DE NASCIMENTO'],
  'DOC. ORIGEM': ['DOC. ORIGEM', 'DOCUMENTO DE ORIGEM', 'CERTIDÃO', 'DOC ORIGEM', 'Doc. Origem'],
  VALIDADE: ['VALIDADE', 'VÁLIDA ATÉ', 'DATA DE VALIDADE', 'Validade', 'VENCIMENTO'],
  '1ª HABILITAÇÃO': ['1ª HABILITAÇÃO', 'PRIMEIRA HABILITAÇÃO', '1ª HAB.', '1a HABILITAÇÃO', 'DATA 1ª HABILITAÇÃO'],
  'CAT. HAB.': ['CAT. HAB.', 'CATEGORIA', 'CAT HAB', 'Cat. Hab.', 'CATEGORIA HAB.'],
  'Nº REGISTRO': ['Nº REGISTRO', 'REGISTRO', 'Nº DO REGISTRO', 'Nº REGISTRO NACIONAL', 'Nº Registro'],
  'DOC. IDENTIDADE / ÓRG. EMISSOR / UF': ['DOC. IDENTIDADE / ÓRG. EMISSOR / UF', 'DOCUMENTO DE IDENTIDADE / ÓRGÃO EMISSOR / UF', 'IDENTIDADE / ÓRG. EXP. / UF', 'DOC. IDENTIDADE/ÓRGÃO EXPEDIDOR/UF', 'Doc. Identidade / Órg. Emissor / UF'],
  'DATA EMISSÃO': ['DATA EMISSÃO', 'DATA DE EMISSÃO', 'EMITIDA EM', 'Data Emissão', 'EMISSÃO'],
  LOCAL: ['LOCAL', 'LOCAL DE EMISSÃO', 'Local', 'MUNICÍPIO'],
  'NÚMERO DE INSCRIÇÃO': ['NÚMERO DE INSCRIÇÃO', 'Nº DE INSCRIÇÃO', 'INSCRIÇÃO Nº', 'Número de Inscrição', 'CPF Nº'],
  'NOME / NAME': ['NOME / NAME', 'NOME/NAME', 'Nome / Name', 'NOME CIVIL / NAME', 'NOME'],
  'SEXO / SEX': ['SEXO / SEX', 'SEXO/SEX', 'Sexo / Sex', 'SEXO'],
  'NACIONALIDADE / NATIONALITY': ['NACIONALIDADE / NATIONALITY', 'NACIONALIDADE/NATIONALITY', 'Nacionalidade / Nationality', 'NACIONALIDADE'],
  'DATA DE NASCIMENTO / DATE OF BIRTH': ['DATA DE NASCIMENTO / DATE OF BIRTH', 'DATA DE NASCIMENTO/DATE OF BIRTH', 'Data de Nascimento / Date of Birth', 'NASCIMENTO / BIRTH', 'DATA DE NASCIMENTO'],
  'REGISTRO GERAL - CPF / PERSONAL NUMBER': ['REGISTRO GERAL - CPF / PERSONAL NUMBER', 'REGISTRO GERAL - CPF', 'Registro Geral - CPF / Personal Number', 'CPF / PERSONAL NUMBER', 'Nº CPF / PERSONAL No.'],
  'DATA DE VALIDADE / DATE OF EXPIRY': ['DATA DE VALIDADE / DATE OF EXPIRY', 'VALIDADE / EXPIRY', 'Validade / Date of Expiry', 'VÁLIDA ATÉ / VALID UNTIL', 'DATA DE VALIDADE'],
  'FILIAÇÃO / FILIATION': ['FILIAÇÃO / FILIATION', 'FILIAÇÃO/FILIATION', 'Filiação / Filiation', 'FILIAÇÃO / PARENTS', 'FILIAÇÃO'],
  'NATURALIDADE / PLACE OF BIRTH': ['NATURALIDADE / PLACE OF BIRTH', 'NATURALIDADE/PLACE OF BIRTH', 'Naturalidade / Place of Birth', 'LOCAL DE NASCIMENTO / PLACE OF BIRTH', 'NATURALIDADE'],
  'SOBRENOME / SURNAME': ['SOBRENOME / SURNAME', 'SOBRENOME/SURNAME', 'Sobrenome / Surname', 'SOBRENOME / SURNAME / APELLIDOS'],
  'NOME / GIVEN NAMES': ['NOME / GIVEN NAMES', 'NOME/GIVEN NAMES', 'Nome / Given Names', 'PRENOMES / GIVEN NAMES'],
};

/** Heading lines and what other issuers print instead (null: some print nothing there). */
const HEADINGS: Record<string, (string | null)[]> = {
  'REPÚBLICA FEDERATIVA DO BRASIL': ['REPÚBLICA FEDERATIVA DO BRASIL', 'República Federativa do Brasil', null],
  'MINISTÉRIO DOS TRANSPORTES': ['MINISTÉRIO DOS TRANSPORTES', 'MINISTÉRIO DA INFRAESTRUTURA', 'MINISTÉRIO DAS CIDADES', null],
  'SECRETARIA NACIONAL DE TRÂNSITO': ['SECRETARIA NACIONAL DE TRÂNSITO', 'DEPARTAMENTO NACIONAL DE TRÂNSITO', 'DETRAN'],
  'SECRETARIA DA SEGURANÇA PÚBLICA': ['SECRETARIA DA SEGURANÇA PÚBLICA', 'SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA', 'POLÍCIA CIVIL', 'INSTITUTO DE IDENTIFICAÇÃO'],
  'CARTEIRA DE IDENTIDADE NACIONAL': ['CARTEIRA DE IDENTIDADE NACIONAL', 'CARTEIRA DE IDENTIDADE / IDENTITY CARD', 'CARTEIRA DE IDENTIDADE'],
  'SECRETARIA DA RECEITA FEDERAL': ['SECRETARIA DA RECEITA FEDERAL', 'RECEITA FEDERAL DO BRASIL', null],
  'MINISTÉRIO DA FAZENDA': ['MINISTÉRIO DA FAZENDA', 'MINISTÉRIO DA ECONOMIA', null],
};

/** Letters as printed: most issuers print labels in capitals, some in title case. */
function titleCase(s: string): string {
  const acronyms = new Set(['UF', 'CPF', 'RG', 'CNH', 'MF']);
  return s
    .toLowerCase()
    .replace(/\p{L}+/gu, (w) => (acronyms.has(w.toUpperCase()) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    .replace(/(?<=\s)(De|Da|Do|Dos|Das|E)(?=\s)/g, (w) => w.toLowerCase());
}

export interface Variety {
  r: Rng;
  /** Whether this document prints its labels in title case. */
  titleCase: boolean;
}

export const variety = (r: Rng): Variety => ({ r, titleCase: r.chance(0.3) });

/** The label another issuer would print for this one (a field number prefix, "4c", is kept). */
export function varyLabel(v: Variety, label: string): string {
  const m = /^(\d+[a-d]?|\d+ e \d+)\s+(.*)$/.exec(label);
  const [prefix, text] = m ? [`${m[1]} `, m[2]!] : ['', label];
  const options = WORDINGS[text];
  const chosen = options ? v.r.pick(options) : text;
  return prefix + (v.titleCase && chosen === chosen.toUpperCase() ? titleCase(chosen) : chosen);
}

export function varyHeading(v: Variety, lines: string[]): string[] {
  return lines.flatMap((l) => {
    const options = HEADINGS[l];
    const chosen = options ? v.r.pick(options) : l;
    return chosen === null ? [] : [chosen];
  });
}

/** A field's position moved by up to ±`share` of the letter size times ten (about ±10 % of a card's field spacing). */
export function jitter(v: Variety, x: number, y: number, size: number): [number, number] {
  return [Math.round(x + v.r.float(-1, 1) * size * 0.8), Math.round(y + v.r.float(-1, 1) * size * 0.35)];
}
