import type { OcrField, RecognizedType } from './types';

/** What each side of each document prints (the fields a complete reading has). */
const EXPECTED: Record<RecognizedType, string[]> = {
  // (The identity document's line prints its issuer and state too: "DOC. IDENTIDADE / ÓRG. EMISSOR / UF".)
  CNH_FRENTE: ['nome', 'rg', 'orgaoEmissor', 'ufEmissor', 'cpf', 'dataNascimento', 'filiacao', 'numeroRegistro', 'validade', 'primeiraHabilitacao', 'categoria', 'dataEmissao'],
  CNH_VERSO: [],
  CNH_ABERTA: ['nome', 'rg', 'orgaoEmissor', 'ufEmissor', 'cpf', 'dataNascimento', 'filiacao', 'numeroRegistro', 'validade', 'primeiraHabilitacao', 'categoria', 'dataEmissao'],
  CNH_DIGITAL: ['nome', 'cpf', 'dataNascimento', 'numeroRegistro', 'validade'],
  RG_FRENTE: ['rg', 'dataExpedicao', 'nome', 'filiacao', 'naturalidade', 'dataNascimento'],
  RG_VERSO: ['rg', 'dataExpedicao', 'nome', 'filiacao', 'naturalidade', 'dataNascimento'],
  RG_ABERTO: ['rg', 'dataExpedicao', 'nome', 'filiacao', 'naturalidade', 'dataNascimento'],
  CIN_FRENTE: ['nome', 'sexo', 'nacionalidade', 'dataNascimento', 'cpf', 'validade'],
  CIN_VERSO: ['filiacao', 'naturalidade', 'mrz'],
  CIN_DIGITAL: ['nome', 'cpf', 'dataNascimento'],
  PASSAPORTE: ['numeroPassaporte', 'nome', 'nacionalidade', 'dataNascimento', 'sexo', 'dataEmissao', 'validade', 'mrz'],
  CPF: ['cpf', 'nome', 'dataNascimento'],
  DOCUMENTO_ESTRANGEIRO: ['nome', 'numeroDocumento', 'dataNascimento', 'validade', 'sexo', 'nacionalidade', 'paisEmissor', 'mrz'],
};

/** The fields of a reading that its model prints (`EXPECTED`): a field some issuers add (an RG's CPF) is not one. */
export const printedOf = (type: RecognizedType, fields: OcrField[]): OcrField[] => fields.filter((f) => EXPECTED[type].includes(f.key));

/** Below this confidence a field is doubtful. */
const SURE = 85;

/**
 * A reading worth a second try: a printed field missing, or one read unsurely or whose check failed
 * (with `rows`, one lying across those rows: a second reading of them can mend nothing else).
 */
export function doubtful(type: RecognizedType, fields: OcrField[], rows?: [number, number]): boolean {
  return missing(type, fields) || unsure(fields, rows).length > 0;
}

/** The printed fields a reading lacks. */
const absent = (type: RecognizedType, fields: OcrField[]): string[] => {
  const keys = new Set(fields.map((f) => f.key));
  return EXPECTED[type].filter((k) => !NOT_FROM_LINES.has(k) && !keys.has(k));
};
const missing = (type: RecognizedType, fields: OcrField[]) => absent(type, fields).length > 0;

/**
 * Fields the page's printed lines do not give, so a second reading of the page cannot mend them: the machine-readable
 * zone is read from its own band, with its own glare fallback. Its parts carry the band reading's confidence (about 45
 * in the MRZ alphabet, valid or not), and counted here they sent every zone page with glare to a second reading of
 * the rows from its printed fields down to the zone: most of the page, for nothing.
 */
const NOT_FROM_LINES = new Set(['mrz']);

/** Fields (nested ones too) read unsurely or whose check failed, lying across `rows` when given. */
function unsure(fields: OcrField[], rows?: [number, number]): OcrField[] {
  const all = fields.filter((f) => !NOT_FROM_LINES.has(f.key)).flatMap((f) => [f, ...(f.fields ?? [])]);
  const across = (f: OcrField) => !rows || (f.bbox[1] < rows[1] && f.bbox[1] + f.bbox[3] > rows[0]);
  // A value whose check digits passed is right however unsure its letters looked.
  return all.filter((f) => (f.valid === false || (f.valid !== true && f.conf < SURE)) && across(f));
}

/** Where a missing field's value would lie, from its label as the first reading read it: undefined when no label was read. */
export type PlaceOf = (key: string) => [number, number] | undefined;

/**
 * The part of `rows` a second reading must cover to mend what `doubtful` finds there: from the first
 * to the last unsure field across them, a line's height either side, and where each missing printed
 * field would lie by its label (`placeOf`). All of `rows` when a missing field's label was not read
 * (the field may lie anywhere in them); undefined when nothing there is in doubt.
 */
export function doubtfulRows(type: RecognizedType, fields: OcrField[], rows: [number, number], placeOf: PlaceOf = () => undefined): [number, number] | undefined {
  // (What `doubtful` asks, each part computed once: the missing fields, then the unsure ones across `rows`.)
  const spans: [number, number][] = [];
  for (const key of absent(type, fields)) {
    const at = placeOf(key);
    if (!at) return rows;
    // (A label read away from the glare: its value lies there too, and reads the same a second time.)
    if (at[0] < rows[1] && at[1] > rows[0]) spans.push(at);
  }
  const hits = unsure(fields, rows);
  if (hits.length) {
    const line = Math.max(...hits.map((f) => f.bbox[3]));
    spans.push([Math.min(...hits.map((f) => f.bbox[1])) - line, Math.max(...hits.map((f) => f.bbox[1] + f.bbox[3])) + line]);
  }
  if (spans.length === 0) return undefined;
  return [Math.max(rows[0], Math.min(...spans.map((s) => s[0]))), Math.min(rows[1], Math.max(...spans.map((s) => s[1])))];
}

/** A field's standing: more parts read (both parents) first; a check that passed beats none, none beats a failed one; then confidence. */
const standing = (f: OcrField) => (f.fields?.length ?? 0) * 1000 + (f.valid === true ? 200 : f.valid === false ? 0 : 100) + f.conf;

/**
 * Two readings of the same page merged field by field: each field from the
 * reading where it stands better (checked, then more confident); a field only
 * one reading found is taken from it.
 */
export function bestOfEach(first: OcrField[], second: OcrField[]): OcrField[] {
  const out = [...first];
  for (const f of second) {
    const i = out.findIndex((o) => o.key === f.key);
    if (i < 0) out.push(f);
    else if (standing(f) > standing(out[i]!)) out[i] = f;
  }
  return out;
}
