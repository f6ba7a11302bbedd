import sharp from 'sharp';
import { cellTaps } from './box';

/** Blocks across the image for the paper estimate: coarse enough to hold paper between letters, fine enough to follow a shadow's edge. */
const BLOCKS_ACROSS = 48;
/** Brightness relative to the local paper above which a pixel is paper. */
const PAPER = 0.82;
/** Share of a block's pixels darker than its paper estimate (ink, guilloche, noise). */
const PAPER_PERCENTILE = 0.9;

/** Glare is near-white: paper below this is a bright part of the card, not light reflected off it. */
const GLARE_MIN = 240;
/** Glare brighter than the usual paper by less than this is ordinary light variation. */
const GLARE_STEP = 6;
/** Paper this close to white leaves no room to tell glare from paper. */
const MIN_GLARE_HEADROOM = 12;
/** The strongest glare undone: beyond it the few grey levels left are mostly noise. */
const MAX_GLARE = 0.88;

/**
 * A pixel `v` over its local paper `p`, for every (p, v): divided, squared so
 * thin light-grey labels stay dark enough to read, and near-paper tones (faint
 * guilloche, JPEG noise) made paper, which leaves fewer specks for the layout
 * analysis. A table, since it runs for every pixel of every page.
 */
const FLAT = (() => {
  const table = new Uint8Array(256 * 256);
  for (let p = 0; p < 256; p++) {
    for (let v = 0; v < 256; v++) {
      const ratio = Math.min(1, v / Math.max(1, p * 0.92));
      table[(p << 8) | v] = ratio >= PAPER ? 255 : Math.round(255 * ratio * ratio);
    }
  }
  return table;
})();

/** The paper's usual brightness: the median over the page of the local estimates, white margins left out. */
function usualPaper(paper: Buffer): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < paper.length; i += 7) {
    if (paper[i]! < 252) {
      hist[paper[i]!]!++;
      n++;
    }
  }
  return n === 0 ? 255 : percentile(hist, n, 0.5);
}

/** The grey level below which a share `q` of the `n` counted pixels lie. */
function percentile(hist: Uint32Array, n: number, q: number): number {
  let seen = 0;
  let v = 0;
  while (v < 255 && seen + hist[v]! < n * q) seen += hist[v++]!;
  return v;
}

/**
 * The paper brightness around each pixel: the 90th percentile of each block
 * (ink never reaches it, unlike a mean), smoothed and grown back to full size.
 */
async function paperBrightness(grey: Buffer, width: number, height: number): Promise<Buffer> {
  const size = Math.max(4, Math.ceil(width / BLOCKS_ACROSS));
  const bw = Math.ceil(width / size);
  const bh = Math.ceil(height / size);
  const blocks = Buffer.alloc(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      // Every other pixel each way: a quarter of the work, the same percentile within a grey level.
      for (let y = by * size; y < Math.min(height, (by + 1) * size); y += 2) {
        for (let x = bx * size; x < Math.min(width, (bx + 1) * size); x += 2) {
          hist[grey[y * width + x]!]!++;
          n++;
        }
      }
      blocks[by * bw + bx] = percentile(hist, n, PAPER_PERCENTILE);
    }
  }
  const smooth = await sharp(blocks, { raw: { width: bw, height: bh, channels: 1 } })
    .blur(1)
    // One channel out (sharp would otherwise write sRGB).
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return grown(smooth, bw, bh, width, height);
}

/**
 * A small grid of values grown to full size by bilinear interpolation between block centres: a third
 * of the time of libvips' cubic resize on a 3-megapixel page, and paper light varies too slowly for
 * the kernel to matter.
 */
function grown(grid: Buffer, gw: number, gh: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height);
  const { lo: x0, hi: x1, weight: wx } = cellTaps(width, gw);
  const rows = cellTaps(height, gh);
  // Each output row blends two grid rows once, then every pixel blends two values of that row.
  const row = new Float32Array(gw);
  for (let y = 0; y < height; y++) {
    const r0 = rows.lo[y]! * gw;
    const r1 = rows.hi[y]! * gw;
    const wy = rows.weight[y]!;
    for (let gx = 0; gx < gw; gx++) row[gx] = grid[r0 + gx]! + (grid[r1 + gx]! - grid[r0 + gx]!) * wy;
    const off = y * width;
    for (let x = 0; x < width; x++) {
      const a = row[x0[x]!]!;
      out[off + x] = (a + (row[x1[x]!]! - a) * wx[x]! + 0.5) | 0;
    }
  }
  return out;
}

