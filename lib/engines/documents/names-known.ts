import { ACCENTED_WORDS } from './accent-words';
import { GIVEN_NAMES, PLACE_NAMES, PLACE_WORDS, SURNAMES } from './names-lexicon';
import { fold, LETTER_FOR_DIGIT } from './text';

/**
 * The name lexicon (names-lexicon.ts, public lists shipped by npm packages,
 * plus the hand-made accent-words.ts) as look-ups on the unaccented form a
 * reading gives.
 */

/** Unaccented form → the spellings listed for it (with and without accents). */
const SPELLINGS = new Map<string, Set<string>>();
/** Unaccented forms of person-name words (given names and surnames). */
const PERSON = new Set<string>();
/** Unaccented forms of given names. */
const GIVEN = new Set<string>(GIVEN_NAMES.map(fold));

/** Unaccented form → the spellings of words of municipality names (the IBGE names, as the lexicon's source lists them). */
const PLACE_SPELLINGS = new Map<string, Set<string>>();

const addSpelling = (to: Map<string, Set<string>>, key: string, w: string) => {
  if (!to.has(key)) to.set(key, new Set());
  to.get(key)!.add(w);
};

for (const [list, person] of [
  [GIVEN_NAMES, true],
  [SURNAMES, true],
  [ACCENTED_WORDS, true],
  [PLACE_WORDS, false],
] as const) {
  for (const w of list) {
    const key = fold(w);
    addSpelling(SPELLINGS, key, w);
    if (person) PERSON.add(key);
    else addSpelling(PLACE_SPELLINGS, key, w);
  }
}

/**
 * The registered spelling of a word of a municipality's name read without its marks (BRASILIA → BRASÍLIA), when the
 * list spells it one way only and never unaccented. Unlike a person's name, which the registry may hold without its
 * accents, a municipality is spelt one way; a word read with marks, or of two letters, is left as read.
 */
export function placeSpelling(word: string): string | undefined {
  const key = fold(word);
  if (word !== key || key.length < 3) return undefined;
  const listed = PLACE_SPELLINGS.get(key);
  return listed && listed.size === 1 && !listed.has(key) ? [...listed][0] : undefined;
}

