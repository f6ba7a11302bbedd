import { fromGrey, inkMask, toGrey, type Grey } from './box';

/** Longest side the page is measured at: letters of an ID card photo stay several pixels tall. */
const MEASURE_SIDE = 800;
/** Square tiles of this many pixels (at the measuring size) each vote on the direction of the lines they hold. */
const TILE = 40;
/** Half the side of the window the local threshold is the mean of. */
const WINDOW = 15;
/** A tile votes when one profile varies this much more than the other. */
const VOTE_RATIO = 1.4;

export interface TextDirection {
  /** Tiles whose ink lies in rows (lines of text level). */
  level: number;
  /** Tiles whose ink lies in columns (lines of text standing on end: the page a quarter turn from upright). */
  standing: number;
}

/**
 * Which way the lines of text run, by projection profiles, in a few milliseconds: in a patch of level text the ink
 * per row swings between lines and the gaps between them, while the ink per column is spread evenly along the
 * letters; turned a quarter, the other way round. Each tile holding some ink votes for the profile that swings more.
 * A page read at the wrong quarter turn costs a whole reading (Tesseract reads sideways lines as vertical text, slowly
 * and poorly); this tells it before any reading.
 */
export async function textDirection(page: Grey): Promise<TextDirection> {
  const scale = Math.min(1, MEASURE_SIDE / Math.max(page.width, page.height));
  const small = scale < 1 ? await toGrey(fromGrey(page).resize({ width: Math.round(page.width * scale), height: Math.round(page.height * scale), kernel: 'linear' })) : page;
  const { width: w, height: h } = small;
  if (w < TILE || h < TILE) return { level: 0, standing: 0 };
  const ink = inkMask(small, 2 * WINDOW + 1);
  const out: TextDirection = { level: 0, standing: 0 };
  const rows = new Float64Array(TILE);
  const cols = new Float64Array(TILE);
  for (let ty = 0; ty + TILE <= h; ty += TILE)
    for (let tx = 0; tx + TILE <= w; tx += TILE) {
      rows.fill(0);
      cols.fill(0);
      let total = 0;
      for (let y = 0; y < TILE; y++)
        for (let x = 0; x < TILE; x++)
          if (ink[(ty + y) * w + tx + x]) {
            rows[y]!++;
            cols[x]!++;
            total++;
          }
      // Too little ink to hold text, or so much that it is a picture or a dark edge.
      const share = total / (TILE * TILE);
      if (share < 0.04 || share > 0.45) continue;
      const swingRows = spread(rows);
      const swingCols = spread(cols);
      if (swingRows > VOTE_RATIO * swingCols) out.level++;
      else if (swingCols > VOTE_RATIO * swingRows) out.standing++;
    }
  return out;
}

/** Standard deviation of a profile. */
function spread(profile: Float64Array): number {
  let mean = 0;
  for (const v of profile) mean += v;
  mean /= profile.length;
  let sq = 0;
  for (const v of profile) sq += (v - mean) ** 2;
  return Math.sqrt(sq / profile.length);
}

/**
 * Lines that stand on end: enough tiles vote so, and clearly more than vote level. Measured on whole tuning photos of
 * every type, upright and turned a quarter (600 photos in three sets, the varied and rough one among them): turned
 * ones 1.28 or more standing per level tile, upright ones 0.78 or less. A page missed costs what it did before (a
 * sideways reading); one taken for turned costs two small probes.
 */
const STANDING_RATIO = 1.25;
export function linesStandOnEnd(d: TextDirection): boolean {
  return d.standing >= 8 && d.standing >= STANDING_RATIO * d.level;
}