/** A page with uneven light removed, and, where the paper is brighter than usual, a second version with glare taken away. */
export interface Flattened {
  pixels: Buffer;
  /**
   * The page with glare undone, and the box of the print it gives back; absent when nothing is brighter than usual.
   * `patch`: the part of that box where the glare was moderate, whose print the second version gives back reliably.
   */
  deglared?: { pixels: Buffer; box: [number, number, number, number]; patch?: [number, number, number, number] };
}

/**
 * Uneven light removed from a grey image: each pixel divided by the local
 * paper brightness, then squared so thin light-grey labels stay dark enough
 * to read, and what is nearly paper becomes paper. Tesseract binarises with
 * one global threshold, so a shadow over one corner otherwise turns that
 * corner black and its text is lost.
 *
 * Glare is white light added over the print: a share `a` of full white where
 * the paper is brighter than the page's usual paper. Undoing it
 * (v = (v' - 255a) / (1 - a)) gives washed-out letters their contrast back,
 * but a card's legitimately bright areas cannot be told from glare by their
 * brightness alone, and there it amplifies noise: so it is a second version
 * of the page, read only where the first reading is doubtful.
 */
export async function flattenIllumination(grey: Buffer, width: number, height: number): Promise<Flattened> {
  const paper = await paperBrightness(grey, width, height);
  const usual = usualPaper(paper);
  const pixels = Buffer.alloc(width * height);
  // Every pixel of every page passes here on the request thread: a tight loop of table look-ups first.
  for (let i = 0; i < pixels.length; i++) pixels[i] = FLAT[(paper[i]! << 8) | grey[i]!]!;
  let deglared: Buffer | undefined;
  // Print only the second version shows (paper in the first, ink in the second), and ink both show, counted per cell.
  const cells = glareCells(width, height);
  const brighter = Math.max(GLARE_MIN, usual + GLARE_STEP + 1);
  if (usual < 255 - MIN_GLARE_HEADROOM) {
    for (let i = 0; i < pixels.length; i++) {
      const local = paper[i]!;
      if (local < brighter) continue;
      const a = Math.min(MAX_GLARE, (local - usual) / (255 - usual));
      deglared ??= Buffer.from(pixels);
      deglared[i] = FLAT[(usual << 8) | Math.round(Math.max(0, (grey[i]! - 255 * a) / (1 - a)))]!;
      // Paper in the first version made ink off any stroke (the solid surround of a bright region) counts against its
      // cell, as ink the first version showed does.
      cells.note(i, local, deglared[i]! < 128 ? pixels[i] === 255 && inStroke(grey, i, width) : undefined);
    }
  }
  const region = deglared && cells.region();
  if (!deglared || !region) return { pixels };
  return { pixels, deglared: { pixels: deglared, ...region } };
}

/** How far a stroke's edge is looked for, and how much brighter the paper beside it is. */
const STROKE_REACH = 4;
const STROKE_CONTRAST = 16;

/**
 * Whether pixel `i` lies on a stroke: paper clearly brighter than it within a few pixels across or along. Print
 * washed out by glare keeps that contrast; the paper around a bright region (a white strip, a code's margin),
 * which the second version darkens because the paper estimate there is raised, is solid and has none.
 */
function inStroke(grey: Buffer, i: number, width: number): boolean {
  const v = grey[i]! + STROKE_CONTRAST;
  const [dx, dy] = [STROKE_REACH, STROKE_REACH * width];
  return grey[i - dx]! >= v || grey[i + dx]! >= v || grey[i - dy]! >= v || grey[i + dy]! >= v;
}

/** Cells across the page for the glare region: a few letters wide. */
const GLARE_CELLS_ACROSS = 40;
/** A cell is washed-out print when the second version recovers this share of its pixels as ink… */
const MIN_RECOVERED = 0.004;
/** …and at least as much ink as the first version already showed there (print glare washed out, not a picture, a code or an edge both versions show). */
const RECOVERED_OVER_SHOWN = 1;
/** Groups of washed-out cells giving back less than this share of the largest group's ink are strays. */
const MIN_GROUP_SHARE = 0.25;
/**
 * Cells whose paper is on average at most this bright are moderate glare, whose print the second version gives back
 * reliably; brighter ones may be paper printed white (a passport's zone strip), where the second version turns the
 * print's soft edges and the JPEG's ripples around it into ink (two tuned passports lost their zone that way).
 */
