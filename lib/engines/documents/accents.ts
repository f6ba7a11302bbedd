import type { OcrLine, OcrWord } from '../ocr';
import type { Box, Grey } from './box';
import { accentedForms, isKnownName } from './names-known';

export type { Grey } from './box';
import { fold } from './text';

/**
 * Accents on capitals are a few pixels tall: Tesseract drops them ("ARAUJO"
 * for "ARAÚJO"), and its Portuguese model also adds some that are not printed
 * ("GUSMÃO" for "GUSMAO"). The document is the source of truth, and many
 * print names without accents, so the picture decides: a word whose
 * unaccented reading is a known name form (names-known.ts) gets the accented
 * spelling when separate ink is seen above the letters that spelling accents
 * (a cedilla under its C) and nowhere else above the word. When the picture
 * cannot tell (a line too close above, a patterned background, letters too
 * small), the spelling is restored only if other names on the same page were
 * seen printed with their accents and none without.
 */

/** The accented spelling of a word, when the lexicon knows exactly one Brazilian spelling (else undefined). */
export function accentedSpelling(word: string): string | undefined {
  const forms = accentedForms(word);
  return forms.length === 1 ? forms[0] : undefined;
}

/** Marks of an accented spelling: letter index and whether the mark is above (acute, circumflex, tilde) or below (cedilla). */
function marks(spelling: string): { index: number; below: boolean }[] {
  const out: { index: number; below: boolean }[] = [];
  [...spelling].forEach((c, index) => {
    const base = c.normalize('NFD');
    if (base.length > 1) out.push({ index, below: /\u0327/.test(base) });
  });
  return out;
}


/** Otsu's threshold of the pixels in a rectangle. */
function otsu(img: Grey, x0: number, y0: number, x1: number, y1: number): number {
  const hist = new Array<number>(256).fill(0);
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) (hist[img.data[y * img.width + x]!]!++, n++);
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = n - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Column runs of ink (start, end inclusive) in a band of rows. */
function inkRuns(ink: (x: number, y: number) => boolean, x0: number, x1: number, y0: number, y1: number, minPerColumn = 1): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = x0; x <= x1; x++) {
    let count = 0;
    for (let y = y0; y <= y1; y++) if (ink(x, y)) count++;
    if (count >= minPerColumn && start < 0) start = x;
    if (count < minPerColumn && start >= 0) {
      runs.push([start, x - 1]);
      start = -1;
    }
  }
  if (start >= 0) runs.push([start, x1]);
  return runs;
}

/** Marks seen about a word, as letter indexes: above, below, and letters whose marks the line above may hide. */
export interface SeenMarks {
  above: Set<number>;
  below: Set<number>;
  /**
   * Letters over which ink of the line above reaches down to where a mark would stand: a mark printed there joins that
   * ink (a tight filiação, the acute of LETÍCIA touching the N of ANA just above) and cannot be told apart from it.
   */
  hidden: Set<number>;
}

/**
 * Where the marks are, as letter indexes of the word (above and below), or
 * undefined when the picture is not clear enough to say (a line of other
 * text too close, letters that cannot be told apart).
 */
