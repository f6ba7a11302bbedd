import type { OcrLine, OcrWord } from '../ocr';
import { union, type Box } from './box';
import { datesOfFields, implausibilities } from './dates-plausible';
import { isNamingWord, PARTICLES, withLettersForDigits } from './names-known';
import { categorySigns, CNH_CATEGORY, digitsOnly, isFullName, isIsoDate, isoDate, personName, placeOf, runDate } from './normalize';
import { fold, levenshtein } from './text';
import type { OcrField, RecognizedType } from './types';

/**
 * Values whose printed label was not read (small, thin label fonts are the
 * first thing OCR loses on a photo), placed by what the value itself says:
 * the order of dates in a life, the look of a name, a category code.
 * Fields found through their label always win; these only fill gaps.
 */

/** Date fields of each model in the order they happen. */
const CHRONOLOGY: Partial<Record<RecognizedType, string[]>> = {
  CNH_FRENTE: ['dataNascimento', 'primeiraHabilitacao', 'dataEmissao', 'validade'],
  CNH_ABERTA: ['dataNascimento', 'primeiraHabilitacao', 'dataEmissao', 'validade'],
  // The CNH's back prints one date, when it was issued (its small label is the first thing a photo garbles).
  CNH_VERSO: ['dataEmissao'],
  RG_FRENTE: ['dataNascimento', 'dataExpedicao'],
  RG_VERSO: ['dataNascimento', 'dataExpedicao'],
  RG_ABERTO: ['dataNascimento', 'dataExpedicao'],
  CIN_FRENTE: ['dataNascimento', 'validade'],
  PASSAPORTE: ['dataNascimento', 'dataEmissao', 'validade'],
  // The CPF card prints one date, the birth: a lone date there is it (a second one, an issue date, leaves both unplaced).
  CPF: ['dataNascimento'],
};

/**
 * Date slots a model of the type may not print at all, with the label that says the page does print it: the paper
 * CNH before 2022 prints its issue date on the back, so its front holds three dates (birth, first licence, validity).
 * The label is a word matched with one slip at most: the issuer's label beside it (ÓRG. EMISSOR) is two letters away.
 * `printedWith`: a field only the models that print the slot print (the 2022 CNH's front has the birthplace beside the
 * birth date, 3, and the issue date, 4a; the model before it neither).
 */
const UNPRINTED: Partial<Record<RecognizedType, { key: string; label: string; printedWith: string }>> = {
  CNH_FRENTE: { key: 'dataEmissao', label: 'EMISSAO', printedWith: 'naturalidade' },
};

interface Spot {
  value: string;
  conf: number;
  bbox: Box;
}

function datesOn(lines: OcrLine[]): Spot[] {
  const out: Spot[] = [];
  for (const line of lines) {
    // A word that is a date, or eight digits that are one with both slashes lost; not a bound ("anterior a 10/11/1990":
    // the Receita's receipt for a registration older than its records), which is no date of the holder's.
    const dateOf = (text: string) => isoDate(text) ?? runDate(text);
    const bound = (w: OcrWord) => /(ANTERIOR A|ANTES DE)\s*$/.test(fold(line.text.slice(0, Math.max(0, line.text.indexOf(w.text)))));
    const dated = line.words.filter((w) => dateOf(w.text));
    const words = dated.filter((w) => !bound(w));
    if (words.length) for (const w of words) out.push({ value: dateOf(w.text)!, conf: Math.round(w.conf), bbox: w.bbox });
    else if (dated.length === 0 && isoDate(line.text)) out.push({ value: isoDate(line.text)!, conf: Math.round(line.conf), bbox: line.bbox });
  }
  return out;
}

/**
 * Unlabelled dates slotted into the model's chronology: when the dates not yet
 * placed are exactly as many as the empty slots and the whole sequence comes
 * out in order, each takes its slot. (A date printed twice counts once.)
 */
