import type { Box } from './box';
import type { CardColour } from './colour';
import { conceptsIn, wordingsOf, type Concept } from './cues';
import { isNamingWord, nameLetters, PARTICLES } from './names-known';
import { fold } from './text';
import type { MrzRead } from './mrz';
import { foreignByCodes, mrzDocumentType } from './mrz';
import type { PortraitCue } from './portrait';
import type { RecognizedType } from './types';

/** Everything the page tells about which document it is, gathered before deciding. */
export interface Evidence {
  /** The page's text, folded. */
  text: string;
  mrz?: MrzRead;
  /** The shape of machine-readable lines the page holds even when they did not parse (lines of about 30 or 44 characters). */
  mrzShape?: 'TD1' | 'TD3';
  /** What the page's QR codes hold: a CNH registration, anything else, or none. */
  qr?: 'cnh' | 'other';
  /** The page prints values its CNH code holds (a date, the CPF): the CNH's face, which its back does not print (`codeValuesPrinted`). */
  qrPrinted?: boolean;
  /** Width over height of the document alone, when it was told from its surroundings. */
  aspect?: number;
  portrait?: PortraitCue | null;
  colour?: CardColour;
  /** Which half of the page holds the portrait and which the holder's data (dates and CPF), when both were found. */
  halves?: Halves;
}

export interface Halves {
  portrait: 'left' | 'right';
  data: 'left' | 'right' | 'both';
}

const DATA_TOKEN = /\d{2}\/\d{2}\/\d{4}|\d{3}\.\d{3}\.\d{3}-\d{2}/;
/**
 * A holder's number or a date however misread ("239:32/1008", "034.008"): five digits or more in a word. A word of a
 * person's name (`nameWords`) is the holder's data too.
 */
const isDataWord = (w: Word) => w.holderName === true || DATA_TOKEN.test(w.text) || (w.text.match(/\d/g)?.length ?? 0) >= 5;

/** The half of the page a box's centre lies in. */
export const sideOf = (box: Box, width: number): Halves['portrait'] => (box[0] + box[2] / 2 < width / 2 ? 'left' : 'right');

/** A data word read at least this confident is print; below it, as likely a heading's letters garbled into digits. */
const CONFIDENT_DATA = 60;

type Word = { text: string; bbox: Box; conf?: number; holderName?: boolean };

/** The states' names as the headings print them, folded (SAO PAULO, SANTA CATARINA). */
const STATE_NAMES = wordingsOf('stateHeading').map((w) => w.replace(/^(GOVERNO DO )?ESTADO( D[AEO])?\s*/, '')).filter(Boolean);
const namesState = (folded: string) => /\bESTADO\b/.test(folded) || STATE_NAMES.includes(folded);

/**
 * The words of a reading's lines, those that spell a person's name marked `holderName`: a line (or its part in one half
 * of the page: a line read across the fold) of at least two known given names or surnames, every other word a particle
 * (one word misread among three names or more). Names are printed on the holder's data alone (their name, their
 * parents'), and on an 800 px photo they read where the smaller dates do not. A heading naming a state (ESTADO DE SÃO
 * PAULO, SANTA CATARINA) is no one's name.
 */
export function nameWords(lines: { words: Word[] }[], width: number): Word[] {
  return lines.flatMap((line) => {
    const marked = new Set<Word>();
    for (const side of ['left', 'right'] as const) {
      const words = line.words.filter((w) => sideOf(w.bbox, width) === side && nameLetters(w.text).length >= 2);
      const naming = words.filter((w) => isNamingWord(nameLetters(w.text)));
      const others = words.filter((w) => !naming.includes(w) && !PARTICLES.has(fold(nameLetters(w.text))));
      if (naming.length >= 2 && others.length <= (naming.length >= 3 ? 1 : 0) && !namesState(fold(words.map((w) => w.text).join(' ')))) naming.forEach((w) => marked.add(w));
    }
    return line.words.map((w) => (marked.has(w) ? { ...w, holderName: true } : w));
  });
}

function halfOf(words: Word[], width: number): Halves['data'] | undefined {
  const data = words.filter(isDataWord).map((w) => sideOf(w.bbox, width));
  if (data.length < 2) return undefined;
  const left = data.filter((side) => side === 'left').length / data.length;
  return left >= 0.8 ? 'left' : left <= 0.2 ? 'right' : 'both';
}

