/**
 * Label wordings as different issuers and years print them (abbreviated,
 * accented or not, bilingual or trilingual). One is drawn per document.
 */
export const WORDS = {
  nome: ['NOME', 'NOME CIVIL', 'Nome / Name', 'NOME COMPLETO'],
  nascimento: ['DATA DE NASCIMENTO', 'NASCIMENTO', 'DATA NASC.', 'Data de Nascimento / Date of Birth'],
  filiacao: ['FILIAÇÃO', 'PAI / MÃE', 'Filiação / Filiation', 'FILIAÇÃO (PAIS)'],
  validade: ['VALIDADE', 'DATA DE VALIDADE', 'Validade / Expiry', 'VÁLIDA ATÉ'],
  cpf: ['CPF', 'CPF/MF', 'Nº CPF', 'C.P.F.'],
  expedicao: ['DATA DE EXPEDIÇÃO', 'EXPEDIÇÃO', 'DATA EXPED.', 'EXPEDIDA EM'],
  naturalidade: ['NATURALIDADE', 'LOCAL DE NASCIMENTO', 'Naturalidade / Place of birth', 'NATURAL DE'],
  rg: ['REGISTRO GERAL', 'RG', 'Nº DO RG', 'IDENTIDADE Nº'],
  docIdentidade: ['DOC. IDENTIDADE / ÓRG. EMISSOR / UF', 'DOC IDENTIDADE ÓRG EMISSOR UF', 'IDENTIDADE / ÓRGÃO EMISSOR / UF'],
  registro: ['Nº REGISTRO', 'REGISTRO', 'Nº DO REGISTRO'],
  categoria: ['CAT. HAB.', 'CATEGORIA', 'CAT HAB'],
  primeira: ['1ª HABILITAÇÃO', 'PRIMEIRA HABILITAÇÃO', 'DATA 1ª HAB.'],
  emissao: ['DATA EMISSÃO', 'DATA DE EMISSÃO', 'EMITIDA EM'],
} as const;

/** The 2022 CNH numbers its fields and prints them in three languages. */
export const CNH22 = {
  nome: ['2 e 1 NOME E SOBRENOME / NAME AND SURNAME / NOM ET PRÉNOM', '1 NOME / NAME / NOM'],
  nascimento: ['3 DATA, LOCAL E UF DE NASCIMENTO / DATE AND PLACE OF BIRTH', '3 NASCIMENTO / BIRTH / NAISSANCE'],
  emissao: ['4a DATA EMISSÃO / ISSUE DATE', '4a EMISSÃO / ISSUED'],
  validade: ['4b VALIDADE / EXPIRY', '4b DATA DE VALIDADE / VALID UNTIL'],
  doc: ['4c DOC. IDENTIDADE / ÓRG. EMISSOR / UF', '4c IDENTIDADE / ISSUING AUTHORITY'],
  cpf: ['4d CPF', '4d CPF / TAX ID'],
  registro: ['5 Nº REGISTRO / LICENCE No', '5 REGISTRO / NUMÉRO'],
  categoria: ['9 CAT. HAB. / CATEGORY', '9 CATEGORIA / CATÉGORIE'],
  primeira: ['1ª HABILITAÇÃO / FIRST LICENCE', '10 PRIMEIRA HABILITAÇÃO'],
  filiacao: ['FILIAÇÃO / PARENTS / FILIATION', 'FILIAÇÃO'],
} as const;
