import { imageOf } from '../media';
import { type Box } from './box';
import { colourSteps } from './locate';

/** Width the print is looked for at: a card at 40 % of a phone photo's width still shows its lines of print. */
const WORK_WIDTH = 720;
/** Colour step (sum over R, G, B between pixels two apart) that print makes and a table's grain or weave, blurred, does not. */
const PRINT_STEP = 60;
/** Tile side in work pixels, and the least share of a tile's pixels on such a step for the tile to hold print. */
const TILE = 12;
const PRINT_DENSITY = 0.08;
/** Print tiles this many tiles apart belong to one block (the gaps between a card's lines and fields). */
const JOIN = 2;
/** Least print tiles of the block: a few words are not a document. */
const MIN_TILES = 15;
/** Largest share of the frame the block's box may cover: beyond it, cropping gains little resolution. */
const MAX_SHARE = 0.4;
/** Share of all print tiles the block must hold, and of the tiles around it that may hold print. */
const MIN_HELD = 0.85;
const MAX_AROUND = 0.01;
/** Margin kept around the block: a share of its size on each side, plus tiles (pale print the step missed). */
const MARGIN_SHARE = 0.08;
const MARGIN_TILES = 1;

/**
 * Where the print lies on a photo whose document could not be outlined, as a box of the photo, or undefined. A card
 * photographed from afar on a plain or finely textured surface, with a glare across its edge (the flood that outlines
 * a card runs in through it), is read as the whole photo, and its letters are then a few pixels tall. Its print is
 * still a compact block of strong colour steps with bare surface all around: cropped to that block, with a margin, the
 * page is read at the size its letters need. Undefined where the print is spread over the frame (a card filling it, a
 * patterned surface) or scattered in several blocks.
 */
export async function printRegion(png: Buffer): Promise<Box | undefined> {
  const photo = await imageOf(png);
  const { width: photoWidth, height: photoHeight } = await photo.metadata();
  const { data, info } = await photo.removeAlpha().toColourspace('srgb').resize({ width: WORK_WIDTH, withoutEnlargement: true }).blur(0.6).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  if (!photoWidth || !photoHeight) return undefined;
  const tiles = printTiles(data, w, h);
  const block = largestBlock(tiles);
  if (!block || block.count < MIN_TILES || block.count < tiles.count * MIN_HELD) return undefined;
  const [x0, y0, x1, y1] = block.box;
  const [bw, bh] = [x1 - x0 + 1, y1 - y0 + 1];
  if (bw * bh > tiles.tw * tiles.th * MAX_SHARE) return undefined;
  const around = aroundCount(tiles, block.box);
  if (around.print > around.all * MAX_AROUND) return undefined;
  const mx = Math.round(bw * MARGIN_SHARE) + MARGIN_TILES;
  const my = Math.round(bh * MARGIN_SHARE) + MARGIN_TILES;
  const s = (photoWidth / w) * TILE;
  const left = Math.max(0, Math.floor((x0 - mx) * s));
  const top = Math.max(0, Math.floor((y0 - my) * s));
  const right = Math.min(photoWidth, Math.ceil((x1 + 1 + mx) * s));
  const bottom = Math.min(photoHeight, Math.ceil((y1 + 1 + my) * s));
  return [left, top, right - left, bottom - top];
}

interface Tiles {
  print: Uint8Array;
  tw: number;
  th: number;
  count: number;
}

/** Which tiles hold print: enough of their pixels on a strong colour step. */
function printTiles(rgb: Buffer, w: number, h: number): Tiles {
  const steps = colourSteps(rgb, w, h, PRINT_STEP);
  const tw = Math.floor(w / TILE);
  const th = Math.floor(h / TILE);
  const print = new Uint8Array(tw * th);
  let count = 0;
  for (let ty = 0; ty < th; ty++)
    for (let tx = 0; tx < tw; tx++) {
      let n = 0;
      for (let y = ty * TILE; y < (ty + 1) * TILE; y++)
        for (let x = tx * TILE; x < (tx + 1) * TILE; x++) n += steps[y * w + x]!;
      if (n >= TILE * TILE * PRINT_DENSITY) {
        print[ty * tw + tx] = 1;
        count++;
      }
    }
  return { print, tw, th, count };
}

/** The block holding the most print tiles, tiles within `JOIN` of each other joined: its count and box (tiles, inclusive). */
function largestBlock({ print, tw, th }: Tiles): { count: number; box: [number, number, number, number] } | undefined {
  const seen = new Uint8Array(tw * th);
  let best: { count: number; box: [number, number, number, number] } | undefined;
  for (let start = 0; start < tw * th; start++) {
    if (!print[start] || seen[start]) continue;
    seen[start] = 1;
    const stack = [start];
    let count = 0;
    const box: [number, number, number, number] = [tw, th, -1, -1];
    while (stack.length) {
      const i = stack.pop()!;
      const [x, y] = [i % tw, (i / tw) | 0];
      count++;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
      for (let dy = -JOIN; dy <= JOIN; dy++)
        for (let dx = -JOIN; dx <= JOIN; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= tw || ny >= th) continue;
          const j = ny * tw + nx;
          if (print[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    if (!best || count > best.count) best = { count, box };
  }
  return best;
}

/** Tiles outside the block's box grown by `JOIN`: how many, and how many of them hold print. */
function aroundCount({ print, tw, th }: Tiles, [x0, y0, x1, y1]: [number, number, number, number]): { all: number; print: number } {
  let all = 0;
  let printed = 0;
  for (let y = 0; y < th; y++)
    for (let x = 0; x < tw; x++) {
      if (x >= x0 - JOIN && x <= x1 + JOIN && y >= y0 - JOIN && y <= y1 + JOIN) continue;
      all++;
      printed += print[y * tw + x]!;
    }
  return { all, print: printed };
}
