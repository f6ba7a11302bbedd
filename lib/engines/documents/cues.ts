import { fuzzyIncludes, includesWithin } from './text';

/**
 * What issuers print, as concepts with the wordings seen across states, years and models (folded:
 * upper case, no accents). A concept is found when any wording is; short wordings must stand as a
 * whole word (a fuzzy "SEX" would be found in any text).
 */
export const LABELS = {
  // Headings.
  // The transit department's ministry heads the CNH alone, by year: Cidades (to 2019), Infraestrutura, Transportes (2023).
  cnhHeading: ['CARTEIRA NACIONAL DE HABILITACAO', 'HABILITACAO', 'DEPARTAMENTO NACIONAL DE TRANSITO', 'SECRETARIA NACIONAL DE TRANSITO', 'DENATRAN', 'SENATRAN', 'DETRAN', 'CONTRAN', 'MINISTERIO DAS CIDADES', 'MINISTERIO DA INFRAESTRUTURA', 'MINISTERIO DOS TRANSPORTES'],
  /** The 2022 CNH's translations: any country's licence prints them too. */
  licenceHeading: ['DRIVER LICENSE', 'DRIVING LICENCE', 'DRIVERS LICENSE', 'PERMISO DE CONDUCCION'],
  identityHeading: ['CARTEIRA DE IDENTIDADE', 'CEDULA DE IDENTIDADE', 'REGISTRO GERAL'],
  /** The heading in English: the CIN prints its headings in both languages, the state RGs in Portuguese alone. */
  identityHeadingEnglish: ['IDENTITY CARD'],
  securityHeading: ['SECRETARIA DA SEGURANCA PUBLICA', 'SECRETARIA DE SEGURANCA', 'SEGURANCA PUBLICA', 'INSTITUTO DE IDENTIFICACAO', 'IDENTIFICACAO', 'POLICIA CIVIL', 'SSP', 'IIRGD', 'INSTITUTO FELIX PACHECO'],
  /** The issuing state's own heading: a state's identity institute issues the RG (the CNH and the passport are federal models). */
  stateHeading: ['GOVERNO DO ESTADO', 'ESTADO DE SAO PAULO', 'ESTADO DE MINAS GERAIS', 'ESTADO DO RIO DE JANEIRO', 'ESTADO DA BAHIA', 'ESTADO DO PARANA', 'ESTADO DE PERNAMBUCO', 'ESTADO DO RIO GRANDE DO SUL', 'ESTADO DE SANTA CATARINA', 'ESTADO DE GOIAS', 'ESTADO DO CEARA', 'ESTADO DO PARA', 'ESTADO DO MARANHAO', 'ESTADO DO AMAZONAS', 'ESTADO DO ESPIRITO SANTO', 'ESTADO DA PARAIBA', 'ESTADO DO RIO GRANDE DO NORTE', 'ESTADO DE MATO GROSSO', 'ESTADO DE ALAGOAS', 'ESTADO DO PIAUI', 'ESTADO DE SERGIPE', 'ESTADO DE RONDONIA', 'ESTADO DO TOCANTINS', 'ESTADO DO ACRE', 'ESTADO DO AMAPA', 'ESTADO DE RORAIMA', 'DISTRITO FEDERAL'],
  nationalIdHeading: ['IDENTIDADE NACIONAL', 'CARTEIRA DE IDENTIDADE NACIONAL', 'CIN', 'NATIONAL IDENTITY'],
  passportHeading: ['PASSAPORTE', 'PASSPORT', 'PASAPORTE', 'PASSEPORT'],
  cpfHeading: ['CADASTRO DE PESSOAS FISICAS', 'CADASTRO DE PESSOA FISICA', 'RECEITA FEDERAL', 'MINISTERIO DA FAZENDA', 'CARTAO CPF'],
  /** A company's registration (the CNPJ card, also from the Receita Federal): never a person's document. */
  companyRegistry: ['CNPJ', 'PESSOA JURIDICA', 'CADASTRO NACIONAL DA PESSOA JURIDICA', 'NOME EMPRESARIAL'],
  // Field labels.
  fullName: ['NOME E SOBRENOME', 'NOME COMPLETO', 'NOME CIVIL'],
  socialName: ['NOME SOCIAL', 'SOCIAL NAME'],
  surname: ['SOBRENOME', 'SURNAME', 'APELLIDOS'],
  givenNames: ['GIVEN NAMES', 'PRENOMES', 'PRENOME', 'NOMBRES'],
  sex: ['SEXO', 'SEX'],
  nationality: ['NACIONALIDADE', 'NATIONALITY'],
  // Each list in the order the field extractor tries it (the first wording with a value wins there).
  birth: ['DATA DE NASCIMENTO', 'DATA NASCIMENTO', 'DATE OF BIRTH', 'NASCIDO EM', 'NASCIDO(A) EM', 'DATA DE NASC', 'DATA NASC', 'NASCIMENTO'],
  birthPlace: ['NATURALIDADE', 'LOCAL DE NASCIMENTO', 'LOCAL E UF DE NASCIMENTO', 'MUNICIPIO DE NASCIMENTO', 'CIDADE DE NASCIMENTO', 'NATURAL DE', 'PLACE OF BIRTH'],
  expiry: ['VALIDADE', 'DATA DE VALIDADE', 'VALIDO ATE', 'VALIDA ATE', 'DATE OF EXPIRY', 'EXPIRY DATE', 'VALID UNTIL', 'VENCIMENTO', 'EXPIRY', 'EXPIRATION'],
  parents: ['FILIACAO', 'FILIATION', 'PAI E MAE', 'NOME DOS PAIS', 'PAI', 'MAE'],
  cpf: ['CPF'],
  /** The CIN's number line: the CPF is its registry number ("REGISTRO GERAL - CPF / PERSONAL NUMBER"). */
  personalNumber: ['PERSONAL NUMBER', 'PERSONAL NO', 'REGISTRO GERAL - CPF', 'NUMERO PESSOAL'],
  generalRegistry: ['REGISTRO GERAL', 'RG N', 'N RG'],
  issueDateRg: ['DATA DE EXPEDICAO', 'DATA EXPEDICAO', 'EXPEDICAO', 'EXPEDIDA EM'],
  issueDate: ['DATA EMISSAO', 'DATA DE EMISSAO', 'DATE OF ISSUE', 'EMISSAO', 'EMITIDO EM'],
  originDocument: ['DOC ORIGEM', 'DOC. ORIGEM', 'DOCUMENTO DE ORIGEM', 'CERTIDAO', 'CERT NASC', 'CERT CAS'],
  thumb: ['POLEGAR DIREITO', 'POLEGAR'],
  holderSignature: ['ASSINATURA DO TITULAR'],
  directorSignature: ['ASSINATURA DO DIRETOR', 'DIRETOR'],
  nationalValidity: ['VALIDA EM TODO O TERRITORIO NACIONAL', 'VALIDA EM TODO O', 'TODO O TERRITORIO NACIONAL', 'TERRITORIO NACIONAL', 'LEI N 7.116', 'LEI 7.116', '7.116'],
  category: ['CAT. HAB', 'CAT HAB', 'CATEGORIA'],
  registration: ['N REGISTRO', 'NO REGISTRO', 'NUMERO DO REGISTRO', 'REGISTRO NACIONAL', 'RENACH'],
  firstLicence: ['1 HABILITACAO', '1A HABILITACAO', 'PRIMEIRA HABILITACAO', '1 HAB', '1A HAB'],
  permit: ['PERMISSAO', 'ACC'],
  identityDocument: ['DOC IDENTIDADE', 'DOC. IDENTIDADE', 'ORG EMISSOR', 'ORGAO EMISSOR', 'ORG. EMISSOR'],
  notes: ['OBSERVACOES', 'OBSERVACAO', 'OBS'],
  issuerSignature: ['ASSINATURA DO EMISSOR'],
  bearerSignature: ['ASSINATURA DO PORTADOR'],
  place: ['LOCAL', 'LOCAL DE EMISSAO', 'PLACE OF ISSUE'],
  issuingAuthority: ['ORGAO EXPEDIDOR', 'ISSUING AUTHORITY', 'AUTORIDADE', 'AUTHORITY'],
  passportNumber: ['PASSAPORTE N', 'PASSPORT NO', 'N DO PASSAPORTE', 'PASSPORT NUMBER'],
  documentType: ['TIPO', 'TYPE'],
  countryCode: ['CODIGO DO PAIS', 'COUNTRY CODE', 'CODE OF ISSUING STATE', 'PAIS EMISSOR'],
  registrationNumber: ['NUMERO DE INSCRICAO', 'N DE INSCRICAO', 'INSCRICAO'],
} as const;

