/** Upper case without accents, single spaces: the form labels are compared in. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9/<.\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/**
 * Whether `needle` occurs in `hay` with at most `ratio` (~20 %) of its characters wrong
 * (OCR slips): some window of its length ±1 within that edit distance. A
 * single pass of Sellers' algorithm (the best distance of the needle to any
 * substring ending at each position) finds the only places such a window can
 * end; the windows are checked there alone. Classification runs this for
 * every cue over every page's text, on the request thread.
 */
export function fuzzyIncludes(hay: string, needle: string, ratio = 0.2): boolean {
  if (hay.includes(needle)) return true;
  const n = needle.length;
  const tolerance = Math.floor(n * ratio);
  if (tolerance === 0) return false;
  const column = new Uint16Array(n + 1);
  for (let i = 0; i <= n; i++) column[i] = i;
  for (let j = 1; j <= hay.length; j++) {
    let diagonal = column[0]!;
    const c = hay.charCodeAt(j - 1);
    for (let i = 1; i <= n; i++) {
      const above = column[i]!;
      column[i] = Math.min(above + 1, column[i - 1]! + 1, diagonal + (needle.charCodeAt(i - 1) === c ? 0 : 1));
      diagonal = above;
    }
    if (column[n]! > tolerance) continue;
    for (const len of [n - 1, n, n + 1]) {
      if (j - len >= 0 && j - len + n - tolerance <= hay.length && levenshtein(hay.slice(j - len, j), needle) <= tolerance) return true;
    }
  }
  return false;
}