/**
 * The half the words that are dates, a CPF or other numbers lie in (four in five of them), 'both' when spread; undefined
 * when fewer than two. Where they spread over both, the confident ones decide when they lie in one half: on an 800 px
 * photo of an RG opened flat, the photo side's heading read as `3916008` beside the data card's dates (confidence 57).
 */
export function dataHalf(words: Word[], width: number): Halves['data'] | undefined {
  const all = halfOf(words, width);
  if (all !== 'both') return all;
  const confident = halfOf(
    words.filter((w) => (w.conf ?? 0) >= CONFIDENT_DATA),
    width,
  );
  return confident ?? all;
}

/**
 * Where the portrait and the holder's data lie across the page (layout geometry, for a document opened
 * flat): the portrait's half by its centre, the data's by the words that are dates or a CPF (four in
 * five in one half, else both).
 */
export function halvesOf(words: Word[], portrait: Box | undefined, width: number): Halves | undefined {
  if (!portrait) return undefined;
  const data = dataHalf(words, width);
  return data && { portrait: sideOf(portrait, width), data };
}

/** The portrait on one half of a page two cards wide and the holder's data all on the other (the old RG opened flat). */
export const dataBesidePortrait = (h: Halves | undefined): boolean => h !== undefined && h.data !== 'both' && h.data !== h.portrait;

export interface Candidate {
  type: RecognizedType;
  score: number;
  /** The cues that spoke for it, for the record of what was weighed. */
  cues: string[];
}

export interface Classification {
  type?: RecognizedType;
  score: number;
  /** The types weighed, best first (at most four). */
  candidates: Candidate[];
}

interface Profile {
  headings: [Concept, number][];
  labels: [Concept, number][];
  /** Whether the side carries the holder's portrait. */
  portrait: boolean;
  /** The zone the side carries, and how much it says (the 2022 CNH's back carries a TD1 zone like the CIN's). */
  mrz?: { format: 'TD1' | 'TD3'; weight: number };
  qr?: boolean;
  /** Hue range (degrees) of the usual print, a weak cue. */
  hue?: [number, number];
  /** Concepts that rule the model out (what only another kind of document prints). */
  against?: Concept[];
  /** Concepts the model never prints but a misread could make: each takes a weak cue's worth (`UNLIKELY`). */
  unlikely?: Concept[];
}

const CAP_MRZ = 4;
/** At most this much from each family of cues: none can carry a page alone. */
const CAP = { headings: 3, labels: 4.5, portrait: 1, mrz: CAP_MRZ, qr: 3, colour: 0.5 } as const;
/** What a concept the model never prints takes from it: a date to come on an old RG is more likely a CIN's expiry than a misread year. */
const UNLIKELY = 1;
/**
 * Each model's cues. No cue decides alone: headings, the set of field labels, the portrait, the
 * machine-readable zone, the QR code, the shape and the tint each add a bounded share, so a page
 * whose heading was lost, or that words its labels otherwise, is still placed by the rest.
 */