export function markedLetters(img: Grey, box: Box, letters: number): SeenMarks | undefined {
  const [bx, by, bw, bh] = box;
  const x0 = Math.max(0, Math.floor(bx - 2));
  const x1 = Math.min(img.width - 1, Math.ceil(bx + bw + 2));
  const y0 = Math.max(0, Math.floor(by - bh * 0.8));
  const y1 = Math.min(img.height - 1, Math.ceil(by + bh * 1.6));
  if (x1 - x0 < letters * 3 || y1 - y0 < 8) return undefined;
  const t = otsu(img, x0, y0, x1 + 1, y1 + 1);
  const ink = (x: number, y: number) => img.data[y * img.width + x]! <= t;
  // The letters' body: the longest run of rows dense with ink.
  const rows: number[] = [];
  for (let y = y0; y <= y1; y++) {
    let c = 0;
    for (let x = x0; x <= x1; x++) if (ink(x, y)) c++;
    rows.push(c);
  }
  const peak = Math.max(...rows);
  if (peak === 0) return undefined;
  let best: [number, number] = [0, -1];
  let start = -1;
  rows.forEach((c, i) => {
    if (c >= peak * 0.15 && start < 0) start = i;
    if ((c < peak * 0.15 || i === rows.length - 1) && start >= 0) {
      const end = c < peak * 0.15 ? i - 1 : i;
      if (end - start > best[1] - best[0]) best = [start, end];
      start = -1;
    }
  });
  // Round letters overshoot the cap line by a row or two: the body goes up while rows touch it. A mark is separated by a blank row.
  while (best[0] > 0 && rows[best[0] - 1]! > 0) best[0]--;
  const capBottom = y0 + best[1];
  // A mark blurred into its letter (no blank row between them: a rough photo's Í) pulled the body's top up to its own,
  // and the band looked at for marks lay above it. Most of the letters' columns still begin at the cap line: when the
  // body's top stands well above it, the letters begin there, and the mark is the ink of its letter above it.
  const line = capLine(ink, x0, x1, y0 + best[0], capBottom);
  const joined = line - (y0 + best[0]) > Math.max(JOINED_MIN, (capBottom - line + 1) * JOINED_SHARE);
  const capTop = joined ? line : y0 + best[0];
  const cap = capBottom - capTop + 1;
  if (cap < 8) return undefined;
  const lettersRuns = inkRuns(ink, x0, x1, capTop, capBottom, 2).filter((r) => r[1] - r[0] >= 1);
  if (lettersRuns.length === 0) return undefined;
  const left = lettersRuns[0]![0];
  const right = lettersRuns[lettersRuns.length - 1]![1];
  const perLetter = (right - left + 1) / letters;
  // Letter of an x: the run it falls in when the runs are the letters, else proportional.
  const letterAt = (x: number): number => {
    if (lettersRuns.length === letters) {
      let nearest = 0;
      lettersRuns.forEach((r, i) => {
        const d = x < r[0] ? r[0] - x : x > r[1] ? x - r[1] : 0;
        const dn = x < lettersRuns[nearest]![0] ? lettersRuns[nearest]![0] - x : x > lettersRuns[nearest]![1] ? x - lettersRuns[nearest]![1] : 0;
        if (d < dn) nearest = i;
      });
      return nearest;
    }
    return Math.min(letters - 1, Math.max(0, Math.floor((x - left) / perLetter)));
  };
  // (Below a cap line found by the columns, round letters overshoot it by a row or two: the band starts clear of them.)
  const gap = joined ? Math.max(2, Math.round(cap * 0.1)) : Math.max(1, Math.round(cap * 0.04));
  const top = marksIn(ink, left, right, Math.round(capTop - cap * 0.6), capTop - gap, cap, perLetter);
  if (!top) return undefined;
  // A cedilla often touches its C but reaches well below the baseline: ink from an eighth of the cap height under the letters counts (the blurred bottom edge of letters does not reach so far).
  const below = inkRuns(ink, left, right, Math.round(capBottom + Math.max(gap + 1, cap * 0.12)), Math.min(y1, Math.round(capBottom + cap * 0.4)), 1);
  const hidden = new Set<number>();
  for (const [a, b] of top.reaching) for (let l = letterAt(a); l <= letterAt(b); l++) hidden.add(l);
  return {
    above: new Set(top.centres.map((x) => letterAt(x))),
    below: new Set(below.map((r) => letterAt((r[0] + r[1]) / 2))),
    hidden,
  };
}

/** A body's top this far above the cap line (px, and share of the cap height) is a mark joined to its letter, not a round letter's overshoot. */
const JOINED_MIN = 3;
const JOINED_SHARE = 0.15;
/** The cap line is the first row of this share of the letters' columns (those under marks joined to their letters are fewer). */
const LINE_PERCENTILE = 0.3;

/** The row most of the letters' columns begin at (a low percentile of each inked column's first ink row). */
function capLine(ink: (x: number, y: number) => boolean, x0: number, x1: number, top: number, bottom: number): number {
  const tops: number[] = [];
  for (let x = x0; x <= x1; x++) {
    for (let y = top; y <= bottom; y++) {
      if (!ink(x, y)) continue;
      tops.push(y);
      break;
    }
  }
  if (tops.length === 0) return top;
  tops.sort((a, b) => a - b);
  return tops[Math.floor(tops.length * LINE_PERCENTILE)]!;
}

/**
 * Centres (x) of the small separate blobs of ink in the band above the
 * letters: accents. Blobs cut by the band's top edge belong to the line above
 * and are not marks; those of them that reach the band's lower half, where a
 * mark stands, are given as the columns they span (`reaching`). Undefined when
 * the band is mostly ink.
 */
function marksIn(
  ink: (x: number, y: number) => boolean,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  cap: number,
  perLetter: number,
): { centres: number[]; reaching: [number, number][] } | undefined {
  if (y1 <= y0 || y0 < 0) return { centres: [], reaching: [] };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const seen = new Uint8Array(w * h);
  const centres: number[] = [];
  const reaching: [number, number][] = [];
  let covered = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (seen[y * w + x] || !ink(x0 + x, y0 + y)) continue;
      // Flood fill one blob (8-connected) inside the band.
      const stack = [y * w + x];
      seen[y * w + x] = 1;
      let [minX, maxX, minY, maxY, area] = [x, x, y, y, 0];
      while (stack.length) {
        const i = stack.pop()!;
        const cx = i % w;
        const cy = (i - cx) / w;
        area++;
        if (cx < minX) minX = cx;
        if (cx > maxX) maxX = cx;
        if (cy < minY) minY = cy;
        if (cy > maxY) maxY = cy;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = cx + dx;
            const ny = cy + dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            const j = ny * w + nx;
            if (!seen[j] && ink(x0 + nx, y0 + ny)) {
              seen[j] = 1;
              stack.push(j);
            }
          }
        }
      }
      covered += maxX - minX + 1;
      // Cut by the band's top: a letter of the line above.
      const cut = minY === 0;
      if (cut && maxY >= h / 2) reaching.push([x0 + minX, x0 + maxX]);
      const small = maxY - minY + 1 <= cap * 0.45 && maxX - minX + 1 <= perLetter * 1.3;
      if (!cut && small && area >= Math.max(3, cap * cap * 0.004)) centres.push(x0 + (minX + maxX) / 2);
    }
  }
  return covered > w * 0.9 ? undefined : { centres, reaching };
}

