/** The letters without their accents (case and everything else kept). */
export const withoutAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Upper case without accents, single spaces: the form labels are compared in. */
export const fold = (s: string) =>
  withoutAccents(s)
    .toUpperCase()
    .replace(/[^A-Z0-9/<.\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The capital OCR most often reads as each digit (1515 for ISIS, 5ANTOS for SANTOS, a zone's letter field read 0 for O). */
export const LETTER_FOR_DIGIT: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };

/** A word's letters alone, folded: how a word read with a stray mark or stop ("SILVA,") is matched to a name. */
export const foldedLetters = (s: string) => fold(s).replace(/[^A-Z]/g, '');

export function levenshtein(a: string, b: string): number {
  return editDistance(a, b, (x, y) => (x === y ? 0 : 1));
}

/** Edit distance with insertions and deletions costing 1 and a substitution what `sub` says. */
function editDistance(a: string, b: string, sub: (x: number, y: number) => number): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + sub(a.charCodeAt(i - 1), b.charCodeAt(j - 1)));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/**
 * Print shapes OCR takes for one another (they differ by a stroke or a serif): a slip between two of
 * a group costs half an ordinary one, so a label read in an unfamiliar font ("CANTEIRA DE IOTNTIDADE")
 * is still found, while a different word (one unrelated letter per four) is not.
 */
const CONFUSABLE = ['O0DQCG', 'IL1TJ', 'NRMH', 'EF', 'S5', 'B8', 'UV', 'Z2'];
const CONFUSION = (() => {
  const cost = new Float32Array(128 * 128).fill(1);
  for (let c = 0; c < 128; c++) cost[c * 128 + c] = 0;
  for (const group of CONFUSABLE) for (const a of group) for (const b of group) if (a !== b) cost[a.charCodeAt(0) * 128 + b.charCodeAt(0)] = 0.5;
  return cost;
})();
const substitution = (a: number, b: number) => (a === b ? 0 : a < 128 && b < 128 ? CONFUSION[a * 128 + b]! : 1);

/** Edit distance where a slip between look-alike print shapes costs half (see CONFUSABLE). */
export function ocrDistance(a: string, b: string): number {
  return editDistance(a, b, substitution);
}

/**
 * Whether `needle` occurs in `hay` with at most `ratio` (~20 %) of its characters wrong
 * (OCR slips): some window of its length ±1 within that edit distance. A
 * single pass of Sellers' algorithm (the best distance of the needle to any
 * substring ending at each position) finds the only places such a window can
 * end; the windows are checked there alone. Classification runs this for
 * every cue over every page's text, on the request thread. With `lookalikes`,
 * a slip between look-alike shapes counts half (`ocrDistance`) and the
 * tolerance is counted in halves.
 */
export function fuzzyIncludes(hay: string, needle: string, ratio = 0.2, lookalikes = false): boolean {
  const n = needle.length;
  return includesWithin(hay, needle, lookalikes ? Math.floor(n * ratio * 2) / 2 : Math.floor(n * ratio), lookalikes);
}

/** `fuzzyIncludes` with the tolerance given as a distance (with `lookalikes`, in halves). */
export function includesWithin(hay: string, needle: string, tolerance: number, lookalikes = false): boolean {
  if (hay.includes(needle)) return true;
  const n = needle.length;
  if (tolerance === 0) return false;
  const distance = lookalikes ? ocrDistance : levenshtein;
  const column = new Float32Array(n + 1);
  for (let i = 0; i <= n; i++) column[i] = i;
  for (let j = 1; j <= hay.length; j++) {
    let diagonal = column[0]!;
    const c = hay.charCodeAt(j - 1);
    for (let i = 1; i <= n; i++) {
      const above = column[i]!;
      const sub = needle.charCodeAt(i - 1) === c ? 0 : lookalikes ? substitution(needle.charCodeAt(i - 1), c) : 1;
      column[i] = Math.min(above + 1, column[i - 1]! + 1, diagonal + sub);
      diagonal = above;
    }
    if (column[n]! > tolerance) continue;
    for (const len of [n - 1, n, n + 1]) {
      if (j - len >= 0 && j - len + n - tolerance <= hay.length && distance(hay.slice(j - len, j), needle) <= tolerance) return true;
    }
  }
  return false;
}