const PROFILES: Record<'CNH_FRENTE' | 'CNH_VERSO' | 'RG_FRENTE' | 'RG_NOVO' | 'RG_VERSO' | 'CIN_FRENTE' | 'CIN_VERSO' | 'PASSAPORTE' | 'CPF', Profile> = {
  CNH_FRENTE: {
    headings: [['cnhHeading', 3], ['licenceHeading', 1]],
    labels: [['fullName', 1], ['identityDocument', 1.5], ['category', 2], ['registration', 1], ['firstLicence', 1.5], ['permit', 1], ['expiry', 0.5], ['birth', 0.3], ['parents', 0.3], ['cpf', 0.3], ['bearerSignature', 0.5], ['dateAhead', 0.5]],
    portrait: true,
    hue: [60, 170],
  },
  CNH_VERSO: {
    headings: [['cnhHeading', 2]],
    labels: [['notes', 1.5], ['issuerSignature', 2], ['place', 0.5], ['issueDate', 0.5], ['registration', 0.5]],
    portrait: false,
    mrz: { format: 'TD1', weight: 3 },
    qr: true,
    hue: [60, 170],
  },
  // The old RG's photo side: heading block, thumbprint, signature, no data.
  RG_FRENTE: {
    headings: [['identityHeading', 1.5], ['securityHeading', 1.5], ['stateHeading', 1.5]],
    labels: [['thumb', 3], ['holderSignature', 2]],
    portrait: true,
    hue: [60, 170],
    // The old RG does not expire: neither side prints a date to come.
    unlikely: ['dateAhead'],
  },
  // The state models that print the data beside the photo (also RG_FRENTE).
  RG_NOVO: {
    headings: [['identityHeading', 1.5], ['securityHeading', 1.5], ['stateHeading', 1]],
    labels: [['generalRegistry', 1.5], ['issueDateRg', 1.5], ['parents', 0.7], ['birthPlace', 0.7], ['birth', 0.5], ['originDocument', 0.7], ['cpf', 0.3], ['holderSignature', 0.7], ['dataBlock', 0.7]],
    portrait: true,
    // Only the CIN numbers its holder by the CPF ("REGISTRO GERAL - CPF / PERSONAL NUMBER").
    against: ['personalNumber'],
  },
  // The old RG's data side.
  RG_VERSO: {
    // "Válida em todo o território nacional" heads the old data side, as a heading would.
    headings: [['nationalValidity', 3], ['identityHeading', 1], ['securityHeading', 0.5]],
    labels: [['directorSignature', 2], ['generalRegistry', 1.5], ['issueDateRg', 1.5], ['parents', 0.7], ['birthPlace', 0.7], ['birth', 0.5], ['originDocument', 1], ['cpf', 0.3], ['dataBlock', 1]],
    portrait: false,
    hue: [60, 170],
    against: ['personalNumber'],
    unlikely: ['dateAhead'],
  },
  CIN_FRENTE: {
    headings: [['nationalIdHeading', 3], ['identityHeading', 1], ['identityHeadingEnglish', 1]],
    labels: [['socialName', 2], ['personalNumber', 1.5], ['sex', 1], ['nationality', 1], ['expiry', 1], ['birth', 0.5], ['cpf', 0.5], ['surname', 0.3], ['nationalityCode', 1.5], ['dateAhead', 1], ['dataBlock', 1]],
    portrait: true,
  },
  CIN_VERSO: {
    headings: [['nationalIdHeading', 2], ['identityHeading', 0.5], ['identityHeadingEnglish', 0.5]],
    labels: [['parents', 1], ['birthPlace', 1], ['issuingAuthority', 1], ['place', 0.5], ['issueDate', 0.7], ['originDocument', 0.5]],
    portrait: false,
    mrz: { format: 'TD1', weight: CAP_MRZ },
    qr: true,
  },
  PASSAPORTE: {
    headings: [['passportHeading', 3]],
    labels: [['passportNumber', 1.5], ['surname', 1], ['givenNames', 1.5], ['documentType', 0.5], ['countryCode', 1.5], ['nationality', 0.5], ['birth', 0.3], ['sex', 0.3], ['issuingAuthority', 0.7], ['expiry', 0.3], ['nationalityCode', 0.5], ['dateAhead', 0.3]],
    portrait: true,
    mrz: { format: 'TD3', weight: CAP_MRZ },
  },
  CPF: {
    headings: [['cpfHeading', 3]],
    labels: [['registrationNumber', 2], ['cpf', 1], ['birth', 0.3]],
    portrait: false,
    against: ['companyRegistry'],
    hue: [180, 250],
  },
};

type Profiled = keyof typeof PROFILES;

/** Below this the page is not placed. */
const MIN_SCORE = 3;
/** Width over height of two ID-1 cards side by side (one card is 1.58), or one above the other. */
const SIDE_BY_SIDE: [number, number] = [2.1, 4];
const STACKED: [number, number] = [0.55, 0.95];
/** Whether the document as located is two cards side by side. */
const twoCardsWide = (e: Evidence): e is Evidence & { aspect: number } => e.aspect !== undefined && e.aspect >= SIDE_BY_SIDE[0] && e.aspect <= SIDE_BY_SIDE[1];