export function fillDatesByChronology(type: RecognizedType, lines: OcrLine[], out: OcrField[], today = new Date().toISOString().slice(0, 10)) {
  const order = CHRONOLOGY[type];
  if (!order) return;
  const placed = new Map(out.filter((f) => order.includes(f.key)).map((f) => [f.key, f.value]));
  const used = new Set(placed.values());
  const spare = new Map<string, Spot>();
  for (const d of datesOn(lines)) if (!used.has(d.value) && !spare.has(d.value)) spare.set(d.value, d);
  let empty = order.filter((k) => !placed.has(k));
  // A date was not read, so the sequence cannot be laid out; the validity still can be told: on a page of past dates,
  // it alone is still to come (not absurdly far: an OCR slip). Not the birth by the earliest date: with the birth
  // unread, that is the first licence.
  if (empty.length > spare.size && order.at(-1) === 'validade' && !placed.has('validade') && ![...placed.values()].some((v) => v > today)) {
    const latest = `${Number(today.slice(0, 4)) + 15}${today.slice(4)}`;
    const ahead = [...spare.values()].filter((d) => d.value > today && d.value <= latest);
    if (ahead.length === 1) {
      const d = ahead[0]!;
      out.push({ key: 'validade', value: d.value, conf: d.conf, bbox: d.bbox, valid: true });
      placed.set('validade', d.value);
      spare.delete(d.value);
      empty = order.filter((k) => !placed.has(k));
    }
  }
  // One date more than the empty slots, and two of them one digit apart: the same printed date read twice, once with a
  // slip (a row of dates and the same date printed again by the place of issue). The one read more surely stands for both.
  if (empty.length > 0 && spare.size === empty.length + 1) {
    const dates = [...spare.values()];
    const twins = dates.flatMap((a, i) => dates.slice(i + 1).filter((b) => oneDigitApart(a.value, b.value)).map((b) => [a, b] as const));
    if (twins.length === 1) {
      const [a, b] = twins[0]!;
      spare.delete((a.conf >= b.conf ? b : a).value);
    }
  }
  // One date left for several empty slots (another was lost, or cut short): it takes the one slot where it falls
  // between the dates placed around it, when only one does and the whole set stays plausible (a first licence
  // between the birth and the issue, say, with the validity unread).
  if (spare.size === 1 && empty.length > 1) {
    const d = [...spare.values()][0]!;
    const fits = empty.filter((key) => {
      const i = order.indexOf(key);
      const before = order.slice(0, i).map((k) => placed.get(k)).filter((v): v is string => v !== undefined);
      const after = order.slice(i + 1).map((k) => placed.get(k)).filter((v): v is string => v !== undefined);
      return before.every((v) => v < d.value) && after.every((v) => v > d.value);
    });
    const key = fits.length === 1 ? fits[0]! : undefined;
    if (!key) return;
    const dates = datesOfFields([...[...placed].map(([k, value]) => ({ key: k, value })), { key, value: d.value }]);
    if (implausibilities(type, dates, new Date(`${today}T12:00:00Z`)).length) return;
    out.push({ key, value: d.value, conf: d.conf, bbox: d.bbox, valid: true });
    return;
  }
  // One date fewer than the empty slots, on a page without the label of a slot its model may leave out: that model, laid
  // out without the slot, when the whole set is plausible.
  const optional = UNPRINTED[type];
  // (A 2022 CNH whose validity glare washed out and whose labels were lost had its issue date laid out as the validity.)
  if (optional && spare.size === empty.length - 1 && empty.includes(optional.key) && !out.some((f) => f.key === optional.printedWith) && !lines.some((l) => fold(l.text).split(/[^A-Z]+/).some((w) => levenshtein(w, optional.label) <= 1))) {
    const laid = laidOut(order.filter((k) => k !== optional.key), placed, spare);
    if (!laid || implausibilities(type, datesOfFields(laid), new Date(`${today}T12:00:00Z`)).length) return;
    for (const { key, spot } of laid) if (spot) out.push({ key, value: spot.value, conf: spot.conf, bbox: spot.bbox, valid: true });
    return;
  }
  if (empty.length === 0 || spare.size !== empty.length) return;
  for (const { key, spot } of laidOut(order, placed, spare) ?? []) if (spot) out.push({ key, value: spot.value, conf: spot.conf, bbox: spot.bbox, valid: true });
}

/**
 * `fillDatesByChronology` again, with dates the document states elsewhere (its QR code: birth, validity) in their slots
 * first: an opened CNH whose validity line was not read had three slots for its two unlabelled dates (first licence,
 * issue) and placed neither. Only the dates they place are added; the stated ones join the fields their own way.
 */