/** A municipality's name unaccented, hyphen and apostrophe as spaces (XANGRI LA, PAU D ARCO): how a reading's words give it. */
const placeKey = (name: string) => fold(name).replace(/[-']/g, ' ').replace(/\s+/g, ' ').trim();
/** Unaccented name → the municipality names spelt so (eight are spelt two ways: IPORÁ, IPORÃ). */
const PLACE_NAME_SPELLINGS = new Map<string, Set<string>>();
for (const name of PLACE_NAMES) addSpelling(PLACE_NAME_SPELLINGS, placeKey(name), name);

/**
 * The registered spelling of a whole municipality name, however its marks were read (SÃO LUIS → SÃO LUÍS, VITÔRIA →
 * VITÓRIA), when the name is one municipality's, spelt one way. Its words alone may not settle it: LUIS is spelt both
 * ways among the municipalities' words.
 */
export function placeNameSpelling(city: string): string | undefined {
  const listed = PLACE_NAME_SPELLINGS.get(placeKey(city));
  return listed && listed.size === 1 ? [...listed][0] : undefined;
}

/** Portuguese endings that are always accented: -ÃO, -ÇÃO, -ÃES, -ÕES. */
function byEnding(word: string): string | undefined {
  if (/CAO$/.test(word) && word.length > 4) return `${word.slice(0, -3)}ÇÃO`;
  if (/AO$/.test(word) && word.length > 3) return `${word.slice(0, -2)}ÃO`;
  if (/AES$/.test(word) && word.length > 4) return `${word.slice(0, -3)}ÃES`;
  if (/OES$/.test(word) && word.length > 4) return `${word.slice(0, -3)}ÕES`;
  return undefined;
}

/**
 * Spellings of Brazilian usage: a tilde only in -ÃO, -ÃE(S), -ÕE(S) or at the
 * end (CAUÃ), and a circumflex, not an acute, on a vowel before M or N and a
 * vowel (ANTÔNIO, not the European ANTÓNIO). The lists hold a few typos and
 * European forms; they lose to a Brazilian spelling of the same name.
 */
const brazilian = (s: string) => !/[ÃÕ][^OES]/.test(s) && !/[ÁÉÓ][MN][AEIOU]/.test(s);

/** Accented spellings known for a word read without (or with other) accents, Brazilian spellings first. */
export function accentedForms(word: string): string[] {
  const key = fold(word);
  if (!/^[A-Z]+$/.test(key)) return [];
  const listed = [...(SPELLINGS.get(key) ?? [])].filter((s) => s !== key);
  const ending = byEnding(key);
  if (listed.length === 0 && ending) listed.push(ending);
  // A partly accented listing (CONCEIÇAO beside CONCEIÇÃO) is a typo of the fuller one.
  const marks = (s: string) => [...s].filter((c, i) => c !== key[i]).length;
  const full = listed.filter((s) => !listed.some((o) => o !== s && marks(o) > marks(s) && [...s].every((c, i) => c === key[i] || c === o[i])));
  const good = full.filter(brazilian);
  return good.length ? good : full;
}

/** Whether the unaccented spelling is itself listed (FABIO beside FÁBIO: some people are registered without). */
export const listedUnaccented = (word: string) => SPELLINGS.get(fold(word))?.has(fold(word)) ?? false;

/** Particles between the words of a Brazilian name (the surname list holds them too). */
export const PARTICLES: ReadonlySet<string> = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS', 'E']);

/** Whether a word is a known given name or surname (accents ignored; particles included). */
export const isKnownName = (word: string) => PERSON.has(fold(word));

/** A known given name or surname that is not a particle: a word that names someone. */
export const isNamingWord = (word: string) => isKnownName(word) && !PARTICLES.has(fold(word));

/** A word's letters as a name is spelt (signs read around it left out). */
export const nameLetters = (word: string) => word.replace(/[^A-Za-zÀ-ÿ']/g, '');

/** How many of a reading's words (signs around them left out) are naming words: how much of it names someone. */
export const namingWordCount = (words: string[]): number => words.filter((w) => isNamingWord(nameLetters(w))).length;

/** A capital vowel with an acute or a circumflex (the marks that sit over the letter's top). */
export const MARKED_CAPITAL = /[ÁÉÍÓÚÂÊÔ]/;
/** A word's letters as capitals, one entry per letter (composed, so a marked letter is one). */
export const capitals = (word: string) => [...word.normalize('NFC').toUpperCase()];

/**
 * Letters OCR takes for one another in printed capitals (read → printed):
 * I/T/L/1/J, O/0/Q/D, C/G, E/F, U/V, B/S, S/J, M/H, T/Z, and pairs read for one letter or the reverse (RN/M, CL/D, VV/W).
 */
const CONFUSIONS: [string, string][] = [
  ['I', 'T'], ['I', 'L'], ['T', 'L'], ['I', 'J'], ['1', 'I'], ['1', 'L'], ['1', 'T'],
  ['O', 'Q'], ['O', 'D'], ['Q', 'D'], ['0', 'O'], ['0', 'D'], ['0', 'Q'],
  ['C', 'G'], ['E', 'F'], ['U', 'V'], ['B', 'S'], ['S', 'J'], ['M', 'H'], ['T', 'Z'], ['RN', 'M'], ['CL', 'D'], ['VV', 'W'], ['II', 'U'],
];

/**
 * Known person names one confusion away from what was read (CATO → CAIO),
 * as unaccented forms; given names only for the first word of a name. The
 * reading itself, when known, is not a candidate for anything: it is taken
 * as printed.
 */
export function confusionCandidates(read: string, first = false): string[] {
  const key = fold(read).replace(/\s+/g, '');
  if (key.length < 3 || PERSON.has(key)) return [];
  const names = first ? GIVEN : PERSON;
  const out = new Set<string>();
  for (const [a, b] of CONFUSIONS) {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      for (let i = key.indexOf(from); i >= 0; i = key.indexOf(from, i + 1)) {
        const variant = key.slice(0, i) + to + key.slice(i + from.length);
        if (names.has(variant)) out.add(variant);
      }
    }
  }
  // A marked capital whose letter was taken for another vowel (LÓCIA for LÚCIA: the mark hides the letter's top), when
  // the known name carries a mark at that very letter.
  const letters = capitals(read);
  if (letters.length === key.length) {
    for (const [i, c] of letters.entries()) {
      if (!MARKED_CAPITAL.test(c)) continue;
      for (const v of 'AEIOU') {
        const variant = key.slice(0, i) + v + key.slice(i + 1);
        if (v !== key[i] && names.has(variant) && [...(SPELLINGS.get(variant) ?? [])].some((s) => s.length === key.length && s[i] !== variant[i])) out.add(variant);
      }
    }
  }
  return [...out];
}

/**
 * Known person names that are the reading with one letter lost before it (USTAVO → GUSTAVO, SIS → ÍSIS), as
 * unaccented forms; given names only for a name's first word. Tesseract drops a line's first capital now and then,
 * most often a narrow or accented one. A reading that is itself known is not a candidate for anything.
 */
export function lostInitialCandidates(read: string, first = false): string[] {
  const key = fold(read).replace(/\s+/g, '');
  if (key.length < 3 || !/^[A-Z]+$/.test(key) || PERSON.has(key)) return [];
  const names = first ? GIVEN : PERSON;
  return [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => c + key).filter((w) => names.has(w));
}

/** Particles a run of joined names may hold between its words (not the conjunction E: one letter fits almost anywhere). */
const JOINING: ReadonlySet<string> = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS']);
/** The shortest word a run of joined names is looked at in, and the most words it is split into. */
const JOINED_MIN = 8;
const JOINED_MAX_PARTS = 4;

/**
 * A word that is two or more names read without the spaces between them (`JOSÉDAMOREIRA`: blur closed the spaces),
 * split where the lexicon knows every part: names of three letters or more, a particle (DA, DOS…) only between two
 * names. Only a word of eight letters or more that the lexicon does not know itself, and only when exactly one split
 * fits; undefined otherwise. The parts keep the word's accents.
 */
export function joinedNames(word: string): string[] | undefined {
  const chars = [...word.normalize('NFC')];
  const key = fold(word);
  if (chars.length !== key.length || key.length < JOINED_MIN || !/^[A-Z]+$/.test(key) || PERSON.has(key)) return undefined;
  const splits: number[][] = [];
  const walk = (at: number, cuts: number[], afterParticle: boolean): void => {
    if (splits.length > 1) return;
    if (at === key.length) {
      if (!afterParticle) splits.push(cuts);
      return;
    }
    if (cuts.length === JOINED_MAX_PARTS) return;
    for (let end = at + 2; end <= key.length; end++) {
      const part = key.slice(at, end);
      const particle = JOINING.has(part) && at > 0 && !afterParticle;
      const name = part.length >= 3 && PERSON.has(part) && !PARTICLES.has(part);
      if (particle || name) walk(end, [...cuts, end], particle);
    }
  };
  walk(0, [], false);
  if (splits.length !== 1 || splits[0]!.length < 2) return undefined;
  return splits[0]!.map((end, i, all) => chars.slice(i === 0 ? 0 : all[i - 1]!, end).join(''));
}

/**
 * Two words of a name line that are one name read with a space where a letter was lost (`VITÓ IA` for VITÓRIA, `GO ÇALVES`
 * for GONÇALVES) or with a space read into it: the one known name they spell with the space closed or filled by one
 * letter, keeping their accents. Undefined when the lexicon knows either word (two names side by side), when either
 * is not letters, or when no name or several fit.
 */
export function splitName(a: string, b: string): string | undefined {
  const [ka, kb] = [fold(a), fold(b)];
  if (!/^[A-Z]+$/.test(ka + kb) || PERSON.has(ka) || PERSON.has(kb) || ka.length + kb.length < SPLIT_MIN) return undefined;
  const fits = ['', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => PERSON.has(ka + c + kb) && !PARTICLES.has(ka + c + kb));
  return fits.length === 1 ? a.normalize('NFC') + fits[0] + b.normalize('NFC') : undefined;
}

/** The fewest letters two words read apart must hold before they are taken for one name (`splitName`). */
const SPLIT_MIN = 5;

/**
 * A word of a name line read with digits for some of its capitals (`1515` for ÍSIS), as the name it then spells;
 * undefined unless the word mixes nothing but capitals and such digits, has a digit, and the lexicon knows the
 * result as a name of three letters or more (a date or a number spells no name).
 */
export function digitsReadForLetters(word: string): string | undefined {
  if (!/\d/.test(word) || !/^[A-Z0-9]{3,}$/.test(word)) return undefined;
  const letters = [...word].map((c) => LETTER_FOR_DIGIT[c] ?? c).join('');
  return /^[A-Z]+$/.test(letters) && PERSON.has(letters) && !PARTICLES.has(letters) ? letters : undefined;
}

/** A line with each word that `digitsReadForLetters` reads as a name put back in letters. */
export const withLettersForDigits = (text: string): string => text.replace(/[A-Z0-9]+/g, (w) => digitsReadForLetters(w) ?? w);
