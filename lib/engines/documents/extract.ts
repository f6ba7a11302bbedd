import { isIssuer, isUf, isValidCpf, UFS } from '../br';
import type { OcrLine, OcrWord } from '../ocr';
import { union, type Box } from './box';
import { wordingsOf } from './cues';
import { DATE_KEYS, datesHeight, fillCinShortValues, fillCnhCategory, fillDatesByChronology, fillNamesByOrder, fillRgByShape, isLabelText, median, orderDatesByChronology } from './fallbacks';
import { readMrz, mrzDate, type MrzRead } from './mrz';
import { isNamingWord, namingWordCount, PARTICLES, placeNameSpelling, placeSpelling } from './names-known';
import { categorySigns, closeNumberGaps, CNH_CATEGORY, CNH_CATEGORY_IN_TEXT, cpfFrom, digitsOnly, isFullName, isoDate, isValidCnhNumber, personName, rgNumberIn } from './normalize';
import { fold, foldedLetters, fuzzyIncludes, levenshtein } from './text';
import type { OcrField, RecognizedType } from './types';
import type { PlaceOf } from './merge';

interface Located {
  text: string;
  conf: number;
  bbox: Box;
}

/** Words in reading order, up to the first gap between two of them wider than `gap` (the next column). */
function upToGap(sorted: OcrWord[], gap: number): OcrWord[] {
  const words: OcrWord[] = [];
  for (const w of sorted) {
    const prev = words.at(-1);
    if (prev && w.bbox[0] - (prev.bbox[0] + prev.bbox[2]) > gap) break;
    words.push(w);
  }
  return words;
}

/** Words taken as one value: their text (joined, unless given), mean confidence and the box around them. */
function locatedOf(words: OcrWord[], text = words.map((w) => w.text).join(' ').trim()): Located {
  return { text, conf: Math.round(words.reduce((sum, w) => sum + w.conf, 0) / words.length), bbox: union(words.map((w) => w.bbox)) };
}

/** Lines holding a printed label, best match first, with where the label starts (rows may hold several labels). */
function findLabels(lines: OcrLine[], label: string): LabelAt[] {
  const want = fold(label);
  const wantWords = want.split(' ');
  const tokens = wantWords.length;
  const found: (LabelAt & { distance: number })[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Field numbers glued to a label ("9CAT HAB", "4dCPF") are not part of it.
    const words = line.words.map((w) => fold(w.text).replace(/^\d{1,2}[A-D]?(?=[A-Z]{3})/, ''));
    if (!fuzzyIncludes(fold(line.text), want) && !(tokens >= 2 && words.some((w) => wantWords.some((x) => abbreviates(w, x))))) continue;
    let best: (LabelAt & { distance: number }) | undefined;
    for (let start = 0; start < words.length; start++) {
      for (const k of [tokens - 1, tokens, tokens + 1]) {
        if (k < 1 || start + k > words.length) continue;
        // A printed label may run on ("IDENTIDADE/ORG."): compare the window's start with the label.
        const distance = levenshtein(unabbreviated(words.slice(start, start + k), wantWords).join(' ').slice(0, want.length), want);
        const last = line.words[start + k - 1]!.bbox;
        if (!best || distance < best.distance) best = { index: i, x: line.words[start]!.bbox[0], x1: last[0] + last[2], ...rowOf(line.words.slice(start, start + k)), distance };
      }
    }
    if (best && best.distance <= Math.floor(want.length * 0.25)) found.push(best);
  }
  return found.sort((a, b) => a.distance - b.distance);
}

/**
 * Whether a printed word is a shortening of a label word: "NASC." for NASCIMENTO, "HAB." for HABILITACAO,
 * "ORG." for ORGAO (issuers shorten labels to fit their boxes, each in its own way). A dotted word of two
 * letters or more that begins the word, or an undotted one of four letters or more (OCR drops dots).
 */
function abbreviates(printed: string, word: string): boolean {
  const dotted = printed.endsWith('.');
  const stem = printed.replace(/\.+$/, '');
  if (!/^[A-Z]+$/.test(stem) || stem.length >= word.length) return false;
  return word.startsWith(stem) && stem.length >= (dotted ? 2 : 4);
}

/**
 * A window of printed words with its shortenings written out as the label spells them, when the window
 * has the label's word count and at least one of its words is spelt in full (a shortening alone, "HAB.",
 * is no label: it could shorten anything).
 */
function unabbreviated(window: string[], label: string[]): string[] {
  if (window.length !== label.length || window.length < 2) return window;
  const expanded = window.map((w, i) => (abbreviates(w, label[i]!) ? label[i]! : w));
  const whole = window.some((w, i) => w.replace(/\.+$/, '') === label[i]);
  return whole && expanded.some((w, i) => w !== window[i]) ? expanded : window;
}

/** Where a label was read: its line, the left and right edges of its words, and the middle and height of its letters. */
interface LabelAt {
  index: number;
  x: number;
  x1: number;
  middle: number;
  height: number;
}

/**
 * Where a row of words really sits: the median middle and height of the words
 * themselves. A line's box is no guide: a speck or a mark at the picture's
 * edge that OCR joined to the line stretches it up or down several lines.
 */
function rowOf(words: OcrWord[]): { middle: number; height: number } {
  return { middle: median(words.map((w) => w.bbox[1] + w.bbox[3] / 2)), height: median(words.map((w) => w.bbox[3])) };
}

/**
 * The value printed under a label: on the next line below that reaches into
 * the label's column (a value in the next column may sit a little higher),
 * the words that start at the label's column and run until a wide gap.
 */