function scoreProfile(name: Profiled, concepts: Set<Concept>, e: Evidence): Candidate {
  const p = PROFILES[name];
  const cues: string[] = [];
  const sum = (list: [Concept, number][]) => list.reduce((s, [c, w]) => (concepts.has(c) ? (cues.push(c), s + w) : s), 0);
  // The data block is the values' shape, not a label: it counts past the labels' cap (a model whose labels reached the
  // cap lost nothing by it, and a model that prints fewer labels gained it: an RG back was read as a front by it).
  const values = (c: Concept) => c === 'dataBlock';
  let score = Math.min(CAP.headings, sum(p.headings)) + Math.min(CAP.labels, sum(p.labels.filter(([c]) => !values(c)))) + sum(p.labels.filter(([c]) => values(c)));
  const contrary = p.against?.filter((c) => concepts.has(c)) ?? [];
  if (contrary.length) {
    score -= 5;
    cues.push(...contrary.map((c) => `not: ${c}`));
  }
  for (const c of p.unlikely?.filter((u) => concepts.has(u)) ?? []) {
    score -= UNLIKELY;
    cues.push(`not: ${c}`);
  }
  // A QR code carrying a driving licence's data (its 11-digit registration) is printed on a CNH and on nothing else.
  if (e.qr === 'cnh' && !name.startsWith('CNH')) {
    score -= CAP.qr;
    cues.push('not: qr cnh');
  }
  // Only a portrait found speaks (for the sides that print one): the search misses many, so finding none proves nothing.
  if (e.portrait && p.portrait) {
    score += CAP.portrait;
    cues.push(`portrait ${e.portrait.side}`);
  }
  const format = e.mrz?.format;
  // A card zone that validates with another state's codes is no Brazilian card's (whatever labels it shares with one:
  // "Authority", "Place of birth", "Date of issue" on a foreign identity card's back).
  const foreignCard = p.mrz?.format === 'TD1' && format === 'TD1' && (e.mrz!.valid ? mrzDocumentType(e.mrz!) === 'DOCUMENTO_ESTRANGEIRO' : foreignByCodes(e.mrz!));
  if (foreignCard) cues.push(`not: mrz TD1 ${e.mrz!.fields.issuingState ?? ''}`.trim());
  else if (p.mrz && format === p.mrz.format) {
    score += p.mrz.weight;
    cues.push(`mrz ${format}`);
  } else if (p.mrz && !format && e.mrzShape === p.mrz.format) {
    score += p.mrz.weight / 2;
    cues.push(`mrz-shaped lines ${e.mrzShape}`);
  }
  if (p.qr && e.qr) {
    const cnh = e.qr === 'cnh';
    const add = name === 'CNH_VERSO' ? (cnh ? CAP.qr : 0.5) : cnh ? 0 : 0.5;
    if (add > 0) {
      score += add;
      cues.push(`qr ${e.qr}`);
    }
  }
  if (e.colour && e.colour.saturation >= 0.08 && p.hue) {
    const [lo, hi] = p.hue;
    if (e.colour.hue >= lo && e.colour.hue <= hi) {
      score += CAP.colour;
      cues.push(`hue ${e.colour.hue}`);
    }
  }
  const type: RecognizedType = name === 'RG_NOVO' ? 'RG_FRENTE' : name;
  return { type, score: Math.round(score * 100) / 100, cues };
}

/** The weight of the back's own print, beside a one-card model's, that says a page of one card's shape is two sides (one label the old data side alone prints). */
const ONE_CARD_APART = 1.5;

/**
 * Two sides in one picture: both sides' own cues (not the shared headings) and a two-card shape. With
 * that shape, which no single side has, the photo side may be told by its headings alone (its small
 * captions are the first thing a low-resolution photo loses).
 */
