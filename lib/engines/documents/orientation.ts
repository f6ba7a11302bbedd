import { ocrPool } from '../ocr';
import { fromGrey, pgm, toGrey, type Grey } from './box';
import { estimateSkew } from './deskew';
import { flattenIllumination } from './illumination';

export type Turn = 0 | 90 | 180 | 270;

/** Width (or height, for a tall page) a probe reads at, small photos enlarged to it: letters stay legible, the reading costs about a third of a full one. */
const PROBE_SIDE = 1100;
/** The shorter side a probe keeps at least (a page opened flat is three times as wide as tall), within MAX_PROBE_SIDE. */
const MIN_PROBE_SHORT_SIDE = 600;
const MAX_PROBE_SIDE = 2000;

/**
 * Words a reading is sure of: three letters or more at confidence 70 or better, lying level (upside down,
 * Tesseract is sure of few; sideways, it reads the lines as vertical text, with tall boxes).
 */
export function sureWords(words: { text: string; conf: number; bbox: [number, number, number, number] }[]): number {
  return words.filter((w) => w.conf >= 70 && /[A-Za-zÀ-ú]{3,}/.test(w.text) && w.bbox[2] > w.bbox[3]).length;
}

/**
 * Sure words a probe of each turn showed, per document: a turn probed once (the quarter turns, when the ink said the
 * lines stand on end) is not probed again when every turn is (the page read at neither quarter turn was no document).
 */
export type ProbeMemo = Map<Turn, Promise<number>>;

/**
 * Which of the given turns makes the page legible, from small readings of each side by side (the pool
 * reads them at once): a phone held the other way costs one small reading per turn, not a full one.
 * The turns best first, with the words each showed (the words are counted at the probe's size).
 */
export async function probeTurns(document: Grey, turns: Turn[], skews = new Map<number, number>(), seen?: ProbeMemo): Promise<{ turn: Turn; words: number }[]> {
  // A half turn leaves the tilt as it was: one estimate per axis, shared with the full readings.
  const tilts = new Map<number, Promise<number>>();
  const tiltOf = (turn: Turn, turned: Grey) => {
    const axis = turn % 180;
    const known = skews.get(axis);
    if (known !== undefined) return Promise.resolve(known);
    if (!tilts.has(axis)) tilts.set(axis, estimateSkew(turned).then((s) => (skews.set(axis, s), s)));
    return tilts.get(axis)!;
  };
  const probe = async (turn: Turn): Promise<number> => {
    const upright = turn ? await toGrey(fromGrey(document).rotate(turn)) : document;
    // Level, as the full reading is: read as sparse text (below), lines tilted 10° come back as letter soup.
    const skew = await tiltOf(turn, upright);
    // (Rotated apart from the resize: in one sharp pipeline the order of the two is not the order of the calls.)
    const turned = fromGrey(Math.abs(skew) >= 0.3 ? await toGrey(fromGrey(upright).rotate(-skew, { background: '#ffffff' })) : upright);
    const wide = turn % 180 === 0 ? document.width >= document.height : document.height >= document.width;
    // A page much wider than tall (two cards opened flat) is probed taller: at 1100 px across its letters would be a few pixels high.
    const elongation = Math.max(document.width, document.height) / Math.max(1, Math.min(document.width, document.height));
    const side = Math.round(Math.min(MAX_PROBE_SIDE, Math.max(PROBE_SIDE, MIN_PROBE_SHORT_SIDE * elongation)));
    const small = await toGrey(turned.resize(wide ? { width: side } : { height: side }));
    // Evenly lit, as the full reading is: on the raw page Tesseract's one global threshold can fall between a grey
    // card and the white painted round it, and the whole card reads as one dark picture with no text in it. Read as
    // sparse text: the page layout analysis can still take a tilted card with a QR code for a picture.
    const flat = await flattenIllumination(small.data, small.width, small.height);
    const out = await ocrPool().recognize({ image: pgm({ data: flat.pixels, width: small.width, height: small.height }), mode: 'sparse' });
    return sureWords(out.lines.flatMap((l) => l.words));
  };
  const once = (turn: Turn) => {
    if (!seen) return probe(turn);
    if (!seen.has(turn)) seen.set(turn, probe(turn));
    return seen.get(turn)!;
  };
  const results = await Promise.all(turns.map(async (turn) => ({ turn, words: await once(turn) })));
  return results.filter((r) => r.words >= 3).sort((a, b) => b.words - a.words);
}

/**
 * The quarter turn to read first when the ink says the lines stand on end, after probing both quarter turns (`top`: the
 * best legible probe): that probe's turn, or, when neither read a word (a blurred photo reads poorly at the probe's
 * size), the quarter turn already prepared, with the opposite one read after it if it does not settle. Never the level
 * page, which the ink rules out: read first, it left no time for either quarter.
 */
export function quarterAfterProbes(prepared: Turn, top: { turn: Turn } | undefined): { turn: Turn; thenOpposite: boolean } {
  return top ? { turn: top.turn, thenOpposite: false } : { turn: prepared, thenOpposite: true };
}

/** Whether one probe stands clearly above the rest: at least five sure words and twice the next one's. */
export function clearlyBest(probed: { turn: Turn; words: number }[]): Turn | undefined {
  const [top, next] = probed;
  return top && top.words >= 5 && top.words >= 2 * (next?.words ?? 0) ? top.turn : undefined;
}

/**
 * `probeTurns` of all four turns, level and upside down first (one round on the pool's two threads): when one of those
 * two stands clearly above the other, the quarter turns are not probed (a page turned a quarter shows few level words
 * either way up).
 */
export async function probeLevelFirst(document: Grey, skews?: Map<number, number>, affordsQuarter: () => boolean = () => true, seen?: ProbeMemo): Promise<{ turn: Turn; words: number }[]> {
  const level = await probeTurns(document, [0, 180], skews, seen);
  if (clearlyBest(level) !== undefined || !affordsQuarter()) return level;
  const quarter = await probeTurns(document, [90, 270], skews, seen);
  return [...level, ...quarter].sort((a, b) => b.words - a.words);
}