function valueBelow(lines: OcrLine[], at: LabelAt, skip = 0): Located | undefined {
  const reach = at.height * 2;
  const top = at.middle - at.height / 2;
  const inColumn = (w: OcrWord) => w.bbox[0] + w.bbox[2] > at.x - 10 && w.bbox[0] < at.x1 + reach;
  // Below: the words in the label's column sit under the label's letters (judged by the words, not the line's box).
  const below = lines
    .map((line) => ({ line, words: line.words.filter(inColumn) }))
    .filter((c) => c.words.length > 0)
    .map((c) => ({ line: c.line, middle: rowOf(c.words).middle }))
    .filter((c) => c.middle > top + at.height * 1.2 && c.middle < top + at.height * 8)
    .sort((a, b) => a.middle - b.middle);
  const line = below[skip]?.line;
  if (!line) return undefined;
  const height = rowOf(line.words).height || 20;
  const sorted = [...line.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  // The value starts at the word nearest to the label's column (labels may be wider than values).
  let start = 0;
  for (let i = 1; i < sorted.length; i++) if (Math.abs(sorted[i]!.bbox[0] - at.x) < Math.abs(sorted[start]!.bbox[0] - at.x)) start = i;
  // Words just left of it belong to the same value (a label's number prefix shifts its column), when they are
  // letters of the same row: a mark or a speck at the picture's edge read as a word is taller or sits apart.
  const anchor = sorted[start]!.bbox;
  const sameRow = (b: Box) => b[3] >= anchor[3] * 0.6 && b[3] <= anchor[3] * 1.6 && Math.abs(b[1] + b[3] / 2 - (anchor[1] + anchor[3] / 2)) <= anchor[3] * 0.5;
  while (start > 0 && sameRow(sorted[start - 1]!.bbox) && sorted[start]!.bbox[0] - (sorted[start - 1]!.bbox[0] + sorted[start - 1]!.bbox[2]) < height * 1.2) start--;
  const words = upToGap(sorted.slice(start), height * 1.6);
  return words.length ? locatedOf(words) : undefined;
}

const hasField = (out: OcrField[], key: string) => out.some((o) => o.key === key);
/** A whole OCR line as a located value. */
const lineLocated = (l: OcrLine): Located => ({ text: l.text, conf: Math.round(l.conf), bbox: l.bbox });

/** Printed numbers read as a stretch of a longer word (the word has a character too many, so the stretch may be the wrong one). */
const partOfLongerWord = new WeakSet<OcrField>();

const field = (key: string, value: string, at: Located, valid?: boolean, nested?: OcrField[]): OcrField => ({
  key,
  value,
  conf: at.conf,
  bbox: at.bbox,
  ...(nested ? { fields: nested } : {}),
  ...(valid === undefined ? {} : { valid }),
});

const UF = new RegExp(`\\b(${UFS.join('|')})\\b`);

type Extractor = (lines: OcrLine[], out: OcrField[]) => void;

// Wordings issuers print for the same field, the usual one first (`cues.ts` holds the same concepts for classification).
// Never a bare "NASCIMENTO": it is also a surname, and the line under a mother's name is no birth date.
// From the classification's wordings (one list per label); the bare words there are cues, not labels to read after.
const BIRTH = wordingsOf('birth', ['NASCIMENTO']);
const EXPIRY = wordingsOf('expiry', ['EXPIRY', 'EXPIRATION']);
const PARENTS = wordingsOf('parents', ['PAI', 'MAE']);
const ISSUE_DATE = ['DATA EMISSAO', 'DATA DE EMISSAO', 'EMITIDO EM', 'EMITIDA EM', 'EMISSAO'];
const BIRTHPLACE = wordingsOf('birthPlace');
/** The RG's date of issue (some issuers print "emissão"). */
const RG_ISSUE_DATE = ['DATA DE EXPEDICAO', 'DATA EXPEDICAO', 'EXPEDIDA EM', 'EXPEDICAO', 'DATA DE EMISSAO'];
const CATEGORY_LABELS = wordingsOf('category');
const SEX_LABELS = ['SEXO / SEX', 'SEXO', 'SEX'];
/** A Brazilian passport's number: two letters, six digits (`FL139632`). */
const BRAZILIAN_PASSPORT_NUMBER = /^[A-Z]{2}\d{6}$/;
const NATIONALITY_LABELS = ['NACIONALIDADE / NATIONALITY', 'NACIONALIDADE', 'NATIONALITY'];

/** A value of one to three capitals, read again from under its label when missing or doubtful (`reread.ts`). */
export interface ShortValue {
  key: string;
  labels: string[];
  /** The letters it may use (the re-read is restricted to them). */
  letters: string;
  valid: RegExp;
  value?: (text: string) => string;
  /**
   * A value printed on the same row (the CIN's sex beside its nationality code) and the letters it uses: the row is read
   * with it, when nothing was found under the label. Tesseract returns nothing for a capital standing alone, even a clear
   * one; beside a word it reads it.
   */
  beside?: { key: string; letters: string; valid: RegExp };
  /** Labels (folded) under which a lone value of the same look is something else. */
  notUnder?: string[];
}
// The back's observations print restriction codes that look like categories.
const CATEGORY: ShortValue = { key: 'categoria', labels: CATEGORY_LABELS, letters: 'ABCDE', valid: CNH_CATEGORY, notUnder: ['OBSERVAC'] };
const SEX: ShortValue = { key: 'sexo', labels: SEX_LABELS, letters: 'MFX', valid: /^[MFX]$/ };
const NATIONALITY: ShortValue = { key: 'nacionalidade', labels: NATIONALITY_LABELS, letters: 'ABEILRS', valid: /^BRA/, value: () => 'BRA' };
/** Per type, its short values (one letter or code, which page segmentation tends to drop). */
export const SHORT_VALUES: Partial<Record<RecognizedType, ShortValue[]>> = {
  CNH_FRENTE: [CATEGORY],
  CNH_ABERTA: [CATEGORY],
  CIN_FRENTE: [{ ...SEX, beside: { key: 'nacionalidade', letters: 'BRA', valid: /^BRA$/ } }, NATIONALITY],
  PASSAPORTE: [SEX],
};

/**
 * The value printed after a label and its colon on its own row ("Nome: JOSÉ DA SILVA", as a CPF
 * receipt or a certificate prints it): the words that start within three letter heights of the
 * label's end and run until a wide gap.
 */
function valueAfter(lines: OcrLine[], at: LabelAt, colon = true): Located | undefined {
  const row = lines[at.index]!.words;
  const sorted = row.filter((w) => w.bbox[0] >= at.x1 - 2).sort((a, b) => a.bbox[0] - b.bbox[0]);
  // First only after a colon: without one, the words to the right may be the next column (a value under its own label,
  // higher up, or the rest of the label). `colon = false` is the last resort, for issuers that print the value beside
  // its label ("REGISTRO GERAL 12.345.678-9"), once nothing was found under it.
  const labelEnd = row.filter((w) => w.bbox[0] + w.bbox[2] <= at.x1 + 2).sort((a, b) => b.bbox[0] - a.bbox[0])[0];
  if (colon && !labelEnd?.text.trim().endsWith(':') && !sorted[0]?.text.trim().startsWith(':')) return undefined;
  const first = sorted[0];
  if (!first || first.bbox[0] - at.x1 > at.height * 3 || Math.abs(first.bbox[1] + first.bbox[3] / 2 - at.middle) > at.height * 0.6) return undefined;
  const words = upToGap(sorted, at.height * 1.6);
  const joined = words.map((w) => w.text).join(' ').trim();
  // "NATURALIDADE / PLACE OF BIRTH": a bilingual label runs on after a slash; no value starts with one.
  const text = joined.replace(/^[\s:.\-]+/, '').trim();
  if (!text || joined.startsWith('/')) return undefined;
  return locatedOf(words, text);
}

/**
 * The first value that the check accepts under one of the labels, or after it on its row (a label word
 * may also appear in a heading). Labels are tried in the order given: an issuer's exact wording first,
 * the looser ones after.
 */
function labelled(lines: OcrLine[], labels: readonly string[], skip = 0, accept: (text: string) => boolean = () => true): Located | undefined {
  for (const label of labels) {
    for (const at of findLabels(lines, label)) {
      const after = skip === 0 ? valueAfter(lines, at) : undefined;
      if (after && !isLabelText(after.text) && accept(after.text)) return after;
      const v = valueBelow(lines, at, skip);
      if (v && accept(v.text)) return v;
    }
  }
  if (skip > 0) return undefined;
  for (const label of labels) {
    for (const at of findLabels(lines, label)) {
      const beside = valueAfter(lines, at, false);
      if (beside && !isLabelText(beside.text) && accept(beside.text)) return beside;
    }
  }
  return undefined;
}

function addName(lines: OcrLine[], out: OcrField[], key: string, labels: string[]) {
  const named = (t: string) => !isLabelText(t) && isFullName(personName(t));
  // The parents' label ("Nome dos Pais", read `Nome do1 Pais` or `Nome dor Part`) begins with a NOME that has no name on its row.
  const parents = PARENTS.flatMap((l) => findLabels(lines, l));
  const ofParents = (at: LabelAt) => parents.some((p) => p.index === at.index && Math.abs(p.x - at.x) < at.height);
  const onRow = valueOnLabelRow(lines, labels, named, ofParents);
  let v = onRow ?? labelled(lines, labels, 0, named);
  if (onRow && !namesSomeone(onRow.text)) {
    const under = labelled(lines, labels, 0, named);
    if (namesSomeone(under?.text, 2)) v = under;
  }
  if (v) out.push(field(key, personName(v.text), v));
}

/**
 * Whether a reading has at least `words` words the name lexicon knows as given names or surnames. The parents' label
 * garbled past its wordings (`Nome dor Part` for "Nome dos Pais") passes for a name on the NOME row; a row value with no
 * such word gives way to the line under the label when that one has two.
 */
const namesSomeone = (text: string | undefined, words = 1): boolean => (text ? namingWordCount(personName(text).split(/\s+/)) >= words : false);

/**
 * A value printed on its label's row without a colon ("NOME  Name  OTÁVIO DAMASCENO", "Data de Nascimento 08/05/1977",
 * as older RGs and the CPF receipt print them): the label's other words (a translation) passed over, the value starting
 * close after them. A name so placed is no other field's, so it is taken before the line under the label (which is
 * then the next field: the father).
 */
function valueOnLabelRow(lines: OcrLine[], labels: readonly string[], accept: (text: string) => boolean, otherLabel: (at: LabelAt) => boolean = () => false): Located | undefined {
  for (const label of labels) {
    for (const at of findLabels(lines, label).filter((a) => !otherLabel(a))) {
      const after = lines[at.index]!.words.filter((w) => w.bbox[0] >= at.x1 - 2).sort((a, b) => a.bbox[0] - b.bbox[0]);
      let end = at.x1;
      while (after.length && (isLabelText(after[0]!.text) || /^[/|:.-]+$/.test(after[0]!.text))) end = after[0]!.bbox[0] + after.shift()!.bbox[2];
      const first = after[0];
      // Close after the label (a column further on is another field), level with it, not a parent's label run on ("DO PAI").
      if (!first || first.bbox[0] - end > at.height * 2 || Math.abs(first.bbox[1] + first.bbox[3] / 2 - at.middle) > at.height * 0.6) continue;
      if (PARTICLES.has(fold(first.text)) || /^(PAI|MAE|MÃE)$/i.test(first.text)) continue;
      const value = locatedOf(upToGap(after, at.height * 1.6));
      if (accept(value.text)) return value;
    }
  }
  return undefined;
}

/**
 * `rowFirst`: a date printed on its label's row is taken before one under the label (the CPF receipt prints every
 * field inline). Elsewhere a date beside a label without a colon may be the next column's, its label higher up.
 */
function addDate(lines: OcrLine[], out: OcrField[], key: string, labels: string[], rowFirst = false) {
  const dated = (t: string) => Boolean(isoDate(t));
  const v = (rowFirst ? valueOnLabelRow(lines, labels, dated) : undefined) ?? labelled(lines, labels, 0, dated);
  const iso = v && isoDate(v.text);
  if (v && iso) out.push(field(key, iso, v, true));
}

function addCpf(lines: OcrLine[], out: OcrField[], labels: string[]) {
  const v = labelled(lines, labels, 0, (t) => Boolean(cpfFrom(t)));
  const c = v && cpfFrom(v.text);
  if (v && c) out.push(field('cpf', c.value, v, c.valid));
}

function addFiliacao(lines: OcrLine[], out: OcrField[], labels: string[]) {
  const first = labelled(lines, labels, 0);
  const second = labelled(lines, labels, 1);
  // A lone word under the label is a piece of the label ("FILIATION"), not a parent.
  const parents = [first, second].filter((p): p is Located => Boolean(p && isFullName(personName(p.text)) && !isLabelText(p.text)));
  if (parents.length) {
    out.push(field('filiacao', parents.map((p) => personName(p.text)).join(' / '), { text: '', conf: Math.min(...parents.map((p) => p.conf)), bbox: union(parents.map((p) => p.bbox)) }, undefined, parents.map((p) => field('nome', personName(p.text), p))));
  }
}

function addNaturalidade(lines: OcrLine[], out: OcrField[], labels: string[]) {
  const v = labelled(lines, labels);
  if (!v) return;
  const uf = UF.exec(v.text.toUpperCase().slice(-4))?.[1];
  const cityPart = personName(v.text.replace(/\d{2}\s*\/\s*\d{2}\s*\/\s*\d{4}\s*,?/, '').replace(/[-/,]\s*[A-Z]{2}\s*$/i, ''));
  if (cityPart) out.push(field('naturalidade', uf ? `${cityPart}/${uf}` : cityPart, v));
}

/** Letters a reading gives for the digits they look like. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', D: '0', T: '7', I: '1', L: '1', S: '5', B: '8', Z: '2', G: '6' };

/**
 * A CNH's identity-document line as "number issuer UF", however the issuer printed or the reading joined it: the
 * state's prefix some issuers put before the number dropped ("MG-12.345.678", or "MG12345678 SSP MG" where it repeats
 * the UF; any other letters run into the number's start are digits misread, "TO407408 SSP RN" for 70407408), and
 * the number set apart from the issuer when a dash or slash joins them ("12345678-SSP/SP", "12345678 / SSP / SP")
 * or nothing does ("12345678SSP SP"), and the number split at a dot joined again. Upper case.
 */
export function identityLine(text: string): string {
  // A mark just before the issuer read as a digit glued to it ("22319312 5SSP MA"): no issuer starts with a digit.
  const upper = closeNumberGaps(text.toUpperCase()).replace(/(\d{5,}X?\s+)\d([A-Z]{3,9})(?=[^A-Z]|$)/, (m, head: string, issuer: string) => (isIssuer(issuer) ? head + issuer : m));
  const lastUf = /([A-Z]{2})\s*$/.exec(upper)?.[1];
  return upper
    .replace(/^(\s*)([A-Z]{1,2})(\s*-?\s*)(?=\d)/, (m, space: string, letters: string, gap: string) => {
      if (isUf(letters) && (gap.includes('-') || letters === lastUf)) return space;
      const digits = [...letters].map((c) => DIGIT_LOOKALIKES[c]);
      return !gap && digits.every(Boolean) && /^\s*[A-Z]{1,2}\d{4}/.test(upper) ? space + digits.join('') : m;
    })
    .replace(/(\d|(?<=[\d-])X)\s*[/-]?\s*(?=[A-Z]{2,})/g, '$1 ');
}

/**
 * Values recognisable by their own shape when their label was not read: on a
 * CNH, "dd/mm/yyyy, CIDADE, UF" is the birth line and "NNNNNNN ORG UF" the
 * identity document line.
 */
function cnhShapes(lines: OcrLine[], out: OcrField[]) {
  const has = (k: string) => hasField(out, k);
  const at = lineLocated;
  for (const l of lines) {
    // (One slash lost or blurred into a colon: "1501: 1952, TAGUATINGA, DF".)
    const birth = /(\d{2}\s*[/:]?\s*\d{2}\s*[/:]\s*\d{4}|\d{2}\s*[/:]\s*\d{2}\s*[/:]?\s*\d{4})\s*,\s*([^,\d]{3,}?)\s*,\s*([A-Z]{2})\b/.exec(l.text.toUpperCase());
    if (birth) {
      const iso = isoDate(birth[1]!);
      if (iso && !has('dataNascimento')) out.push(field('dataNascimento', iso, at(l), true));
      if (!has('naturalidade') && isUf(birth[3]!)) out.push(field('naturalidade', `${personName(birth[2]!)}/${birth[3]}`, at(l)));
    }
    // "number issuer UF"; a known issuer alone when the UF after it was lost.
    // The number plain or grouped as issuers print it ("12.345.678-9"); a CPF's two check digits never match.
    // (Whatever stands before the number but a letter or digit: a label's colon read into it, ":1.142.547-9 PCDF DF".)
    const doc = /(?<![A-Z0-9.])(\d{5,12}X?|\d{1,3}(?:\.\d{3}){1,3}(?:-[\dX])?)\s+([A-Z]{2,9})(?:\s*[/-]?\s*([A-Z]{2}))?(?=[^A-Z0-9]|$)/.exec(identityLine(l.text));
    if (doc && !has('rg') && !/^\d{11}$/.test(doc[1]!)) {
      const [issuer, read] = issuerAndUf(doc[2]!, doc[3]);
      const uf = read && isUf(read) ? read : undefined;
      if (uf || isIssuer(issuer)) {
        out.push(field('rg', digitsOnly(doc[1]!) + (doc[1]!.endsWith('X') ? 'X' : ''), at(l)));
        if (!has('orgaoEmissor')) out.push(field('orgaoEmissor', issuer, at(l)));
        if (!has('ufEmissor') && uf) out.push(field('ufEmissor', uf, at(l)));
      }
    }
  }
}

/** An identity card's issuer and UF, where OCR read the two as one word ("SSPAP", "SSPTO": a known issuer, then a UF). */
function issuerAndUf(issuer: string, uf: string | undefined): [string, string | undefined] {
  if (!uf && !isIssuer(issuer) && isIssuer(issuer.slice(0, -2)) && isUf(issuer.slice(-2))) return [issuer.slice(0, -2), issuer.slice(-2)];
  return [issuer, uf];
}

const EXTRACTORS: Partial<Record<RecognizedType, Extractor>> = {
  CNH_FRENTE(lines, out) {
    addName(lines, out, 'nome', ['NOME E SOBRENOME', 'NOME COMPLETO', 'NOME CIVIL', 'NOME']);
    const birth = labelled(lines, ['DATA, LOCAL E UF DE NASCIMENTO', 'DATA LOCAL E UF DE NASCIMENTO']);
    if (birth) {
      const iso = isoDate(birth.text);
      if (iso) out.push(field('dataNascimento', iso, birth, true));
      addNaturalidade(lines, out, ['DATA, LOCAL E UF DE NASCIMENTO']);
    }
    // The model before 2022 prints the birth date alone.
    if (!hasField(out, 'dataNascimento')) addDate(lines, out, 'dataNascimento', BIRTH);
    addDate(lines, out, 'dataEmissao', ISSUE_DATE);
    addDate(lines, out, 'validade', EXPIRY);
    const doc = labelled(lines, ['DOC. IDENTIDADE', 'DOC IDENTIDADE', 'DOCUMENTO DE IDENTIDADE', 'ORG. EMISSOR', 'IDENTIDADE', 'RG'], 0, (t) => /\d(?:[.\-]?\d){3}/.test(t));
    if (doc) {
      const m = /([\dOoIl.\-xX]{5,})\s+([A-Z]{2,7})\s*[/-]?\s*([A-Z]{2})?/i.exec(identityLine(doc.text));
      // A formatted CPF under the label (the next field's value) is no identity number.
      if (m && !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(m[1]!)) {
        const [issuer, uf] = issuerAndUf(m[2]!.toUpperCase(), m[3]?.toUpperCase());
        out.push(field('rg', digitsOnly(m[1]!) + (/x$/i.test(m[1]!) ? 'X' : ''), doc));
        out.push(field('orgaoEmissor', issuer, doc));
        if (uf && isUf(uf)) out.push(field('ufEmissor', uf, doc));
      }
    }
    addCpf(lines, out, ['4d CPF', 'CPF']);
    const reg = labelled(lines, ['N REGISTRO', 'NUMERO DO REGISTRO', 'REGISTRO NACIONAL', 'REGISTRO'], 0, (t) => digitsOnly(t).length === 11);
    if (reg) {
      const n = digitsOnly(reg.text);
      if (n.length === 11) out.push(field('numeroRegistro', n, reg, isValidCnhNumber(n)));
    }
    const asCategory = (t: string) => categorySigns(t.toUpperCase());
    const cat = labelled(lines, CATEGORY_LABELS, 0, (t) => CNH_CATEGORY_IN_TEXT.test(asCategory(t)));
    const catValue = cat && CNH_CATEGORY_IN_TEXT.exec(asCategory(cat.text))?.[1];
    if (cat && catValue) out.push(field('categoria', catValue, cat));
    addDate(lines, out, 'primeiraHabilitacao', ['1 HABILITACAO', '1A HABILITACAO', 'PRIMEIRA HABILITACAO', 'HABILITACAO', '1A HAB', '1 HAB']);
    addFiliacao(lines, out, ['FILIACAO']);
    cnhShapes(lines, out);
  },
  // The back of the paper CNH prints where and when it was issued (LOCAL, DATA EMISSÃO) beside its QR code.
  CNH_VERSO(lines, out) {
    addDate(lines, out, 'dataEmissao', ISSUE_DATE);
  },
  CNH_ABERTA(lines, out) {
    EXTRACTORS.CNH_FRENTE!(lines, out);
  },
  RG_FRENTE(lines, out) {
    // A date sharing the row is not the number, nor is a line of words whose letters look like digits.
    const rg = labelled(lines, ['REGISTRO GERAL', 'N RG', 'RG N', 'RG'], 0, (t) => !isoDate(t) && rgNumberIn(t) !== undefined);
    if (rg) out.push(field('rg', rgNumberIn(rg.text)!, rg));
    addDate(lines, out, 'dataExpedicao', RG_ISSUE_DATE);
    addName(lines, out, 'nome', ['NOME COMPLETO', 'NOME CIVIL', 'NOME']);
    addFiliacao(lines, out, PARENTS);
    addNaturalidade(lines, out, BIRTHPLACE);
    addDate(lines, out, 'dataNascimento', BIRTH);
    addCpf(lines, out, ['CPF']);
  },
  RG_VERSO(lines, out) {
    EXTRACTORS.RG_FRENTE!(lines, out);
  },
  RG_ABERTO(lines, out) {
    EXTRACTORS.RG_FRENTE!(lines, out);
  },
  CPF(lines, out) {
    addCpf(lines, out, ['NUMERO DE INSCRICAO', 'N DE INSCRICAO', 'INSCRICAO', 'CPF']);
    addName(lines, out, 'nome', ['NOME COMPLETO', 'NOME']);
    // No birthplace on a CPF document: a bare "NASCIMENTO" (its DATA DE lost) labels the birth.
    addDate(lines, out, 'dataNascimento', [...BIRTH, 'NASCIMENTO'], true);
  },
  CIN_FRENTE(lines, out) {
    addName(lines, out, 'nome', ['NOME / NAME', 'NOME CIVIL', 'NOME']);
    const sex = labelled(lines, SEX_LABELS, 0, (t) => /\b[MF]\b/.test(t.toUpperCase()));
    const s = sex && /\b([MF])\b/.exec(sex.text.toUpperCase())?.[1];
    if (sex && s) out.push(field('sexo', s, sex));
    const nat = labelled(lines, NATIONALITY_LABELS, 0, (t) => /BRA/.test(t.toUpperCase()));
    if (nat && /BRA/.test(nat.text.toUpperCase())) out.push(field('nacionalidade', 'BRA', nat));
    addDate(lines, out, 'dataNascimento', ['DATA DE NASCIMENTO / DATE OF BIRTH', ...BIRTH]);
    addCpf(lines, out, ['REGISTRO GERAL - CPF / PERSONAL NUMBER', 'PERSONAL NUMBER', 'CPF']);
    addDate(lines, out, 'validade', ['DATA DE VALIDADE / DATE OF EXPIRY', ...EXPIRY]);
  },
  CIN_VERSO(lines, out) {
    addFiliacao(lines, out, ['FILIACAO / FILIATION', ...PARENTS]);
    addNaturalidade(lines, out, ['NATURALIDADE / PLACE OF BIRTH', ...BIRTHPLACE]);
  },
  PASSAPORTE(lines, out) {
    const num = labelled(lines, ['PASSAPORTE N / PASSPORT No', 'PASSPORT No', 'PASSAPORTE N', 'N DO PASSAPORTE', 'PASSPORT NUMBER'], 0, (t) => /[A-Z]{2}\s*[\dO]{6}/.test(t.toUpperCase()));
    const text = num?.text.toUpperCase().replace(/[O]/g, (c, i) => (i > 1 ? '0' : c));
    const m = text && /[A-Z]{2}\s*\d{6}/.exec(text);
    if (num && text && m) {
      const number = field('numeroPassaporte', m[0].replace(/\s/g, ''), num);
      if (/[A-Z0-9]/.test(text[m.index - 1] ?? '') || /\d/.test(text[m.index + m[0].length] ?? '')) partOfLongerWord.add(number);
      out.push(number);
    }
    const surname = labelled(lines, ['SOBRENOME / SURNAME', 'SURNAME', 'SOBRENOME'], 0, (t) => !isLabelText(t));
    const given = labelled(lines, ['NOME / GIVEN NAMES', 'GIVEN NAMES', 'PRENOMES', 'PRENOME'], 0, (t) => !isLabelText(t));
    const [givenNames, surnameWords] = [given && personName(given.text), surname && personName(surname.text)];
    // (A part read as specks alone is no name: the zone's, when valid, then stands for the whole.)
    if (surname && given && givenNames && surnameWords) out.push(field('nome', `${givenNames} ${surnameWords}`, { text: '', conf: Math.min(surname.conf, given.conf), bbox: union([surname.bbox, given.bbox]) }));
    addDate(lines, out, 'dataNascimento', ['DATA DE NASCIMENTO / DATE OF BIRTH', ...BIRTH]);
    const sex = labelled(lines, SEX_LABELS, 0, (t) => /\b[MF]\b/.test(t.toUpperCase()));
    const s = sex && /\b([MF])\b/.exec(sex.text.toUpperCase())?.[1];
    if (sex && s) out.push(field('sexo', s, sex));
    const nationality = labelled(lines, ['NACIONALIDADE / NATIONALITY', 'NATIONALITY', 'NACIONALIDADE'], 0, (t) => /BRASIL|BRA/.test(fold(t)));
    if (nationality && /BRASIL|BRA/.test(fold(nationality.text))) out.push(field('nacionalidade', 'BRA', nationality));
    addDate(lines, out, 'dataEmissao', ['DATA DE EXPEDICAO / DATE OF ISSUE', 'DATE OF ISSUE', 'DATA DE EMISSAO', 'DATA DE EXPEDICAO']);
    addDate(lines, out, 'validade', ['VALIDO ATE / DATE OF EXPIRY', ...EXPIRY]);
  },
};

/**
 * MRZ as a nested field; its check-digit verdict is `valid`, and `repaired`
 * says whether characters were fixed (by position or check digits) on the way
 * to it. Fills gaps and checks printed values; a passport or foreign document
 * whose printed zone was unreadable takes its holder's fields from it.
 */
function addMrz(type: RecognizedType, mrz: MrzRead, lines: OcrLine[], out: OcrField[]) {
  const mrzLines = lines.filter((l) => mrz.lines.some((m) => l.text.replace(/\s/g, '').toUpperCase().startsWith(m.slice(0, 10))));
  const at: Located = mrz.bbox
    ? { text: '', conf: mrz.conf ?? 0, bbox: mrz.bbox }
    : mrzLines.length
    ? { text: '', conf: Math.round(mrzLines.reduce((s, l) => s + l.conf, 0) / mrzLines.length), bbox: union(mrzLines.map((l) => l.bbox)) }
    : { text: '', conf: 0, bbox: [0, 0, 0, 0] };
  // The zone carries the name without accents: each word takes its printed spelling when the page shows it.
  const printed = new Map(lines.flatMap((l) => l.words).map((w) => [foldedLetters(w.text), personName(w.text)] as const));
  const f: Record<string, string | null> = { ...mrz.fields, ...namesMended(mrz.fields, printed) };
  const nested: OcrField[] = [];
  const put = (key: string, value: string | null | undefined) => value && nested.push(field(key, value, at));
  const sex = f.sex === 'male' ? 'M' : f.sex === 'female' ? 'F' : undefined;
  const number = f.documentNumber?.replace(/<+$/, '');
  put('formato', mrz.format);
  put('numeroDocumento', number);
  put('sobrenome', f.lastName);
  put('nomes', f.firstName);
  put('nacionalidade', f.nationality);
  put('paisEmissor', f.issuingState);
  put('dataNascimento', mrzDate(f.birthDate, 'birth'));
  put('sexo', sex);
  put('validade', mrzDate(f.expirationDate, 'expiry'));
  put('opcional', f.optional1);
  nested.push(field('valid', String(mrz.valid), at, mrz.valid));
  nested.push(field('repaired', String(mrz.repaired), at));
  out.push(field('mrz', mrz.lines.join('\n'), at, mrz.valid, nested));
  // Redundancy: the zone's data fills fields the printed side lacks.
  const has = (k: string) => hasField(out, k);
  const holder = type === 'PASSAPORTE' || type === 'DOCUMENTO_ESTRANGEIRO';
  // A zone that fails somewhere still vouches for a field whose own check digit passes; unchecked fields (sex,
  // nationality) only from a valid zone: "RAG" for BRA is what a misread zone gives.
  const checked = (name: string) => mrz.valid || (mrz.failing !== undefined && !mrz.failing.includes(name));
  const birth = mrzDate(f.birthDate, 'birth');
  if (birth && checked('birthDate') && !has('dataNascimento')) out.push(field('dataNascimento', birth, at, mrz.valid));
  const expiry = mrzDate(f.expirationDate, 'expiry');
  if (expiry && checked('expirationDate') && !has('validade')) out.push(field('validade', expiry, at, mrz.valid));
  if (f.optional1 && isValidCpf(f.optional1) && !has('cpf')) out.push(field('cpf', f.optional1, at, true));
  // From a zone failing elsewhere: the sex where the dates on either side of it pass their checks (the characters around
  // it were read right), the nationality where it repeats the issuing state read on the other line and the date next to
  // it passes (two readings agree). Still flagged not valid.
  const sexRead = mrz.valid || (checked('birthDate') && checked('expirationDate'));
  const nationalityRead = mrz.valid || (f.nationality === f.issuingState && /^[A-Z]{3}$/.test(f.nationality ?? '') && checked(mrz.format === 'TD1' ? 'expirationDate' : 'birthDate'));
  if (sex && sexRead && !has('sexo')) out.push(field('sexo', sex, at, mrz.valid));
  if (f.nationality && nationalityRead && (f.nationality === 'BRA' || holder) && !has('nacionalidade')) out.push(field('nacionalidade', f.nationality, at, mrz.valid));
  if (type === 'DOCUMENTO_ESTRANGEIRO' && f.issuingState && !has('paisEmissor')) out.push(field('paisEmissor', f.issuingState, at, mrz.valid));
  // (A name line without a double filler is the primary identifier alone: a truncated name, or no given names.)
  if ((holder || mrz.format === 'TD3') && f.lastName && !has('nome')) {
    const words = `${f.firstName ?? ''} ${f.lastName}`.split(/\s+/).filter(Boolean);
    // The zone's name has no check digit: from a zone failing elsewhere it is taken only where every word of it is also
    // printed on the page (two readings agree: the printed name was read, its labels were not), or where the page shows
    // some of it and every word it does not show is a name the lexicon knows (the page's small print lost to blur and
    // noise, the zone's large OCR-B read: a letter misread into a name rarely makes another). Flagged not valid.
    const agreed = (w: string) => printed.has(w) || isNamingWord(w) || PARTICLES.has(w);
    const nameRead = mrz.valid || (words.length >= 2 && words.some((w) => printed.has(w)) && words.every(agreed));
    const spelled = (w: string) => {
      const p = printed.get(w);
      return p && fold(p) === w ? p : knownNearby(w, printed) ?? w;
    };
    if (nameRead) out.push(field('nome', words.map(spelled).join(' '), at, mrz.valid));
  }
  const held = zoneNumber(type, mrz);
  if (held && checked('documentNumber')) {
    const printedAt = out.findIndex((o) => o.key === held.key);
    if (printedAt < 0) out.push(field(held.key, held.number, at, mrz.valid));
    // A printed number cut out of a longer word (`APA475787`: a letter too many) gives way to the zone's, whose check digit passed.
    else if (partOfLongerWord.has(out[printedAt]!) && out[printedAt]!.value !== held.number) out[printedAt] = field(held.key, held.number, at, mrz.valid);
  }
}

/**
 * The page's spelling of a zone name word the lexicon does not know, where the page prints exactly one word it does
 * know one letter away (`STILVA` in the zone, SILVA printed): no check digit covers the zone's names, and a letter read
 * into them passes every check.
 */
function knownNearby(word: string, printed: Map<string, string>): string | undefined {
  if (word.length < 4 || isNamingWord(word)) return undefined;
  const near = [...printed.entries()].filter(([k]) => Math.abs(k.length - word.length) <= 1 && isNamingWord(k) && levenshtein(k, word) === 1);
  return near.length === 1 && near[0]![1] ? near[0]![1] : undefined;
}

/**
 * The field a zone's document number fills on this type (a passport's or a foreign document's), and the number, when it
 * fits: a Brazilian passport's number is two letters and six digits, and one its zone gives otherwise passed its check
 * digit by chance (one in ten: `I139632<<` read for `FL139632<`), so it is left out rather than given wrong.
 */
export function zoneNumber(type: RecognizedType, mrz: MrzRead): { key: string; number: string } | undefined {
  const key = type === 'DOCUMENTO_ESTRANGEIRO' ? 'numeroDocumento' : mrz.format === 'TD3' ? 'numeroPassaporte' : undefined;
  const number = mrz.fields.documentNumber?.replace(/<+$/, '');
  const fits = mrz.fields.issuingState !== 'BRA' || mrz.format !== 'TD3' || BRAZILIAN_PASSPORT_NUMBER.test(number ?? '');
  return key && number && fits ? { key, number } : undefined;
}

/**
 * A zone's names with its double filler mended where OCR read it as a letter and a filler (`MARQUESE<ISIS` for
 * `MARQUES<<ISIS`; no check digit covers names): in a name line without `<<`, the first word not printed on the page
 * whose letters but the last are printed ends the primary identifier there. Nothing when no word is such.
 */
function namesMended(f: Record<string, string | null>, printed: Map<string, string>): { lastName: string; firstName: string } | undefined {
  if (f.firstName || !f.lastName) return undefined;
  const words = f.lastName.split(' ');
  const at = words.findIndex((w, i) => i < words.length - 1 && w.length > 3 && !printed.has(w) && printed.has(w.slice(0, -1)));
  if (at < 0) return undefined;
  return { lastName: [...words.slice(0, at), words[at]!.slice(0, -1)].join(' '), firstName: words.slice(at + 1).join(' ') };
}

/**
 * Numbers that prove themselves: a CPF or CNH registration whose check digits
 * pass is taken from anywhere on the document when its label was not read.
 */
function addSelfCheckingNumbers(type: RecognizedType, lines: OcrLine[], out: OcrField[]) {
  const has = (k: string) => hasField(out, k);
  const lineAt = lineLocated;
  if (!has('cpf') && type !== 'PASSAPORTE') {
    for (const l of lines) {
      const c = cpfFrom(l.text);
      if (c?.valid) {
        out.push(field('cpf', c.value, lineAt(l), true));
        break;
      }
    }
  }
  if (!has('numeroRegistro') && type.startsWith('CNH')) {
    const cpf = out.find((o) => o.key === 'cpf')?.value;
    // A word of eleven digits, or eleven digits split by a space ("6571 5012935"); never run into a neighbour's digits
    // ("449.268.336-46 65715012935": without its spaces the row is one run of thirteen).
    const elevenDigits = (l: OcrLine) => [...l.words.map((w) => w.text.trim()).filter((t) => /^\d{11}$/.test(t)), ...(/(?<!\d)\d{11}(?!\d)/.exec(l.text.replace(/\s/g, '')) ?? [])];
    for (const l of lines) {
      const n = elevenDigits(l).find((d) => d !== cpf && isValidCnhNumber(d));
      if (n) {
        out.push(field('numeroRegistro', n, lineAt(l), true));
        break;
      }
    }
  }
}

/**
 * Where the value under a label should be, from the label alone (for a value
 * too small to be read on the page, such as the one-letter CNH category):
 * the label's column, from its bottom down to about three of its heights below.
 */
export function regionBelowLabel(lines: OcrLine[], labels: string[]): Box | undefined {
  const at = firstLabel(lines, labels);
  if (!at) return undefined;
  // The label's letters, not its line's box: values print about twice as tall as their labels, a gap apart.
  const h = at.height;
  const x = Math.max(0, at.x - h);
  return [x, Math.round(at.middle + h / 2), at.x1 - at.x + 4 * h, Math.round(h * 4.5)];
}

/** The best-read place of the first of `labels` (in their order) that was read at all. */
function firstLabel(lines: OcrLine[], labels: readonly string[]): LabelAt | undefined {
  for (const label of labels) {
    const at = findLabels(lines, label)[0];
    if (at) return at;
  }
  return undefined;
}

/** How far below its label's middle a value may print, in label heights: two lines of parents' names under FILIAÇÃO. */
const VALUE_REACH = 8;

/**
 * The rows where a labelled value lies, from the label alone: its row (a value printed beside it) down to about two
 * value lines below it. Undefined when no wording of the label was read.
 */
export function labelRows(lines: OcrLine[], labels: readonly string[]): [number, number] | undefined {
  const at = firstLabel(lines, labels);
  return at && [Math.max(0, Math.round(at.middle - 1.5 * at.height)), Math.round(at.middle + VALUE_REACH * at.height)];
}

/**
 * The labels a printed field is found by, where its extractor reads it under one family of labels (the name, numbers
 * and issuers are found in several ways: a missing one may lie anywhere).
 */
const FIELD_LABELS: Partial<Record<string, readonly string[]>> = {
  categoria: CATEGORY_LABELS,
  validade: EXPIRY,
  dataNascimento: BIRTH,
  naturalidade: BIRTHPLACE,
  filiacao: PARENTS,
  dataEmissao: ISSUE_DATE,
  dataExpedicao: RG_ISSUE_DATE,
  // Not the extractor's list: its bare HABILITACAO would place the field under the heading "…DE HABILITAÇÃO".
  primeiraHabilitacao: wordingsOf('firstLicence'),
  sexo: SEX_LABELS,
  nacionalidade: NATIONALITY_LABELS,
};

/** Where each missing printed field's value would lie on a page, by its label as `lines` read it (`doubtfulRows`). */
export const placeOfMissing =
  (lines: OcrLine[]): PlaceOf =>
  (key) => {
    const labels = FIELD_LABELS[key];
    return labels && labelRows(lines, labels);
  };

/** Where a short value is read again: the box, the letters allowed, and the value printed beside it on its row, if the box holds it. */
export interface ShortRegion {
  box: Box;
  letters: string;
  beside?: RegExp;
}

/**
 * Where to read a short value again, in order, with the letters each reading allows: under its label, then across
 * its row with the value printed beside it, from the text column's start (or from that value when it starts the row),
 * a printed value's height (the page's dates give it) and a half above the row's baseline. Prepared page pixels.
 */
export function shortValueRegions(lines: OcrLine[], fields: OcrField[], spec: ShortValue, pageWidth: number): ShortRegion[] {
  const out: ShortRegion[] = [];
  const below = regionBelowLabel(lines, spec.labels);
  if (below) out.push({ box: below, letters: spec.letters });
  const anchor = spec.beside && fields.find((f) => f.key === spec.beside!.key)?.bbox;
  const h = datesHeight(fields);
  if (!spec.beside || !anchor || !h) return out;
  // The anchor's box may reach up into its label: its bottom is the row's baseline.
  const top = Math.round(anchor[1] + anchor[3] - 1.5 * h);
  const column = Math.min(...fields.filter((f) => f.key === 'nome' || DATE_KEYS.has(f.key)).map((f) => f.bbox[0]));
  const left = Math.max(0, Math.min(column, anchor[0]) - h);
  const end = anchor[0] + anchor[2] + Math.round(h / 2);
  const from = anchor[0] - left >= 2 * h ? left : Math.max(0, anchor[0] - Math.round(h / 2));
  const to = from === left ? end : Math.min(pageWidth, end + 12 * h);
  out.push({ box: [from, top, to - from, Math.round(2 * h)], letters: spec.letters + spec.beside.letters, beside: spec.beside.valid });
  return out;
}

export function extractFields(type: RecognizedType, lines: OcrLine[], mrz: MrzRead | undefined): OcrField[] {
  const out: OcrField[] = [];
  EXTRACTORS[type]?.(lines, out);
  if (mrz) addMrz(type, mrz, lines, out);
  addSelfCheckingNumbers(type, lines, out);
  orderDatesByChronology(type, out);
  fillDatesByChronology(type, lines, out);
  fillNamesByOrder(type, lines, out);
  fillRgByShape(type, lines, out);
  fillCnhCategory(type, lines, out);
  fillCinShortValues(type, lines, out);
  spellPlaces(out);
  return out;
}

/** The birthplace's city with its registered accents (`CITY/UF`; the state code is left alone): the whole name's, else each word's. */
function spellPlaces(out: OcrField[]) {
  for (const f of out) {
    if (f.key !== 'naturalidade') continue;
    const [city, ...rest] = f.value.split('/');
    const spelt = placeNameSpelling(city!) ?? city!.split(' ').map((w) => placeSpelling(w) ?? w).join(' ');
    if (spelt !== city) f.value = [spelt, ...rest].join('/');
  }
}

export { readMrz };