export function fillDatesAround(type: RecognizedType, lines: OcrLine[], out: OcrField[], stated: { key: string; value: string }[], today?: string) {
  const known = stated.filter((d) => !out.some((f) => f.key === d.key) && isIsoDate(d.value));
  if (known.length === 0) return;
  const probe = [...out, ...known.map((d) => ({ ...d, conf: 100, bbox: [0, 0, 0, 0] as Box }))];
  const before = probe.length;
  fillDatesByChronology(type, lines, probe, today);
  out.push(...probe.slice(before));
}

/** Two dates (ISO) that differ in one digit only. */
const oneDigitApart = (a: string, b: string) => a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1;

/**
 * The spare dates, earliest first, in the slots not yet placed, in order (as many as there are empty slots); undefined
 * when the whole sequence would not run from earliest to latest.
 */
function laidOut(slots: string[], placed: Map<string, string>, spare: Map<string, Spot>): { key: string; value: string; spot?: Spot }[] | undefined {
  const queue = [...spare.values()].sort((a, b) => a.value.localeCompare(b.value));
  const laid = slots.map((key) => {
    const spot = placed.has(key) ? undefined : queue.shift()!;
    return { key, value: placed.get(key) ?? spot!.value, spot };
  });
  return laid.some((d, i) => i > 0 && d.value < laid[i - 1]!.value) ? undefined : laid;
}

/**
 * Dates read under their labels that cannot all be true as labelled (an expiry before the first licence, a birth
 * after the issue) put in the model's chronology, when that order makes them all plausible: a value moved towards
 * its neighbour's label, or a reading that joined a row of dates, gives each its neighbour's label. A set still
 * implausible in that order is left as read (a misread digit, for the re-read of dates to settle).
 */
export function orderDatesByChronology(type: RecognizedType, out: OcrField[], today = new Date()) {
  const order = CHRONOLOGY[type];
  if (!order) return;
  const placed = order.map((k) => out.find((f) => f.key === k)).filter((f): f is OcrField => f !== undefined);
  if (placed.length < 2) return;
  if (implausibilities(type, datesOfFields(placed), today).length === 0) return;
  const keys = placed.map((f) => f.key);
  const sorted = [...placed].sort((a, b) => a.value.localeCompare(b.value));
  if (sorted.every((f, i) => f === placed[i])) return;
  const reordered = sorted.map((f, i) => ({ ...f, key: keys[i]! }));
  if (implausibilities(type, datesOfFields(reordered), today).length) return;
  for (const [i, f] of sorted.entries()) out[out.indexOf(f)] = reordered[i]!;
}

/**
 * Lines cut where a wide gap separates columns: OCR often joins a value of
 * one column with the value beside it ("03/03/1990   GUSTAVO SANTANA").
 */
