/**
 * Who issues what, per state: the headings an identity card prints and the
 * issuing body's abbreviation as written after the RG number (state
 * secretariats, civil police, identification institutes, DETRAN).
 */
export interface Issuer {
  state: string;
  stateName: string;
  /** Heading lines under "REPÚBLICA FEDERATIVA DO BRASIL". */
  headings: string[];
  /** The body's abbreviation ("SSP", "PC", "DETRAN"…). */
  body: string;
}

const ISSUERS: Issuer[] = [
  { state: 'SP', stateName: 'SÃO PAULO', headings: ['GOVERNO DO ESTADO DE SÃO PAULO', 'SECRETARIA DA SEGURANÇA PÚBLICA', 'INSTITUTO DE IDENTIFICAÇÃO RICARDO GUMBLETON DAUNT'], body: 'SSP' },
  { state: 'RJ', stateName: 'RIO DE JANEIRO', headings: ['ESTADO DO RIO DE JANEIRO', 'DETRAN - DEPARTAMENTO DE TRÂNSITO', 'INSTITUTO DE IDENTIFICAÇÃO FÉLIX PACHECO'], body: 'DETRAN' },
  { state: 'MG', stateName: 'MINAS GERAIS', headings: ['ESTADO DE MINAS GERAIS', 'POLÍCIA CIVIL', 'INSTITUTO DE IDENTIFICAÇÃO'], body: 'PC' },
  { state: 'PE', stateName: 'PERNAMBUCO', headings: ['GOVERNO DE PERNAMBUCO', 'SECRETARIA DE DEFESA SOCIAL', 'INSTITUTO TAVARES BURIL'], body: 'SDS' },
  { state: 'CE', stateName: 'CEARÁ', headings: ['GOVERNO DO ESTADO DO CEARÁ', 'SECRETARIA DA SEGURANÇA PÚBLICA E DEFESA SOCIAL', 'PERÍCIA FORENSE DO ESTADO DO CEARÁ'], body: 'SSPDS' },
  { state: 'RS', stateName: 'RIO GRANDE DO SUL', headings: ['ESTADO DO RIO GRANDE DO SUL', 'SECRETARIA DA SEGURANÇA PÚBLICA', 'INSTITUTO-GERAL DE PERÍCIAS'], body: 'SSP' },
  { state: 'PR', stateName: 'PARANÁ', headings: ['ESTADO DO PARANÁ', 'SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA', 'INSTITUTO DE IDENTIFICAÇÃO DO PARANÁ'], body: 'SESP' },
  { state: 'BA', stateName: 'BAHIA', headings: ['GOVERNO DO ESTADO DA BAHIA', 'SECRETARIA DA SEGURANÇA PÚBLICA', 'INSTITUTO DE IDENTIFICAÇÃO PEDRO MELLO'], body: 'SSP' },
  { state: 'DF', stateName: 'DISTRITO FEDERAL', headings: ['GOVERNO DO DISTRITO FEDERAL', 'POLÍCIA CIVIL DO DISTRITO FEDERAL', 'INSTITUTO DE IDENTIFICAÇÃO'], body: 'PCDF' },
  { state: 'GO', stateName: 'GOIÁS', headings: ['ESTADO DE GOIÁS', 'SECRETARIA DA SEGURANÇA PÚBLICA', 'POLÍCIA TÉCNICO-CIENTÍFICA'], body: 'SSP' },
  { state: 'SC', stateName: 'SANTA CATARINA', headings: ['ESTADO DE SANTA CATARINA', 'SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA', 'INSTITUTO GERAL DE PERÍCIAS'], body: 'SESP' },
];

export const issuerOf = (state: string): Issuer => ISSUERS.find((i) => i.state === state) ?? { state, stateName: state, headings: [`ESTADO - ${state}`, 'SECRETARIA DA SEGURANÇA PÚBLICA'], body: 'SSP' };
export const ISSUER_STATES = ISSUERS.map((i) => i.state);