const PATCH_MAX_PAPER = 248;

/**
 * The box of the print glare washed out, from the pixels the second version makes ink, per cell: cells where it
 * gives back, on strokes, at least as much ink as it shows otherwise (a picture, a QR code or a card's edge is ink in
 * the first version too; the paper around a bright strip or margin, darkened because the paper estimate there is
 * raised, is solid, off any stroke), away from the page's outer cells (the card's border and the shade past it).
 * The box of the touching cells that give back the most, and of any others giving back a fair share of that.
 * Undefined when no cell is such. (The whole page's box made a second reading of a small patch cost a full one, which
 * the time budget then refused.)
 */
function glareCells(width: number, height: number) {
  const side = Math.max(8, Math.round(width / GLARE_CELLS_ACROSS));
  const [cx, cy] = [Math.ceil(width / side), Math.ceil(height / side)];
  const recovered = new Uint32Array(cx * cy);
  const shown = new Uint32Array(cx * cy);
  const paperSum = new Float64Array(cx * cy);
  const paperCount = new Uint32Array(cx * cy);
  const cellOf = (i: number) => {
    const x = i % width;
    return Math.floor((i - x) / width / side) * cx + Math.floor(x / side);
  };
  const boxOf = (cells: number[]): [number, number, number, number] => {
    const [x0, y0] = [Math.min(...cells.map((k) => k % cx)), Math.min(...cells.map((k) => Math.floor(k / cx)))];
    const [x1, y1] = [Math.max(...cells.map((k) => k % cx)), Math.max(...cells.map((k) => Math.floor(k / cx)))];
    const [left, top] = [x0 * side, y0 * side];
    return [left, top, Math.min(width, (x1 + 1) * side) - left, Math.min(height, (y1 + 1) * side) - top];
  };
  return {
    /**
     * Notes a bright pixel `i`: the paper's brightness under it, and, when the second version makes it ink, whether
     * that is print recovered (`true`) or ink that is not print the glare hid (`false`).
     */
    note(i: number, local: number, recoveredInk: boolean | undefined) {
      const c = cellOf(i);
      paperSum[c]! += local;
      paperCount[c]!++;
      if (recoveredInk === true) recovered[c]!++;
      else if (recoveredInk === false) shown[c]!++;
    },
    /** The box of the washed-out print, and of its moderately lit part (see `Flattened`). */
    region(): { box: [number, number, number, number]; patch?: [number, number, number, number] } | undefined {
      // Washed-out cells, away from the page's outer cells.
      const washed = (k: number) => {
        const [gx, gy] = [k % cx, Math.floor(k / cx)];
        return gx > 0 && gy > 0 && gx < cx - 1 && gy < cy - 1 && recovered[k]! >= MIN_RECOVERED * side * side && recovered[k]! >= RECOVERED_OVER_SHOWN * shown[k]!;
      };
      // Their groups (touching cells), each with the ink it gives back: one light makes one patch of glare, and a few
      // stray cells elsewhere (a code's margin, a fleck) must not stretch its box across the page.
      const seen = new Uint8Array(cx * cy);
      const groups: { mass: number; cells: number[] }[] = [];
      for (let k = 0; k < cx * cy; k++) {
        if (seen[k] || !washed(k)) continue;
        const g = { mass: 0, cells: [] as number[] };
        const stack = [k];
        seen[k] = 1;
        while (stack.length) {
          const c = stack.pop()!;
          const [gx, gy] = [c % cx, Math.floor(c / cx)];
          g.mass += recovered[c]!;
          g.cells.push(c);
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const [nx, ny] = [gx + dx, gy + dy];
              const n = ny * cx + nx;
              if (nx < 0 || ny < 0 || nx >= cx || ny >= cy || seen[n] || !washed(n)) continue;
              seen[n] = 1;
              stack.push(n);
            }
          }
        }
        groups.push(g);
      }
      if (groups.length === 0) return undefined;
      const heaviest = Math.max(...groups.map((g) => g.mass));
      const cells = groups.filter((g) => g.mass >= MIN_GROUP_SHARE * heaviest).flatMap((g) => g.cells);
      const moderate = cells.filter((k) => paperSum[k]! <= PATCH_MAX_PAPER * paperCount[k]!);
      return { box: boxOf(cells), ...(moderate.length ? { patch: boxOf(moderate) } : {}) };
    },
  };
}