/** Whether the marks seen in the picture are those of the accented spelling (one letter of slack either way). */
function agrees(spelling: string, seen: SeenMarks): boolean {
  const want = marks(spelling);
  const above = want.filter((m) => !m.below).map((m) => m.index);
  const cedillas = want.filter((m) => m.below).map((m) => m.index);
  if (seen.above.size !== above.length) return false;
  const near = (set: Set<number>, i: number) => set.has(i) || set.has(i - 1) || set.has(i + 1);
  return above.every((i) => near(seen.above, i)) && cedillas.every((i) => near(seen.below, i));
}

/** What the picture says about the marks of a spelling: printed, not printed, or cannot tell. */
type Evidence = 'marks' | 'none' | 'unclear';

function evidence(spelling: string, seen: SeenMarks | undefined): Evidence {
  if (!seen) return 'unclear';
  if (agrees(spelling, seen)) return 'marks';
  const want = marks(spelling);
  const cedillas = want.filter((m) => m.below).map((m) => m.index);
  // No mark seen where the line above's ink reaches down over a letter the spelling marks: the mark may be joined to it.
  const hidden = want.some((m) => !m.below && seen.hidden.has(m.index));
  return seen.above.size === 0 && !hidden && cedillas.every((i) => !seen.below.has(i)) ? 'none' : 'unclear';
}

/** Names seen on a page with their marks printed, and seen printed without: whether the page prints accents. */
const pageVotes = new WeakMap<Grey, { marks: number; none: number }>();
const printsAccents = (img: Grey) => {
  const v = pageVotes.get(img);
  return Boolean(v && v.marks > 0 && v.none === 0);
};

/**
 * Words of the lines given the spelling the picture supports. Changes the
 * lines in place; returns how many words changed. Calls on the same page
 * (the page, then a name re-read alone) share what the page showed.
 */
export function restoreAccents(img: Grey, lines: OcrLine[]): number {
  const votes = pageVotes.get(img) ?? { marks: 0, none: 0 };
  pageVotes.set(img, votes);
  const undecided: { w: OcrWord; spelling: string }[] = [];
  const changed = new Set<OcrWord>();
  const set = (w: OcrWord, text: string) => {
    if (text === w.text) return;
    w.text = text;
    changed.add(w);
  };
  for (const w of lines.flatMap((l) => l.words)) {
    const bare = w.text.replace(/[^A-Za-zÀ-ÿ]/g, '');
    // Only whole words in capitals (names as printed); anything with punctuation or digits is left alone.
    if (bare !== w.text || bare.length < 3 || bare !== bare.toUpperCase()) continue;
    const plain = fold(bare);
    const forms = accentedForms(bare).filter((f) => f.length === bare.length);
    const read = bare !== plain;
    if (!read && forms.length === 0) continue;
    const seen = markedLetters(img, w.bbox, bare.length);
    const agreeing = forms.filter((f) => evidence(f, seen) === 'marks');
    const verdict = read ? evidence(bare, seen) : agreeing.length ? 'marks' : forms.length ? evidence(forms[0]!, seen) : 'unclear';
    // Labels are printed by the issuer with accents even where the holder's data is not: only names vote. A name read
    // with a known accented spelling where the picture sees no mark at all is a mark the picture missed (blurred into
    // its letter on a rough photo: INÊS and MÁRCIO read with theirs, none seen), and the reading is kept for it below.
    const missed = read && verdict === 'none' && forms.includes(bare);
    if (isKnownName(plain) && verdict !== 'unclear') votes[missed ? 'marks' : verdict]++;
    if (read) {
      // Read with marks: kept (a name unknown to the lexicon keeps what was read), but a known spelling with marks in the same places corrects their kind (MÓNICA → MÔNICA).
      const same = forms.filter((f) => [...f].every((c, i) => (c === plain[i]) === (bare[i] === plain[i])));
      if (same.length && !same.includes(bare)) set(w, same[0]!);
      continue;
    }
    if (agreeing.length) set(w, agreeing[0]!);
    else if (verdict === 'unclear' && forms.length === 1) undecided.push({ w, spelling: forms[0]! });
  }
  // The picture could not tell: the page's other names say whether this document prints accents.
  if (printsAccents(img)) for (const { w, spelling } of undecided) set(w, spelling);
  for (const line of lines) if (line.words.some((w) => changed.has(w))) line.text = line.words.map((w) => w.text).join(' ');
  return changed.size;
}
