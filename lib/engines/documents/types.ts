export const PARENT_TYPES = ['CNH', 'RG', 'CIN', 'PASSAPORTE', 'CPF', 'ESTRANGEIRO'] as const;
export const RECOGNIZED_TYPES = [
  'CNH_FRENTE',
  'CNH_VERSO',
  'CNH_ABERTA',
  'CNH_DIGITAL',
  'RG_FRENTE',
  'RG_VERSO',
  'RG_ABERTO',
  'CIN_FRENTE',
  'CIN_VERSO',
  'CIN_DIGITAL',
  'PASSAPORTE',
  'CPF',
  /** Any other ICAO machine-readable document (foreign identity card, residence permit, visa, TD2): read from its MRZ. */
  'DOCUMENTO_ESTRANGEIRO',
] as const;
export type RecognizedType = (typeof RECOGNIZED_TYPES)[number];

export const PARENT_OF: Record<RecognizedType, (typeof PARENT_TYPES)[number]> = {
  CNH_FRENTE: 'CNH',
  CNH_VERSO: 'CNH',
  CNH_ABERTA: 'CNH',
  CNH_DIGITAL: 'CNH',
  RG_FRENTE: 'RG',
  RG_VERSO: 'RG',
  RG_ABERTO: 'RG',
  CIN_FRENTE: 'CIN',
  CIN_VERSO: 'CIN',
  CIN_DIGITAL: 'CIN',
  PASSAPORTE: 'PASSAPORTE',
  CPF: 'CPF',
  DOCUMENTO_ESTRANGEIRO: 'ESTRANGEIRO',
};

/** SPEC 2.1 OcrField, plus `valid` where a rule could check the value. */
export interface OcrField {
  key: string;
  value: string;
  conf: number;
  bbox: [number, number, number, number];
  fields?: OcrField[];
  valid?: boolean;
}

/** SPEC 2.1 OcrResult. */
export interface OcrResult {
  typeRecognized: string;
  typeParentAlias: string;
  digitalDocument: boolean;
  fields: OcrField[];
  errorMessage?: string;
  /** When the document was not recognised: the models weighed, best first, with the cues that spoke for each. */
  candidates?: { type: RecognizedType; score: number; cues: string[] }[];
}
