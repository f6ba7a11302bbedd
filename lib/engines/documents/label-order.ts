import { fromGrey, inkMask, toGrey, type Grey } from './box';

/**
 * Which way up a form is, from how its labels sit against their values: on identity documents (Brazilian and
 * ICAO alike) a field's label is printed small just above its value, so a small line whose nearest larger
 * neighbour lies just below it says the page is upright, and one whose nearest larger neighbour lies just above
 * says it is upside down. Told from the ink alone, before any reading: a page read upside down costs a whole
 * reading of garbage and the probes after it (about 1.3 s on a 1600 px photo), and for a document opened flat it
 * spent the time budget before the right way up was read.
 */

/** Vertical strips the page is cut into: narrow enough that a label and its value share a strip, wide enough to hold words. */
const STRIPS = 10;
/** The page is measured at most this wide (squeezed across only: line heights, the measure, keep every row). */
const MEASURE_WIDTH = 1600;
/** Half the side of the local window ink is measured against. */
const INK_WINDOW = 31;
/** A larger line is 1.3–3.5 times a smaller one's height (beyond, a heading or a picture). */
const LARGER: [number, number] = [1.3, 3.5];
/** A label lies this close to its value (gap over the value's height)... */
const NEAR = 1.2;
/** ...and clearly nearer to it than to the line on its other side. */
const CLEARLY_NEARER = 0.7;

export interface LabelOrder {
  /** Small lines with their larger neighbour just below (upright). */
  above: number;
  /** Small lines with their larger neighbour just above (upside down). */
  below: number;
}

interface Run {
  top: number;
  bottom: number;
  /** Share of the run's area that is ink: print covers a fifth or so of a line, a QR code or a picture half or more. */
  density: number;
}

/** Denser than this, a run is a code or a picture, not print: it counts as no line. */
const MAX_DENSITY = 0.6;

/** Lines of text in a strip: runs of rows holding ink (a one-row break bridged). */
function linesOf(ink: Uint8Array, w: number, h: number, x0: number, x1: number): Run[] {
  const least = Math.max(3, 0.02 * (x1 - x0));
  const on = new Uint8Array(h);
  const count = new Uint32Array(h);
  for (let y = 0; y < h; y++) {
    let c = 0;
    for (let x = x0; x < x1; x++) c += ink[y * w + x]!;
    count[y] = c;
    on[y] = c >= least ? 1 : 0;
  }
  const runs: Run[] = [];
  for (let y = 0; y < h; ) {
    if (!on[y]) {
      y++;
      continue;
    }
    let end = y;
    while (end < h && (on[end] || (end + 1 < h && on[end + 1]))) end++;
    const height = end - y;
    let inked = 0;
    for (let k = y; k < end; k++) inked += count[k]!;
    if (height >= 5 && height <= 0.12 * h) runs.push({ top: y, bottom: end, density: inked / (height * (x1 - x0)) });
    y = end + 1;
  }
  return runs;
}

/** Counts labels above and below their values on a page as it is to be read (level, at reading scale). */
export async function labelOrder(page: Grey): Promise<LabelOrder> {
  const g = page.width > MEASURE_WIDTH ? await toGrey(fromGrey(page).resize({ width: MEASURE_WIDTH, height: page.height, fit: 'fill', kernel: 'linear' })) : page;
  const { width: w, height: h } = g;
  const ink = inkMask(g, INK_WINDOW);
  const out: LabelOrder = { above: 0, below: 0 };
  const strip = Math.floor(w / STRIPS);
  if (strip < 20) return out;
  for (let s = 0; s < STRIPS; s++) {
    const runs = linesOf(ink, w, h, s * strip, (s + 1) * strip);
    runs.forEach((r, i) => {
      const height = r.bottom - r.top;
      if (r.density > MAX_DENSITY) return;
      const larger = (n: Run | undefined): n is Run => n !== undefined && n.density <= MAX_DENSITY && n.bottom - n.top >= LARGER[0] * height && n.bottom - n.top <= LARGER[1] * height;
      const up = runs[i - 1];
      const down = runs[i + 1];
      const gapUp = up ? r.top - up.bottom : Infinity;
      const gapDown = down ? down.top - r.bottom : Infinity;
      const valueBelow = larger(down) && gapDown <= NEAR * (down.bottom - down.top);
      const valueAbove = larger(up) && gapUp <= NEAR * (up.bottom - up.top);
      if (valueBelow && gapDown <= CLEARLY_NEARER * gapUp) out.above++;
      else if (valueAbove && gapUp <= CLEARLY_NEARER * gapDown) out.below++;
    });
  }
  return out;
}

/** Votes a side needs, and its lead over the other (measured on tuning photos of every type: no upright page reached it). */
const LEAST_VOTES = 4;
const LEAD = 3;

/** The labels say the page is upside down. */
export const labelsSayUpsideDown = (o: LabelOrder): boolean => o.below >= LEAST_VOTES && o.below >= LEAD * o.above;

/** The labels say the page is the right way up. */
export const labelsSayUpright = (o: LabelOrder): boolean => labelsSayUpsideDown({ above: o.below, below: o.above });