/**
 * A label's wordings for the field extractor: all of them but `except`, wordings that are enough to place a page
 * but, bare, would take the wrong value (a bare "NASCIMENTO" also ends "LOCAL DE NASCIMENTO").
 */
export function wordingsOf(concept: keyof typeof LABELS, except: readonly string[] = []): string[] {
  return LABELS[concept].filter((w) => !except.includes(w));
}

/**
 * A printed concept, or a value told by its shape (labels are the first thing a poor photo garbles; the
 * values, printed larger, survive): `dataBlock`, two dates and a formatted CPF, the shape of a side that
 * prints the holder's data; `nationalityCode`, "BRA" standing alone (the CIN front's nationality, a
 * passport's country code; never the zone's, which runs into fillers); `dateAhead`, a date in a year
 * still to come (only documents that expire print one: CIN, CNH, passport).
 */
export type Concept = keyof typeof LABELS | 'dataBlock' | 'nationalityCode' | 'dateAhead';

/**
 * Short wordings as whole words ("SEX" is not in "SEXTA", "PAI" not in "PAIS"), middle ones with at
 * most one slip between look-alike shapes ("VAL1DADE"), long ones with one OCR slip in eight, slips
 * between look-alikes counting half: looser, "DOC IDENTIDADE" is found in "CARTEIRA DE IDENTIDADE".
 */