function opened(frontName: Profiled, backName: Profiled, type: RecognizedType, concepts: Set<Concept>, e: Evidence, shape: [number, number][], opts: { splitData?: boolean; headedFront?: boolean; shapeTells?: boolean; oneCard?: Profiled } = {}): Candidate | undefined {
  const shaped = e.aspect !== undefined && shape.some(([lo, hi]) => e.aspect! >= lo && e.aspect! <= hi);
  // Opened flat, one side has a portrait and the other none: a portrait found speaks for the front only when the page
  // has the two-card shape (a back alone, or a page of unknown shape, proves nothing by it).
  const flat = { ...e, portrait: undefined };
  const front = scoreProfile(frontName, concepts, shaped ? e : flat);
  const read = scoreProfile(backName, concepts, flat);
  // The CNH's QR code is printed on its back alone: with it read, the back is there whatever its labels.
  const backProven = backName === 'CNH_VERSO' && e.qr === 'cnh';
  // The weight of labels only one side prints: a concept both print (a heading, a registration number,
  // "LOCAL" of the birthplace) proves neither, and the old CNH's front prints some of its back's labels.
  const own = (name: Profiled, other: Profiled) => {
    const cues = (p: Profile) => [...p.headings, ...p.labels];
    const theirs = new Set(cues(PROFILES[other]).map(([c]) => c));
    const labels = cues(PROFILES[name]).filter(([c]) => concepts.has(c) && !theirs.has(c)).reduce((sum, [, w]) => sum + w, 0);
    return labels + (name === backName && backProven ? CAP.qr : 0);
  };
  // Two cards side by side, the portrait on one and all the holder's data on the other: the old RG, whose photo side
  // carries no data (a CNH prints its data beside its portrait). Worth a back-only label when those are unreadable.
  const split = shaped && opts.splitData && dataBesidePortrait(e.halves) ? 1.5 : 0;
  // That layout is the data side's own cue: it speaks for the back when its labels were lost.
  const back = { ...read, score: read.score + split };
  const backOwn = own(backName, frontName) + split;
  // With `shapeTells` (the old RG: no other document of ours is two cards side by side with an identity heading), the
  // two-card shape already says both sides are there: any label only the back prints confirms it.
  if (backOwn < (shaped && opts.shapeTells ? 0.5 : 2.5)) return undefined;
  // Not the two-card shape (one card located, or none): the front must show cues its back does not print. With
  // `headedFront` (the old RG, whose photo side alone carries the state's heading block) fewer of them when the back's
  // own are strong: the photo side's small captions are lost first, its heading is not. With the back proven, one
  // strong label only the front prints (its first licence, its category) is enough; with the two-card shape too, any
  // cue only the front prints, or its portrait (a CNH opened flat loses its small captions first, and no single card
  // is two cards wide). With `shapeTells`, the portrait found on the card that holds none of the data is the photo
  // side itself (its heading and captions lost, the card's tint outside the usual range).
  const frontOwn = own(frontName, backName);
  // `oneCard`: a model of a single card that prints the front's heading and the back's data labels together (the state
  // RGs that print the data beside the photo). Without the two-card shape, the back must show print that model has not
  // (the old data side's "Válida em todo o território nacional", its director's signature): a new RG read whole, its
  // portrait not found, had every cue the opened RG asks for.
  if (!shaped && opts.oneCard && own(backName, opts.oneCard) < ONE_CARD_APART) return undefined;
  // With the back proven by its code, the code's values printed on the page are its front's own print, whatever the shape.
  const faceOfCode = backProven && e.qrPrinted === true;
  const frontEnough = shaped
    ? front.score >= 1.5 || (backProven && (frontOwn >= 0.5 || Boolean(e.portrait) || faceOfCode)) || (split > 0 && opts.shapeTells === true)
    : faceOfCode || frontOwn >= (backProven || (opts.headedFront && backOwn >= 3.5) ? 1.5 : 2.5);
  if (!frontEnough) return undefined;
  const [strong, weak] = front.score >= back.score ? [front, back] : [back, front];
  return {
    type,
    score: Math.round((strong.score + weak.score / 3 + (shaped ? 1 : 0) + (faceOfCode ? 1 : 0)) * 100) / 100,
    cues: [...new Set([...front.cues, ...back.cues]), ...(faceOfCode ? ['code values printed'] : []), ...(shaped ? [`two-card shape ${e.aspect!.toFixed(2)}`] : []), ...(split ? [`portrait ${e.halves!.portrait}, data ${e.halves!.data}`] : [])],
  };
}

