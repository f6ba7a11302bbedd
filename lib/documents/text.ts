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

/** Whether `needle` occurs in `hay` with at most ~20 % of its characters wrong (OCR slips). */
export function fuzzyIncludes(hay: string, needle: string): boolean {
  if (hay.includes(needle)) return true;
  const n = needle.length;
  const tolerance = Math.floor(n * 0.2);
  if (tolerance === 0) return false;
  for (let i = 0; i + n - tolerance <= hay.length; i++) {
    for (const len of [n - 1, n, n + 1]) {
      if (i + len <= hay.length && levenshtein(hay.slice(i, i + len), needle) <= tolerance) return true;
    }
  }
  return false;
}