function found(folded: string, wording: string): boolean {
  if (wording.length < 5) return new RegExp(`(^|[^A-Z0-9])${wording.replace(/\./g, '\\.')}([^A-Z0-9]|$)`).test(folded);
  if (wording.length < 12) return includesWithin(folded, wording, 0.5, true);
  return fuzzyIncludes(folded, wording, 0.125, true);
}

/** Every concept whose wording the text holds. */
export function conceptsIn(folded: string): Set<Concept> {
  const out = new Set<Concept>();
  for (const [concept, wordings] of Object.entries(LABELS) as [Concept, readonly string[]][]) {
    if (wordings.some((w) => found(folded, w))) out.add(concept);
  }
  if (dataBlock(folded)) out.add('dataBlock');
  if (/(^|[^A-Z0-9<])BRA([^A-Z0-9<]|$)/.test(folded)) out.add('nationalityCode');
  if (dateAhead(folded, new Date().getFullYear())) out.add('dateAhead');
  return out;
}

/** A well-formed date (day 1-31, month 1-12) in a year after `year`, and not absurdly far (an OCR slip). */
function dateAhead(folded: string, year: number): boolean {
  for (const m of folded.matchAll(/(?:^|[^0-9])(\d{2})\/(\d{2})\/(\d{4})(?![0-9])/g)) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (d >= 1 && d <= 31 && mo >= 1 && mo <= 12 && y > year && y <= year + 15) return true;
  }
  return false;
}

/** Two dates and a formatted CPF (small labels are lost first on a low-resolution photo; the data stands in). */
function dataBlock(folded: string): boolean {
  // A date that lost one slash ("2512/1998") and a CPF split by a space (after a dot too: "676.024. 880-59") still have the shape.
  const dates = folded.match(/\d{2}\/?\d{2}\/\d{4}|\d{2}\/\d{2}\/?\d{4}/g)?.length ?? 0;
  return dates >= 2 && /(?:\d ?){3}\. ?(?:\d ?){3}\. ?(?:\d ?){3}-\d{2}/.test(folded);
}