/**
 * The document opened flat that a card side belongs to, where the two-card shape is trusted to tell it: the old RG
 * (as in `opened`'s `shapeTells`), and a CNH front whose heading was read (`needs`). A CNH front's other cues may be a
 * label read by chance (an opened RG's garbled heading reads as the CNH's "DOC. IDENTIDADE"), but its heading
 * (HABILITAÇÃO, the transit department) is on no other document we read; on a small photo of a CNH opened flat, the
 * back's print and its code are too small to read.
 */
const OPENED_OF: Partial<Record<RecognizedType, { type: RecognizedType; needs?: Concept }>> = {
  RG_FRENTE: { type: 'RG_ABERTO' },
  RG_VERSO: { type: 'RG_ABERTO' },
  CNH_FRENTE: { type: 'CNH_ABERTA', needs: 'cnhHeading' },
};

/** The sides of an ID-1 card: never two cards wide (the CPF's printed proof is a sheet, the passport a booklet page). */
const ONE_CARD = new Set<RecognizedType>(['CNH_FRENTE', 'CNH_VERSO', 'RG_FRENTE', 'RG_VERSO', 'CIN_FRENTE', 'CIN_VERSO']);
/** What the two-card shape takes from a single card side: one weak cue's worth, so a side placed on a label read by chance and its portrait is not. */
const NOT_ONE_CARD = 1;

/**
 * A page two cards wide speaks against any single card side (after `oneSideOfTwo` has read a side there as the
 * document opened flat): the shape is a cue like the others, bounded.
 */
function shapeAgainstOneCard(candidates: Candidate[], e: Evidence): void {
  if (!twoCardsWide(e)) return;
  for (const c of candidates) {
    if (!ONE_CARD.has(c.type)) continue;
    c.score = Math.round((c.score - NOT_ONE_CARD) * 100) / 100;
    c.cues = [...c.cues, `not: two-card shape ${e.aspect.toFixed(2)}`];
  }
}

/**
 * One side of an old RG (or a CNH's front, by its heading) told by its own cues, on a document two cards wide: no
 * single card has that shape, so the page is the document opened flat, its other side unread (the RG's photo side
 * has little print, and a rough photo loses it; a small photo shrinks a CNH's back past reading).
 * Only when that side is the best candidate and no opened reading was made from both sides' cues.
 */
function oneSideOfTwo(candidates: Candidate[], e: Evidence): Candidate | undefined {
  if (!twoCardsWide(e)) return undefined;
  const top = [...candidates].sort((a, b) => b.score - a.score)[0];
  if (!top) return undefined;
  const of = OPENED_OF[top.type];
  const type = of && (!of.needs || top.cues.includes(of.needs)) ? of.type : undefined;
  if (!type || top.score < MIN_SCORE || candidates.some((c) => c.type === type)) return undefined;
  return { type, score: Math.round((top.score + 0.5) * 100) / 100, cues: [...top.cues, `two-card shape ${e.aspect.toFixed(2)}, one side read`] };
}

/** Check digits a visa's zone may fail and still be read as a visa's: a visa has three and no composite. */
const VISA_FAILING_MAX = 1;

/** A zone that did not validate but reads as a visa's: its `V` code, a visa's width, all but one check digit passing. */
const readAsVisa = (e: Evidence): e is Evidence & { mrz: MrzRead } =>
  !!e.mrz && !e.mrz.valid && (e.mrz.format === 'MRVA' || e.mrz.format === 'MRVB') && e.mrz.lines[0]!.startsWith('V') && (e.mrz.failing?.length ?? 0) <= VISA_FAILING_MAX;

/**
 * A visa is printed on a passport page and shares a passport's English labels (and a CIN front's bilingual ones), so
 * a visa whose zone fails one check digit (two look-alike repairs tie) was placed as the passport. Its `V` code and
 * width still say what it is: no Brazilian document prints a visa's zone. So does a card zone whose two state codes
 * read as other states (a foreign identity card's back shares a CIN back's labels and zone shape). A foreign
 * document, weighed below a valid zone's word.
 */