export function segments(lines: OcrLine[]): OcrLine[] {
  const out: OcrLine[] = [];
  for (const line of lines) {
    const words = [...line.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
    const height = line.bbox[3] || 20;
    let group: typeof words = [];
    const flush = () => {
      if (group.length === 0) return;
      const conf = group.reduce((s, w) => s + w.conf, 0) / group.length;
      out.push({ text: group.map((w) => w.text).join(' '), conf, bbox: union(group.map((w) => w.bbox)), words: group });
      group = [];
    };
    for (const w of words) {
      const prev = group[group.length - 1];
      if (prev && w.bbox[0] - (prev.bbox[0] + prev.bbox[2]) > height * 1.6) flush();
      group.push(w);
    }
    flush();
  }
  return out;
}

/** Words of headings and labels, never part of a person's name. */
const NOT_NAME = new Set(
  'REPUBLICA FEDERATIVA BRASIL ESTADO SECRETARIA SEGURANCA PUBLICA CARTEIRA IDENTIDADE NACIONAL HABILITACAO MINISTERIO INFRAESTRUTURA TRANSPORTES DEPARTAMENTO TRANSITO INSTITUTO IDENTIFICACAO REGISTRO GERAL NOME SOBRENOME FILIACAO NATURALIDADE DATA EXPEDICAO VALIDADE EMISSAO CPF ASSINATURA TITULAR DIRETOR POLEGAR DIREITO LEI DOC LOCAL OBSERVACOES PERMISSAO CATEGORIA VALIDA TODO TERRITORIO SENATRAN DENATRAN DETRAN CAT HAB FILIATION NAME NAMES GIVEN SURNAME PLACE BIRTH NATIONALITY NACIONALIDADE SEX SEXO PERSONAL NUMBER EXPIRY DATE PASSPORT PASSAPORTE ORIGEM POLICIA CIVIL CIDADES FAZENDA ECONOMIA RECEITA FEDERAL CADASTRO PESSOAS FISICAS INSCRICAO MUNICIPIO ORGAO EMISSOR EXPEDIDOR IDENTITY CARD'.split(' '),
);

/** Whether a value is really a heading or a label (the line under a label when the value was lost). */
export const isLabelText = (text: string) => personName(text).split(' ').some((w) => NOT_NAME.has(fold(w)));

/**
 * How tall a line's letters are: the median height of its words (not the line's box, which a speck can stretch), taken
 * on its unaccented words where it has some, since an accent over a capital makes a word's box a third taller.
 */
function letterHeight(l: OcrLine): number {
  const plain = l.words.filter((w) => !/[\u00C0-\u00FF]/.test(w.text));
  return median((plain.length ? plain : l.words).map((w) => w.bbox[3]));
}

/** The median width per letter of a line's words of two letters or more (its words when none is that long). */
function letterWidth(l: OcrLine): number {
  const long = l.words.filter((w) => [...w.text].length >= 2);
  return median((long.length ? long : l.words).map((w) => w.bbox[2] / Math.max(1, [...w.text].length)));
}

/** The middle value (the upper one of an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The fields that hold a date. */
export const DATE_KEYS = new Set(['dataNascimento', 'dataEmissao', 'validade', 'dataExpedicao', 'primeiraHabilitacao']);

/** How tall the page prints its values, from the boxes of its dates (0 when none was read). */
export function datesHeight(fields: { key: string; bbox: Box }[]): number {
  return median(fields.filter((f) => DATE_KEYS.has(f.key)).map((f) => f.bbox[3]));
}

/** A line that reads as a person's name: two or more words of letters only, none a heading or label word. */
function nameLike(read: string): string | undefined {
  // A parent's own label printed before the name on its row ("MÃE REGINA MAGALHÃES"): no name starts with it.
  // A name word read with digits for its capitals ("LUCIA 1515 DA SANTANA") is no number in the line.
  const text = withLettersForDigits(read.replace(/^\s*(PAI|M[AÃ]E)\s*[:.\-]?\s+(?=\S)/i, ''));
  // Digits, or a city with its state ("MACEIÓ-RS"), are not a person's name.
  // Nor is a machine-readable line ("SILVA<<JOSE<<<").
  if (/\d|</.test(text) || /[-/,]\s*[A-Z]{2}\s*$/.test(text)) return undefined;
  const name = personName(text);
  const words = name.split(' ').filter(Boolean);
  if (!isFullName(name) || name.length < 8) return undefined;
  if (words.some((w) => NOT_NAME.has(fold(w)))) return undefined;
  // Taken by its place alone, a line must name someone: a given name or surname the lexicon knows. A heading misread
  // past the word list ("MOGSSTÉRIO DOS TRANSPONTES") or a city without its state ("BELO HORIZONTE") was taken for a parent.
  if (!words.some((w) => w.length >= 3 && isNamingWord(w))) return undefined;
  // Lower-case letters mean running text, not a printed name in capitals.
  if (text.replace(/[^a-zà-ÿ]/g, '').length > text.replace(/[^A-ZÀ-Ý]/g, '').length / 4) return undefined;
  return name;
}

/** A name-like line read with less confidence than this is not taken by its place (unless its words are names, below). */
const DOUBTFUL_NAME_CONF = 35;

/**
 * Most of a line's words (two at least) are given names or surnames the lexicon knows: a name read with little
 * confidence (one word blurred, "GUSTAVO MOREIRA TELEIRA" at 49) is still a name, and is read again later.
 */
export function namedMostly(name: string): boolean {
  const words = name.split(' ').filter((w) => !PARTICLES.has(w));
  const named = words.filter((w) => isNamingWord(w)).length;
  return named >= 2 && named * 2 >= words.length + 1;
}

/**
 * Name and parents without their labels: on Brazilian IDs the holder's name
 * is the first name-like line and the parents the next two (the CIN's front and
 * the CPF print no parents, the CIN's back no holder). Used only when the
 * label-driven reading found none of them.
 */
export function fillNamesByOrder(type: RecognizedType, lines: OcrLine[], out: OcrField[]) {
  if (!['CNH_FRENTE', 'CNH_ABERTA', 'RG_FRENTE', 'RG_VERSO', 'RG_ABERTO', 'CIN_FRENTE', 'CIN_VERSO', 'CPF'].includes(type)) return;
  const has = (k: string) => out.some((f) => f.key === k);
  const parts = segments(lines);
  const candidates = parts
    .map((l) => ({ l, name: nameLike(l.text) }))
    .filter((x): x is { l: OcrLine; name: string } => Boolean(x.name) && (x.l.conf >= 50 || (x.l.conf >= DOUBTFUL_NAME_CONF && namedMostly(x.name!))));
  // Labels are printed smaller than values: a name-like line much shorter than the others is a label read wrong.
  // "The others" is the smaller of two references, the name-like lines and every confident line of the page: with two
  // or three name-like lines, one tall reading (a blurred line, the nearer edge of a tilted card) made the holder's
  // name look like a label; a page whose numbers are printed large must not do it either.
  const confident = parts.filter((l) => l.conf >= 80 && l.text.replace(/[^\p{L}\p{N}]/gu, '').length >= 3);
  const typical = Math.min(median(candidates.map((c) => letterHeight(c.l))), confident.length ? median(confident.map(letterHeight)) : Infinity);
  // In reading order by the words' middles: a line's box may reach up to the line above.
  const middle = (l: OcrLine) => median(l.words.map((w) => w.bbox[1] + w.bbox[3] / 2));
  // A label is smaller both ways; word boxes only grow in height (a value's box taking in its small label above it, or
  // specks: measured twice its letters' height), so a line as wide per letter as the others is no label.
  const typicalWidth = Math.min(median(candidates.map((c) => letterWidth(c.l))), confident.length ? median(confident.map(letterWidth)) : Infinity);
  const names = candidates.filter((c) => letterHeight(c.l) >= typical * 0.7 || letterWidth(c.l) >= typicalWidth * 0.7).sort((a, b) => middle(a.l) - middle(b.l));
  const taken = new Set(out.flatMap((f) => [f.value, ...(f.fields ?? []).map((n) => n.value)]));
  const free = names.filter((n) => !taken.has(n.name));
  const filiacao = out.find((f) => f.key === 'filiacao');
  // The CIN's back has no holder's name: its first names are the parents'.
  if (type === 'CIN_VERSO') {
    if (!filiacao) addParents(free.slice(0, 2), out);
    return;
  }
  if (!has('nome')) {
    // The holder's name comes before the parents'.
    const holder = free.find((n) => !filiacao || n.l.bbox[1] < filiacao.bbox[1]);
    // Unless it and the one name line left below it lie a line apart: then the two are the parents, and the holder's line
    // was lost (a glare-washed name over "HEITOR CASTRO ALVES DE SILVA" and "RODRIGO SÉRGIO SILVA", which were taken for
    // holder and parent). Not where the parents' rows carry their own labels, PAI and MÃE: rows then follow one another evenly.
    const below = holder && names.indexOf(holder) === names.length - 2 ? names.at(-1) : undefined;
    const inlineLabels = below && /^(PAI|MAE|FILIACAO)\b/.test(fold(below.l.text));
    if (holder && below && !inlineLabels && type !== 'CIN_FRENTE' && type !== 'CPF' && lineApart(holder.l, below.l, middle)) {
      if (!filiacao && free.includes(below)) addParents([holder, below], out);
      return;
    }
    if (holder) {
      out.push({ key: 'nome', value: holder.name, conf: Math.round(holder.l.conf), bbox: holder.l.bbox });
      free.splice(free.indexOf(holder), 1);
    }
  }
  // The CIN's front and the CPF print the holder alone (a social name, when printed, comes after the civil one).
  if (type === 'CIN_FRENTE' || type === 'CPF') return;
  const nome = out.find((f) => f.key === 'nome');
  if (!filiacao && nome) {
    addParents(free.filter((n) => n.l.bbox[1] > nome.bbox[1]).slice(0, 2), out);
  }
}

/**
 * Middles of two name lines this many letter widths apart are lines printed one under the other with nothing between:
 * the parents, 0.9-2.6 on the tuning and variety generators' pages (rough photos too), where a holder's name lies 3.4
 * or more above its first parent, a label between them; under 1 they share a row (a column beside). Measured in letter
 * widths: word boxes stretched up over the line above (all of a reading's, at times) make letter heights twice too tall.
 */
const LINE_APART: [number, number] = [1, 2.9];

function lineApart(upper: OcrLine, lower: OcrLine, middle: (l: OcrLine) => number): boolean {
  const pitch = (middle(lower) - middle(upper)) / ((letterWidth(upper) + letterWidth(lower)) / 2);
  return pitch >= LINE_APART[0] && pitch <= LINE_APART[1];
}

/** Both parents when both were read; one when only one was (the other is then missing, not guessed). */
function addParents(two: { l: OcrLine; name: string }[], out: OcrField[]) {
  if (two.length === 0) return;
  out.push({
    key: 'filiacao',
    value: two.map((p) => p.name).join(' / '),
    conf: Math.round(Math.min(...two.map((p) => p.l.conf))),
    bbox: union(two.map((p) => p.l.bbox)),
    fields: two.map((p) => ({ key: 'nome', value: p.name, conf: Math.round(p.l.conf), bbox: p.l.bbox })),
  });
}

/** The median letter height of the words shaped like `value` (dates, a CPF: what a page prints at its values' size); 0 for none. */
function valueHeight(words: OcrWord[], value: RegExp): number {
  return median(words.filter((w) => value.test(w.text)).map((w) => w.bbox[3]));
}

/**
 * The values' letter height from the words shaped like `value`, or from the names' capitals when those are smaller: a
 * photo's date words can come back twice as tall as their digits (a label's specks joined to them), and a short value
 * beside them then looked too small to be one. 0 for none.
 */
function valuesHeight(words: OcrWord[], value: RegExp): number {
  const heights = [valueHeight(words, value), median(words.filter((w) => /^[A-ZÀ-Ý]{4,}$/.test(w.text) && w.conf >= 80).map((w) => w.bbox[3]))].filter((h) => h > 0);
  return heights.length ? Math.min(...heights) : 0;
}

/**
 * Printed about as large as the values (a label prints smaller, a heading larger). A box grown taller by a speck of the
 * label above it joined to the word keeps its letters' width: such a word is judged by its width per letter instead
 * (a capital with its spacing is about 0.6–1.0 of its height wide; a heading's letters are as much wider as taller).
 */
const sizedLike = (w: OcrWord, height: number) => {
  if (w.bbox[3] < height * 0.6) return false;
  if (w.bbox[3] <= height * 1.6) return true;
  const perLetter = w.bbox[2] / Math.max(1, w.text.trim().length);
  return perLetter >= height * 0.5 && perLetter <= height * 1.1;
};

/** A CNH category standing alone (its "CAT. HAB." label unread). */
export function fillCnhCategory(type: RecognizedType, lines: OcrLine[], out: OcrField[]) {
  if ((type !== 'CNH_FRENTE' && type !== 'CNH_ABERTA') || out.some((f) => f.key === 'categoria')) return;
  // The back's observations hold restriction codes that look the same.
  const notes = lines.filter((l) => fold(l.text).includes('OBSERVAC')).map((l) => l.bbox);
  const underNotes = (l: OcrLine) => notes.some((n) => l.bbox[1] > n[1] && l.bbox[1] < n[1] + n[3] * 4);
  // A small "c" is a capital C's shape at a smaller size: Tesseract reads a lone C either way.
  const categoryOf = (w: OcrWord) => categorySigns(w.text.trim().replace(/c/g, 'C'));
  const isCategory = (w: OcrWord) => CNH_CATEGORY.test(categoryOf(w)) && w.conf >= 60;
  const kept = lines.filter((x) => !underNotes(x));
  for (const l of kept) {
    // Alone on its line, or (2022 model) printed after the registration number on the same row (a tilted photo's row
    // may run on into the next column's date: "65715012935 C 25/02/2014").
    const afterNumber = l.words.find((w, i) => i > 0 && digitsOnly(l.words[i - 1]!.text).length === 11 && isCategory(w));
    const w = afterNumber ?? (l.words.length <= 2 ? l.words.find(isCategory) : undefined);
    if (w) {
      out.push({ key: 'categoria', value: categoryOf(w), conf: Math.round(w.conf), bbox: w.bbox });
      return;
    }
  }
  // A row of columns read as one line ("25/02/2014 C 26/03/2034"): a category standing in a column of its own (wide
  // gaps on both sides), printed as large as the page's dates. Only when there is exactly one such word.
  const height = valuesHeight(kept.flatMap((l) => l.words), /\d{2}\/\d{2}\/\d{4}/);
  if (!height) return;
  const standing = kept.flatMap((l) => {
    const words = [...l.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
    return words.filter((w, i) => {
      if (!isCategory(w) || !sizedLike(w, height)) return false;
      const before = words[i - 1];
      const after = words[i + 1];
      const gap = height * 1.5;
      return (!before || w.bbox[0] - (before.bbox[0] + before.bbox[2]) >= gap) && (!after || after.bbox[0] - (w.bbox[0] + w.bbox[2]) >= gap);
    });
  });
  const taken = standing.length === 1 ? standing : standing.filter((w) => onRowOfField(out, w.bbox));
  if (taken.length === 1) out.push({ key: 'categoria', value: categoryOf(taken[0]!), conf: Math.round(taken[0]!.conf), bbox: taken[0]!.bbox });
}

/**
 * Whether a field read lies on the row of `box` (its middle within the field's box, the code and zone left out). Of two
 * lone letters that read as a CNH category, the category stands on a row of the holder's data (beside the registration
 * number or a parent), a restriction code under the back's observations, its small label lost, on a row of its own.
 */
export function onRowOfField(fields: { key: string; bbox: Box }[], box: Box): boolean {
  const middle = box[1] + box[3] / 2;
  return fields.some((f) => f.key !== 'qrCode' && f.key !== 'mrz' && f.bbox[3] > 0 && f.bbox[1] <= middle && middle <= f.bbox[1] + f.bbox[3]);
}

/**
 * The CIN front's sex and nationality code by their shape when their labels were lost (small bilingual
 * labels are the first thing a low-resolution photo garbles): a lone "M" or "F", and a lone "BRA", printed
 * as large as the page's dates. Only one such letter on the page, or none is taken.
 */
export function fillCinShortValues(type: RecognizedType, lines: OcrLine[], out: OcrField[]) {
  if (type !== 'CIN_FRENTE') return;
  const words = lines.flatMap((l) => l.words);
  const height = valuesHeight(words, /\d{2}\/\d{2}\/\d{4}|\d{3}\.\d{3}\.\d{3}-\d{2}/);
  if (!height) return;
  const only = (test: RegExp, sized: (w: OcrWord) => boolean) => {
    const found = words.filter((w) => test.test(w.text.trim()) && sized(w) && w.conf >= 60);
    return found.length === 1 ? found[0] : undefined;
  };
  const sex = out.some((f) => f.key === 'sexo') ? undefined : only(/^[MF]$/, (w) => sizedLike(w, height));
  if (sex) out.push({ key: 'sexo', value: sex.text.trim(), conf: Math.round(sex.conf), bbox: sex.bbox });
  // Three letters are no speck: only too small (a label's) is refused; a box taller than the values has taken in the faint label above.
  const code = out.some((f) => f.key === 'nacionalidade') ? undefined : only(/^BRA$/, (w) => w.bbox[3] >= height * 0.6);
  if (code) out.push({ key: 'nacionalidade', value: 'BRA', conf: Math.round(code.conf), bbox: code.bbox });
}

/**
 * A line's words with a grouped number that OCR split at a dot or a dash joined again ("16.490" ".917-5"): a word
 * that starts with one, or follows a word that ends with one, close by, continues it.
 */
function numberRuns(words: OcrWord[]): { text: string; conf: number; bbox: Box }[] {
  const runs: { text: string; conf: number; bbox: Box }[] = [];
  const sorted = [...words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  for (const w of sorted) {
    const prev = runs.at(-1);
    const close = prev && w.bbox[0] - (prev.bbox[0] + prev.bbox[2]) < Math.max(prev.bbox[3], w.bbox[3]);
    // (Or a space OCR read into a plain number, `91 508992`: one or two digits alone before six or seven, as `rgNumberIn` joins them.)
    const continues = (/\d$/.test(prev?.text ?? '') && /^[.\-]\d/.test(w.text)) || (/[.\-]$/.test(prev?.text ?? '') && /^[.\-]?\d/.test(w.text)) || (/^\d{1,2}$/.test(prev?.text ?? '') && /^\d{6,7}$/.test(w.text));
    if (prev && close && continues) {
      prev.text += w.text;
      prev.conf = Math.min(prev.conf, w.conf);
      prev.bbox = union([prev.bbox, w.bbox]);
    } else runs.push({ text: w.text, conf: w.conf, bbox: w.bbox });
  }
  return runs;
}

/**
 * The RG prints the birth date on the birthplace's row (NATURALIDADE and DATA DE NASCIMENTO side by side): with both
 * labels lost and the issue date unread, the chronology has one date for two slots and places none. The one date on
 * the line the birthplace was read from is the birth date, when the dates placed stay plausible with it.
 */
function birthBesidePlace(type: RecognizedType, line: OcrLine, out: OcrField[], today = new Date()) {
  const dates = line.words.flatMap((w) => (isoDate(w.text) ? [{ value: isoDate(w.text)!, w }] : []));
  if (dates.length !== 1 || out.some((f) => f.value === dates[0]!.value)) return;
  const [{ value, w }] = dates as [{ value: string; w: OcrWord }];
  const placed = out.filter((f) => isIsoDate(f.value)).map((f) => ({ key: f.key, value: f.value }));
  if (implausibilities(type, datesOfFields([...placed, { key: 'dataNascimento', value }]), today).length) return;
  out.push({ key: 'dataNascimento', value, conf: Math.round(w.conf), bbox: w.bbox, valid: true });
}

/**
 * RG values recognisable by their shape when their label was lost: the
 * birthplace as "CIDADE-UF" (on the CIN's back too), and the registration number as the first bare
 * number (not a date, not a CPF) above the holder's name.
 */
export function fillRgByShape(type: RecognizedType, lines: OcrLine[], out: OcrField[]) {
  // The CIN's back prints the birthplace the same way (its number is the CPF).
  if (!type.startsWith('RG_') && type !== 'CIN_VERSO') return;
  const has = (k: string) => out.some((f) => f.key === k);
  // (The line the birthplace was read on, by its shape.)
  let birthplaceLine: OcrLine | undefined;
  if (!has('naturalidade')) {
    for (const l of lines) {
      // Words from a run of digits on (a birth date misread beside it: 24/04/;980; not a state read with one, MANAUS-P1)
      // are not the place's, nor are marks before its first letter (a field's rule read as dashes: — — BELÉM/PE).
      const words = l.words.filter((w) => !isoDate(w.text));
      const start = words.findIndex((w) => /[\p{L}\d]/u.test(w.text));
      const end = words.findIndex((w) => /\d\D?\d\D?\d/.test(w.text));
      const place = placeOf(words.slice(Math.max(0, start), end < 0 ? undefined : end).map((w) => w.text).join(' '));
      if (place && !isLabelText(place.city)) {
        out.push({ key: 'naturalidade', value: `${personName(place.city)}/${place.uf}`, conf: Math.round(l.conf), bbox: l.bbox });
        birthplaceLine = l;
        break;
      }
    }
  }
  if (type.startsWith('RG_') && birthplaceLine && !has('dataNascimento')) birthBesidePlace(type, birthplaceLine, out);
  const nome = out.find((f) => f.key === 'nome');
  if (type.startsWith('RG_') && !has('rg')) {
    for (const l of lines) {
      if (nome && l.bbox[1] > nome.bbox[1]) continue;
      // (Its first digit may be read as a look-alike capital: B6564030 for 86564030.)
      const w = numberRuns(l.words).find((x) => /^[\dBSGOIZT][\d.\-]{3,12}[\dXx]$/.test(x.text) && !isoDate(x.text) && !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(x.text));
      const digits = w && digitsOnly(w.text.slice(0, 1)) + w.text.slice(1).replace(/[^\dXx]/g, '').toUpperCase();
      if (w && digits && digits.length >= 5 && digits.length <= 10) {
        out.push({ key: 'rg', value: digits, conf: Math.round(w.conf), bbox: w.bbox });
        break;
      }
    }
  }
}