function foreignAgainstBrazilian(candidates: Candidate[], mrz: MrzRead): void {
  const cue = `mrz ${mrz.format} ${mrz.fields.issuingState ?? ''} (check digit failing: ${mrz.failing?.join(', ') || 'dates implausible'})`.replace('  ', ' ');
  // A card's zone has already lost its weight on the card profiles that print one (`foreignCard`), as a valid one does.
  if (mrz.format !== 'TD1') againstBrazilian(candidates, cue);
  candidates.push({ type: 'DOCUMENTO_ESTRANGEIRO', score: CAP.mrz, cues: [cue] });
}

/** A zone no Brazilian document prints takes a zone's weight from every candidate placed so far (all Brazilian). */
function againstBrazilian(candidates: Candidate[], cue: string): void {
  for (const c of candidates) {
    c.score = Math.round((c.score - CAP.mrz) * 100) / 100;
    c.cues.push(`not: ${cue}`);
  }
}

/** Cues that are not read from the page's text: what the picture shows whichever way up it was read. */
const PICTURE_CUE = /^(portrait |qr |hue |two-card shape|not: )/;

/**
 * Whether a candidate rests on something read in the text (a heading, a label, a zone). A page read upside down
 * still shows its QR code, its shape, its colour and a dark block where a portrait may be: placed by those alone,
 * it is placed without having been read.
 */
export const placedByText = (c: Candidate): boolean => c.cues.some((cue) => !PICTURE_CUE.test(cue));

/**
 * The model the evidence points to, with the candidates weighed. A foreign travel document is told by
 * its machine-readable zone alone (nothing else on it is ours to read).
 */
export function classifyEvidence(e: Evidence): Classification {
  const concepts = conceptsIn(e.text);
  const mrzType = e.mrz?.valid ? mrzDocumentType(e.mrz) : undefined;
  const scored = (Object.keys(PROFILES) as Profiled[]).map((name) => scoreProfile(name, concepts, e));
  const best = (type: RecognizedType) => scored.filter((c) => c.type === type).sort((a, b) => b.score - a.score)[0]!;
  // The old RG's photo side and the new RG's data-and-photo side are both RG_FRENTE.
  const candidates = [best('CNH_FRENTE'), best('CNH_VERSO'), best('RG_FRENTE'), best('RG_VERSO'), best('CIN_FRENTE'), best('CIN_VERSO'), best('PASSAPORTE'), best('CPF')];
  const cnhOpen = opened('CNH_FRENTE', 'CNH_VERSO', 'CNH_ABERTA', concepts, e, [SIDE_BY_SIDE, STACKED]);
  const rgOpen = opened('RG_FRENTE', 'RG_VERSO', 'RG_ABERTO', concepts, e, [SIDE_BY_SIDE], { splitData: true, headedFront: true, shapeTells: true, oneCard: 'RG_NOVO' });
  if (cnhOpen) candidates.push(cnhOpen);
  if (rgOpen) candidates.push(rgOpen);
  const sides = oneSideOfTwo(candidates, e);
  if (sides) candidates.push(sides);
  shapeAgainstOneCard(candidates, e);
  if (mrzType && mrzType !== 'PASSAPORTE' && mrzType !== 'CIN_VERSO') {
    // A valid visa or TD2 zone is on no Brazilian document either (a visa on a passport page shares its labels).
    if (e.mrz!.format !== 'TD1') againstBrazilian(candidates, `mrz ${e.mrz!.format} ${e.mrz!.fields.issuingState ?? ''}`.trim());
    candidates.push({ type: mrzType, score: CAP.mrz + 1, cues: [`mrz ${e.mrz!.format} ${e.mrz!.fields.issuingState ?? ''}`.trim()] });
  } else if (readAsVisa(e) || (e.mrz && foreignByCodes(e.mrz))) foreignAgainstBrazilian(candidates, e.mrz!);
  candidates.sort((a, b) => b.score - a.score);
  const top = candidates[0]!;
  const weighed = candidates.slice(0, 4);
  return top.score >= MIN_SCORE ? { type: top.type, score: top.score, candidates: weighed } : { score: top.score, candidates: weighed };
}

/** Text-only classification (a PDF's text layer, tests): no pixels, no shape. */
export function classify(folded: string, mrz: MrzRead | undefined, cnhQr = false, aspect?: number): Classification {
  return classifyEvidence({ text: folded, mrz, qr: cnhQr ? 'cnh' : undefined, aspect });
}
