import { imageOf, insideQuad, pixelsOf, type Point } from '../media';

export type { Point };
/** Corners clockwise from the top-left. */
export type Quad = [Point, Point, Point, Point];

const WORK_WIDTH = 360;

/**
 * The document's four corners in a photo, or undefined when it cannot be told
 * apart from what is around it (it fills the frame, or lies on a surface of
 * its own colour). The surface is what a flood from the picture's border
 * reaches through small colour steps (a shadow fades slowly, a document's
 * edge is a sharp step); the document is the largest region left, and its
 * corners are that region's extremes along the two diagonals (sound for tilts
 * under 45°; the 90° turns are handled after rectification).
 */
export async function locateDocument(png: Buffer): Promise<Quad | undefined> {
  const work = await workImage(png);
  const { data, w, h, scale } = work;
  // A region with nothing printed in it while print lies all around it is a plain block on a card that fills the frame
  // (a portrait's grey placeholder, a coloured panel), not the document. (A blank or washed-out card on a plain table
  // is still outlined: nothing is printed around it. Judged on the picture as it is, not as smoothed below: the
  // smoothed one is the same size, its print blurred.)
  let steps: Uint8Array | undefined;
  const trusted = ({ quad: q, small }: Outline): boolean => {
    steps ??= colourSteps(data, w, h);
    // An outline of two cards' shape with one half bare is a strip of one card, the flood run in over the rest (a pale
    // CPF card under glare on a pale table: its lower half outlined, 3.4 to 1, and read as one label and one date). Each
    // card of a document opened flat is printed: 6.9 % of steps or more in either half's middle on the tuning
    // generator's opened photos (plain, variety, rough, on patterned surfaces); the strip's bare half 0 %.
    if (shapedAs(quadShape(q), TWO_CARDS) && halves(q).some((half) => printShare(steps!, w, h, half, scale, 'middle') < MIN_PRINT)) return false;
    if (printShare(steps, w, h, q, scale, 'middle') < MIN_PRINT && printShare(steps, w, h, q, scale, 'around') >= MIN_PRINT) return false;
    // A small outline may be a card on a surface seen from further away, or a region on a card that fills the frame (its
    // portrait, a QR code, a block of print): it is taken when it has a document's shape and what lies around it is not
    // laid out as a card's print is.
    return !small || (documentShaped(quadShape(q)) && !cardPrintAround(steps, w, h, q, scale));
  };
  // A region that fits its quad poorly is not taken at once: a portrait joined to the print beside it on a page that
  // fills the frame (its sides ragged where the text lines end), or a card with a spur drawn out along a glare. Other
  // floods may still outline the card cleanly; else the first such outline is the last resort (below).
  // Once such an outline is found, a clean one is the card without its spur: it lies within it, no larger. (A clean one
  // far larger is a flood a finer step stopped at a textured surface's grain: the whole picture.)
  let loose: Outline | undefined;
  const clean = (o: Outline) => o.fit >= POOR_FIT && (!loose || quadArea(o.quad) <= quadArea(loose.quad) * LOOSE_GROWTH);
  const fitting = (accept: (o: Outline) => boolean) => (o: Outline): boolean => {
    if (clean(o)) return accept(o);
    if (o.fit < POOR_FIT && !loose && accept(o)) loose = o;
    return false;
  };
  // A glare over the document's edge washes the step out there and the flood runs in: then the edge is looked for
  // again with a finer step (a finer step first would stop the flood at every grain of a textured surface).
  const plain = outlineOnWork(work, fitting(trusted));
  if (plain) return plain.quad;
  // A patterned surface (wood grain, a striped cloth) has colour steps everywhere and stops the flood at once:
  // then the surface is what the border's own colours reach. Where the card shares a colour with the surface the
  // flood runs into it and cuts a corner off: only an outline of a document's shape is taken from it.
  const takeable = (o: Outline) => trusted(o) && documentShaped(quadShape(o.quad));
  const byPalette = outlineFit(floodByPalette(data, w, h), w, h, scale);
  if (byPalette && fitting(takeable)(byPalette)) return byPalette.quad;
  // A surface patterned finer than the card's margin (stripes of wood grain a few work pixels apart) also fills the
  // border's palette with the card's own light colours: smoothed over the pattern's period the surface is even, while
  // the card's edge, a step as long as the card, stays a step (spread over a few pixels: looked for across them).
  const smooth = await workImage(png, SMOOTHING);
  const smoothed = outlineOnWork(smooth, takeable, SMOOTH_REACH);
  if (smoothed && clean(smoothed)) return smoothed.quad;
  // A pale card on a pale surface (a white card scanned on a white lid) is parted from it by a thin edge line that the
  // work picture blurs into both: the flood crosses it and leaves the card's print, whose outline fits its quad poorly.
  // At twice the work picture's size the line is a wall: an outline found there is taken when it fits its quad cleanly.
  // (Only then: where nothing was outlined, the finer floods found nothing either, on every photo measured.)
  if (smoothed) {
    const fine = await workImage(png, WORK_BLUR, FINER * WORK_WIDTH);
    const finer = fine.w > smooth.w ? outlineOnWork(fine, (o) => o.fit >= CLEAN_FIT && clean(o) && takeable(o)) : undefined;
    if (finer) return finer.quad;
    loose ??= smoothed;
  }
  // The last resort: an outline that fits poorly, unless a card's print lies around it (then it is a region on a page
  // that fills the frame, and the whole page is read). Around a card on a surface lies the surface: its spur is kept, as
  // a crop holding the card reads better than the whole photo with its surface.
  return loose && !cardPrintAround(steps!, w, h, loose.quad, scale) ? loose.quad : undefined;
}

/**
 * The first outline that the floods from the border find on a work picture, an edge step after another (`EDGES`), and
 * that `take` accepts. `reach`: how far apart the colours compared across an edge lie, and how wide the edge is counted
 * as the document's own (a smoothed picture's edges are ramps; see `outlineOf`'s band).
 */
function outlineOnWork(work: WorkImage, take: (o: Outline) => boolean, reach = 1): Outline | undefined {
  for (const edge of EDGES) {
    const found = outlineFit(floodFromBorder(work.data, work.w, work.h, edge, reach), work.w, work.h, work.scale, reach > 1 ? reach : 0);
    if (found && take(found)) return found;
  }
  return undefined;
}

/** How many times the work picture's width the outline is looked for at when the work picture's own outline fits poorly. */
const FINER = 2;

/**
 * Least share of print (colour steps) in the middle of a located document, and around a region on a card that fills the
 * frame. Measured on 1600 px tuning, unseen-layout and ICAO photos: documents 5.7–32 % in their middle; a card's flat
 * portrait placeholder 0 %.
 */
const MIN_PRINT = 0.01;

/**
 * Share of work pixels where the colour steps as at an edge (print): in the middle 70 % of a quad's box, or around it
 * (beyond its box grown by a tenth, where a document's own outline and shadow end).
 */
function printShare(steps: Uint8Array, w: number, h: number, quad: Quad, scale: number, where: 'middle' | 'around'): number {
  const [x0, x1, y0, y1] = workBox(quad, scale);
  const [mx, my] = [(x1 - x0) * (where === 'middle' ? 0.15 : -0.1), (y1 - y0) * (where === 'middle' ? 0.15 : -0.1)];
  const inBox = (x: number, y: number) => x >= x0 + mx && x < x1 - mx && y >= y0 + my && y < y1 - my;
  let stepped = 0;
  let all = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      if (inBox(x, y) !== (where === 'middle')) continue;
      all++;
      stepped += steps[y * w + x]!;
    }
  return all ? stepped / all : 0;
}

/**
 * Whether print lies around a quad (beyond its box grown by a tenth) as it lies on a card: some print (`MIN_PRINT`), with
 * bare paper between its blocks. Counted over tiles of 8 × 8 work pixels (a line of print on a card that fills the
 * frame is a few work pixels tall), a tile bare when under 2 % of its pixels step. Around a card on a surface there is
 * no print (a plain table) or a texture spread evenly, with few bare tiles. Measured around the regions a card filling
 * the frame offers (real faces as its portrait, QR codes, blocks of print: 320 tuning-generator cards, clean and
 * blurred, dimmed and compressed): print 2.7–21 %, bare tiles 62–93 %; around cards at 45 % of a scene's width, print
 * under 1 % or bare tiles at most 46 %, but for 4 of 231 (51–86 % bare tiles), which stay unlocated.
 */
function cardPrintAround(steps: Uint8Array, w: number, h: number, quad: Quad, scale: number): boolean {
  if (printShare(steps, w, h, quad, scale, 'around') < MIN_PRINT) return false;
  const [x0, x1, y0, y1] = workBox(quad, scale);
  const [mx, my] = [(x1 - x0) * 0.1, (y1 - y0) * 0.1];
  let [tiles, bare] = [0, 0];
  for (let ty = 1; ty + TILE < h - 1; ty += TILE)
    for (let tx = 1; tx + TILE < w - 1; tx += TILE) {
      if (tx + TILE > x0 - mx && tx < x1 + mx && ty + TILE > y0 - my && ty < y1 + my) continue;
      let stepped = 0;
      for (let y = ty; y < ty + TILE; y++) for (let x = tx; x < tx + TILE; x++) stepped += steps[y * w + x]!;
      tiles++;
      if (stepped < TILE * TILE * 0.02) bare++;
    }
  return bare >= tiles * CARD_BARE;
}

/** Tile side (work pixels), and the least share of bare tiles around a region on a card. */
const TILE = 8;
const CARD_BARE = 0.5;

/** A quad's box in work pixels: left, right, top, bottom. */
function workBox(quad: Quad, scale: number): [number, number, number, number] {
  const xs = quad.map((p) => p[0] / scale);
  const ys = quad.map((p) => p[1] / scale);
  return [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
}

/** A quad cut in two across its long side (the two cards of a document opened flat). */
export function halves([tl, tr, br, bl]: Quad): [Quad, Quad] {
  const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const wide = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) >= Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
  return wide ? [[tl, mid(tl, tr), mid(bl, br), bl], [mid(tl, tr), tr, br, mid(bl, br)]] : [[tl, tr, mid(tr, br), mid(tl, bl)], [mid(tl, bl), mid(tr, br), br, bl]];
}

/** Blur (sigma, work pixels) that evens out a fine surface pattern, and how far apart the colours compared across an edge lie then. */
const SMOOTHING = 2.5;
const SMOOTH_REACH = 3;

/** Long side over short side of the documents read: one card or a passport page (1.42–1.59), a CNH opened and stacked (1.25–1.6), two cards side by side (about 3.2). */
const ONE_CARD: [number, number] = [1.25, 1.68];
const TWO_CARDS: [number, number] = [2.9, 3.45];

/** Whether a shape (width over height, either way up) lies in a range of long side over short side. */
function shapedAs(shape: number, [lo, hi]: [number, number]): boolean {
  const long = Math.max(shape, 1 / shape);
  return long >= lo && long <= hi;
}

const documentShaped = (shape: number) => shapedAs(shape, ONE_CARD) || shapedAs(shape, TWO_CARDS);

/**
 * Least share of the picture a document's outline covers: a document opened flat photographed from a standing height,
 * or one card from further away (a card at 45 % of the frame's width covers 10–15 % of it).
 */
const MIN_OUTLINE = 0.06;
/**
 * Below this share an outline is only taken when it has a document's shape and no card's print lies around it: on a
 * card that fills the frame, its portrait, a QR code or a block of print is a region of about this size.
 */
const MIN_ONE_CARD = 0.15;

/**
 * The document's outline from the flooded surface. `band`: how many work pixels wide the edge is counted as the
 * document's own (a smoothed picture's edge is a ramp the flood stops at its start), which the region may hold beyond
 * its corners' quad (they lie on the ramp's rounded corners).
 *
 * A hard shadow's rim, which the flood stops at from both sides, is left unflooded as a line a pixel or two thick;
 * joined to the card it draws a corner out along it (an opened CNH's top-left corner taken at the picture's edge, 200 px
 * left of the card, and the left card sheared). The region opened (`opened`) has no such line, but opening also rounds
 * a card's corners and breaks print joined by thin strokes: its outline is taken only when it fits its quad cleanly and
 * the region as it is gives no outline or fits its own poorly.
 */
export function outlineOf(surface: Uint8Array, w: number, h: number, scale: number, band = 0): Quad | undefined {
  return outlineFit(surface, w, h, scale, band)?.quad;
}

/** A document's outline, how well its region fills it (`overlap`), and whether it covers under `MIN_ONE_CARD` of the picture. */
type Outline = { quad: Quad; fit: number; small: boolean };

/** `outlineOf`, with the outline's fit. */
function outlineFit(surface: Uint8Array, w: number, h: number, scale: number, band = 0): Outline | undefined {
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) mask[i] = surface[i] ? 0 : 1;
  const whole = outlineOfRegion(largestRegion(mask, w, h), w, h, scale, band);
  // A region that fits its quad well has no spur: the opening is only worked out where it could be taken. (Not on a
  // smoothed picture: its edges are ramps, and opening moved a visa sticker's outline onto its zone.)
  if (band || (whole && whole.fit >= POOR_FIT)) return whole;
  const open = outlineOfRegion(largestRegion(opened(mask, w, h), w, h), w, h, scale, band);
  if (!open || open.fit < CLEAN_FIT) return whole;
  return !whole || open.size >= SPUR_KEEP * whole.size ? open : whole;
}

/**
 * The opened region's outline is taken only where it fits its quad cleanly (region and quad coincide on this share of
 * the pixels in either), the region as it is fits its own poorly, and the opening kept nearly all of it (a line is a
 * sliver of the card). Measured: the sheared opened CNH 0.86 as it is, 0.97 opened; where opening only rounds corners
 * or cuts print (specimen scans, visa stickers on a page) the region as it is fits at 0.93 or the opened one under 0.95.
 */
const CLEAN_FIT = 0.95;
const POOR_FIT = 0.9;
/** How much larger than a poorly fitting outline a clean one found after it may be (quads of two floods differ by a few %). */
const LOOSE_GROWTH = 1.05;
const SPUR_KEEP = 0.9;

/** A region's outline (its extremes along the diagonals), with how well the region fills it, when it is a document's. */
function outlineOfRegion(region: { size: number; pixels: number[] } | undefined, w: number, h: number, scale: number, band: number): (Outline & { size: number }) | undefined {
  if (!region || region.size < w * h * MIN_OUTLINE || region.size > w * h * 0.97) return undefined;
  let tl = 0, tr = 0, br = 0, bl = 0;
  let [minSum, maxSum, minDiff, maxDiff] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const i of region.pixels) {
    const x = i % w;
    const y = (i / w) | 0;
    if (x + y < minSum) [minSum, tl] = [x + y, i];
    if (x + y > maxSum) [maxSum, br] = [x + y, i];
    if (x - y > maxDiff) [maxDiff, tr] = [x - y, i];
    if (x - y < minDiff) [minDiff, bl] = [x - y, i];
  }
  // Corners in work pixels (for the fit), and at pixel centres in the photo's.
  const cell = (i: number): Point => [i % w, (i / w) | 0];
  const work: Quad = [cell(tl), cell(tr), cell(br), cell(bl)];
  const quad = work.map(([x, y]) => [(x + 0.5) * scale, (y + 0.5) * scale]) as Quad;
  // A document is a convex quadrilateral that its region fills.
  const area = quadArea(quad) / (scale * scale);
  const perimeter = quad.reduce((sum, p, k) => sum + dist(p, quad[(k + 1) % 4]!), 0) / scale;
  const fill = region.size / area;
  if (area < w * h * MIN_OUTLINE || fill < 0.9 || fill > 1.06 + (band * perimeter) / area) return undefined;
  // Two corners on the picture's edge: the flood was stopped at the border (a pattern) or the card is cut, not outlined.
  const onEdge = [tl, tr, br, bl].filter((i) => {
    const x = i % w;
    const y = (i / w) | 0;
    return x <= 1 || y <= 1 || x >= w - 2 || y >= h - 2;
  });
  if (onEdge.length >= 2) return undefined;
  return { quad: band ? inset(quad, band * scale) : quad, fit: overlap(region.pixels, w, h, work), size: region.size, small: area < w * h * MIN_ONE_CARD };
}

/**
 * How well a region and a quad (in work pixels) coincide: the pixels in both over the pixels in either (the region's
 * holes count as its own). A spur drawn out of the region moves a corner: the quad then leaves part of the card out
 * and takes in a wedge of the surface, which a fill ratio alone does not show (the two can cancel).
 */
function overlap(pixels: number[], w: number, h: number, quad: Quad): number {
  const inside = new Uint8Array(w * h);
  let [x0, x1, y0, y1] = [w, -1, h, -1];
  // The box holding both: the quad's corners are region pixels, so the region's box holds the quad.
  for (const i of pixels) {
    inside[i] = 1;
    const [x, y] = [i % w, (i / w) | 0];
    [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
  }
  let both = 0;
  let either = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const inQuad = insideQuad(quad, x, y);
      const inRegion = inside[y * w + x] === 1;
      if (inQuad && inRegion) both++;
      if (inQuad || inRegion) either++;
    }
  }
  return either ? both / either : 0;
}

/** A convex quad with each side moved inwards by `by` pixels (its corners where the moved sides meet). */
function inset(q: Quad, by: number): Quad {
  const [cx, cy] = [q.reduce((s, p) => s + p[0], 0) / 4, q.reduce((s, p) => s + p[1], 0) / 4];
  // Each side as a point and a direction, moved along its normal towards the middle.
  const sides = q.map((a, k) => {
    const b = q[(k + 1) % 4]!;
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const len = Math.hypot(dx, dy) || 1;
    let [nx, ny] = [-dy / len, dx / len];
    if (nx * (cx - a[0]) + ny * (cy - a[1]) < 0) [nx, ny] = [-nx, -ny];
    return { p: [a[0] + nx * by, a[1] + ny * by] as Point, d: [dx, dy] as Point };
  });
  // Corner k is where side k-1 meets side k.
  return q.map((corner, k) => {
    const { p: p1, d: d1 } = sides[(k + 3) % 4]!;
    const { p: p2, d: d2 } = sides[k]!;
    const det = d1[0] * d2[1] - d1[1] * d2[0];
    if (Math.abs(det) < 1e-9) return corner;
    const t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / det;
    return [p1[0] + d1[0] * t, p1[1] + d1[1] * t] as Point;
  }) as Quad;
}

/** Colour bins (16 levels a channel) and how many border pixels may fall near a bin before it counts as the surface's. */
const BIN = 16;
const SURFACE_SHARE = 0.004;

/**
 * The surface as the pixels of the border's colours that the border reaches through such pixels: a colour is the
 * surface's when enough border pixels lie in its bin or a neighbouring one (light falling off across the surface
 * spreads it over neighbouring bins; the border samples that spread).
 */
function floodByPalette(rgb: Buffer, w: number, h: number): Uint8Array {
  const n = 256 / BIN;
  const bin = (i: number) => (((rgb[i * 3]! / BIN) | 0) * n + ((rgb[i * 3 + 1]! / BIN) | 0)) * n + ((rgb[i * 3 + 2]! / BIN) | 0);
  const border = borderPixels(w, h);
  const counts = new Uint32Array(n * n * n);
  for (const i of border) counts[bin(i)]!++;
  const near = new Uint8Array(n * n * n);
  const least = Math.max(3, border.length * SURFACE_SHARE);
  for (let r = 0; r < n; r++) {
    for (let g = 0; g < n; g++) {
      for (let b = 0; b < n; b++) {
        let c = 0;
        for (let dr = -1; dr <= 1; dr++) for (let dg = -1; dg <= 1; dg++) for (let db = -1; db <= 1; db++) {
          const [R, G, B] = [r + dr, g + dg, b + db];
          if (R >= 0 && G >= 0 && B >= 0 && R < n && G < n && B < n) c += counts[(R * n + G) * n + B]!;
        }
        near[(r * n + g) * n + b] = c >= least ? 1 : 0;
      }
    }
  }
  // Every colour that is not the surface's is a wall.
  const walls = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) walls[i] = 1 - near[bin(i)]!;
  // No colour step stops this flood (edgeStep beyond any sum): only the walls do.
  return flood(rgb, w, h, border.filter((i) => !walls[i]), walls, 3 * 255 + 1);
}

/**
 * Where a document lies that the photo's edge cuts (a card held too close, an RG opened wider than the frame):
 * its visible part's box in the photo, or undefined. `locateDocument` floods the surface from every border
 * pixel, so where the card itself touches the border the flood runs over it and nothing is left. Here the
 * flood starts only from border pixels of the surface's colour (the border's median colour), and the
 * card's own border pixels are walls. The visible part must be a box it nearly fills, of 25–97 % of the
 * photo, cut by the left or right edge and by neither the top nor the bottom (a card clear of the edges is
 * `locateDocument`'s case).
 */
export async function visibleDocument(png: Buffer): Promise<{ box: [number, number, number, number]; shape: number } | undefined> {
  const { data, w, h, scale } = await workImage(png);
  const border = borderPixels(w, h);
  const median = (k: number) => border.map((i) => data[i * 3 + k]!).sort((a, b) => a - b)[border.length >> 1]!;
  const surface = [median(0), median(1), median(2)];
  const ofSurface = (i: number) => Math.abs(data[i * 3]! - surface[0]!) + Math.abs(data[i * 3 + 1]! - surface[1]!) + Math.abs(data[i * 3 + 2]! - surface[2]!) <= SURFACE_TOLERANCE;
  const seeds = border.filter(ofSurface);
  // The surface must be much of the border; else the border is mostly card (or clutter) and its median says nothing.
  if (seeds.length < border.length * 0.3) return undefined;
  // The border's other pixels are walls: the edge test skips the outermost pixels, and along them the flood would
  // otherwise run from the surface onto the card.
  const walls = new Uint8Array(w * h);
  for (const i of border) if (!ofSurface(i)) walls[i] = 1;
  for (const edge of EDGES) {
    const found = visiblePart(data, w, h, scale, seeds, walls, edge);
    if (found) return found;
  }
  return undefined;
}

function visiblePart(data: Buffer, w: number, h: number, scale: number, seeds: number[], walls: Uint8Array, edgeStep: number): { box: [number, number, number, number]; shape: number } | undefined {
  const flooded = flood(data, w, h, seeds, walls, edgeStep);
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) mask[i] = flooded[i] ? 0 : 1;
  const region = largestRegion(mask, w, h);
  if (!region) return undefined;
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  for (const i of region.pixels) {
    const x = i % w;
    const y = (i / w) | 0;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const area = (x1 - x0 + 1) * (y1 - y0 + 1);
  // Cut at the sides only: its height is whole, so its shape is at most the document's (a card cut at the top or
  // bottom would look wider than it is, and a single card could pass for two side by side).
  const cutAtSide = (x0 === 0 || x1 === w - 1) && y0 > 0 && y1 < h - 1;
  if (!cutAtSide || area < w * h * 0.25 || area > w * h * 0.97) return undefined;
  // A tilted card fills its upright box poorly: it must fill the box turned to its own tilt.
  const fitted = tiltedBox(region.pixels, w);
  if (region.size / fitted.area < 0.85) return undefined;
  return { box: [Math.round(x0 * scale), Math.round(y0 * scale), Math.round((x1 - x0 + 1) * scale), Math.round((y1 - y0 + 1) * scale)], shape: fitted.width / fitted.height };
}

/** The smallest box around a region among tilts of up to ±20° (1° steps): its area, width and height in pixels. */
function tiltedBox(pixels: number[], w: number): { area: number; width: number; height: number } {
  let best = { area: Infinity, width: 0, height: 0 };
  for (let degrees = -20; degrees <= 20; degrees++) {
    const c = Math.cos((degrees * Math.PI) / 180);
    const s = Math.sin((degrees * Math.PI) / 180);
    let [u0, v0, u1, v1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const i of pixels) {
      const x = i % w;
      const y = (i / w) | 0;
      const u = x * c + y * s;
      const v = y * c - x * s;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
    const width = u1 - u0 + 1;
    const height = v1 - v0 + 1;
    if (width * height < best.area) best = { area: width * height, width, height };
  }
  return best;
}

/** How far (sum over RGB) a border pixel may be from the border's median colour and still be taken for the surface. */
const SURFACE_TOLERANCE = 60;

/** Colour change (sum over RGB, across two pixels) that counts as an edge: a shadow fades slower, a document's edge is sharper. */
const EDGE = 36;
/** The steps tried in turn: the usual one, then a finer one for an edge washed out by glare. */
const EDGES = [EDGE, 18];

/** The photo small, smoothed and in RGB (what the outline is looked for on), and the scale back to the photo. */
type WorkImage = { data: Buffer; w: number; h: number; scale: number };

/** Work images per PNG, blur and width: the outline search and, when it finds none, the visible-part search read the same one. */
const worked = new WeakMap<Buffer, Map<string, Promise<WorkImage>>>();

/** Blur (sigma) of the usual work picture: a photo's noise and JPEG blocks evened out. */
const WORK_BLUR = 0.8;

function workImage(png: Buffer, blur = WORK_BLUR, width = WORK_WIDTH): Promise<WorkImage> {
  let byBlur = worked.get(png);
  if (!byBlur) worked.set(png, (byBlur = new Map()));
  const key = `${blur}@${width}`;
  if (!byBlur.has(key)) byBlur.set(key, makeWorkImage(png, blur, width));
  return byBlur.get(key)!;
}

/** The work picture at `width`, never wider than the photo (a finer one is only asked of a photo that has the pixels). */
async function makeWorkImage(png: Buffer, blur: number, width: number): Promise<WorkImage> {
  const { data, info } = await (await imageOf(png)).removeAlpha().toColourspace('srgb').resize({ width, withoutEnlargement: width > WORK_WIDTH }).blur(blur).raw().toBuffer({ resolveWithObject: true });
  return { data, w: info.width, h: info.height, scale: (await pixelsOf(png)).width / info.width };
}

/** The pixels on a picture's four edges, each once. */
function borderPixels(w: number, h: number): number[] {
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) border.push(y * w, y * w + w - 1);
  return border;
}

function floodFromBorder(rgb: Buffer, w: number, h: number, edgeStep = EDGE, reach = 1): Uint8Array {
  return flood(rgb, w, h, borderPixels(w, h), undefined, edgeStep, reach);
}

/** Pixels where the colour, compared `reach` pixels either side across or down, steps by more than `edgeStep` (0 at the picture's rim). */
export function colourSteps(rgb: Buffer, w: number, h: number, edgeStep = EDGE, reach = 1): Uint8Array {
  const c = (i: number, k: number) => rgb[i * 3 + k]!;
  const diff = (a: number, b: number) => Math.abs(c(a, 0) - c(b, 0)) + Math.abs(c(a, 1) - c(b, 1)) + Math.abs(c(a, 2) - c(b, 2));
  const edge = new Uint8Array(w * h);
  for (let y = reach; y < h - reach; y++) {
    for (let x = reach; x < w - reach; x++) {
      const i = y * w + x;
      edge[i] = diff(i - reach, i + reach) > edgeStep || diff(i - reach * w, i + reach * w) > edgeStep ? 1 : 0;
    }
  }
  return edge;
}

/** What a flood from `seeds` reaches through small colour steps. */
function flood(rgb: Buffer, w: number, h: number, seeds: number[], walls?: Uint8Array, edgeStep = EDGE, reach = 1): Uint8Array {
  const edge = colourSteps(rgb, w, h, edgeStep, reach);
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let top = 0;
  for (const i of seeds) {
    if (seen[i]) continue;
    seen[i] = 1;
    stack[top++] = i;
  }
  fill(stack, top, w, h, (j) => {
    if (seen[j] || edge[j] || walls?.[j]) return false;
    seen[j] = 1;
    return true;
  });
  return seen;
}

/**
 * Depth first over the four neighbours from the first `top` pixels on `stack` (already entered): `enter(j)` says
 * whether neighbour `j` joins, marking it so it joins once; `reached(i)` hears each pixel as it is taken off.
 * (A typed stack, each pixel pushed once, and no array made per pixel: this runs over every pixel several times a call.)
 */
function fill(stack: Int32Array, top: number, w: number, h: number, enter: (j: number) => boolean, reached?: (i: number) => void): void {
  while (top > 0) {
    const i = stack[--top]!;
    reached?.(i);
    const x = i % w;
    if (x > 0 && enter(i - 1)) stack[top++] = i - 1;
    if (x < w - 1 && enter(i + 1)) stack[top++] = i + 1;
    if (i >= w && enter(i - w)) stack[top++] = i - w;
    if (i < w * (h - 1) && enter(i + w)) stack[top++] = i + w;
  }
}

/** The mask opened by a 3×3 square (eroded, then grown back): lines one or two work pixels thick are gone. */
function opened(mask: Uint8Array, w: number, h: number): Uint8Array {
  const pass = (src: Uint8Array, keep: (n: number) => boolean) => {
    const out = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= h) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx >= 0 && xx < w) n += src[yy * w + xx]!;
          }
        }
        out[y * w + x] = keep(n) ? 1 : 0;
      }
    }
    return out;
  };
  // Eroded: set where the whole 3×3 neighbourhood is (inside the picture); grown: set where any neighbour is.
  return pass(pass(mask, (n) => n === 9), (n) => n > 0);
}

function largestRegion(mask: Uint8Array, w: number, h: number): { size: number; pixels: number[] } | undefined {
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const region = new Int32Array(w * h);
  const enter = (j: number) => {
    if (!mask[j] || seen[j]) return false;
    seen[j] = 1;
    return true;
  };
  let best: number[] | undefined;
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || seen[start]) continue;
    let size = 0;
    stack[0] = start;
    seen[start] = 1;
    fill(stack, 1, w, h, enter, (i) => (region[size++] = i));
    if (!best || size > best.length) best = Array.from(region.subarray(0, size));
  }
  // Holes (dark print inside a light card) belong to the document too.
  return best && { size: filledSize(best, w, h), pixels: best };
}

/** Pixels of a region with its holes filled: everything the outside cannot reach. */
function filledSize(pixels: number[], w: number, h: number): number {
  const inside = new Uint8Array(w * h);
  for (const i of pixels) inside[i] = 1;
  const outside = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let top = 0;
  let count = 0;
  const enter = (j: number) => {
    if (outside[j] || inside[j]) return false;
    outside[j] = 1;
    count++;
    return true;
  };
  for (const i of borderPixels(w, h)) if (enter(i)) stack[top++] = i;
  fill(stack, top, w, h, enter);
  return w * h - count;
}

function quadArea(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i]!;
    const [x1, y1] = q[(i + 1) % 4]!;
    s += x0 * y1 - x1 * y0;
  }
  return Math.abs(s) / 2;
}

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The homography taking the rectangle (0,0)-(W,H) onto the quad: rectified point -> photo point. */
export function homography(quad: Quad, W: number, H: number): (x: number, y: number) => Point {
  const src: Point[] = [
    [0, 0],
    [W, 0],
    [W, H],
    [0, H],
  ];
  // Eight equations a..h with i = 1 (classic DLT), solved by Gaussian elimination.
  const A: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = src[k]!;
    const [u, v] = quad[k]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      for (let k = c; k < 9; k++) A[r]![k]! -= f * A[c]![k]!;
    }
  }
  const m = A.map((row, i) => row[8]! / row[i]!);
  return (x, y) => {
    const d = m[6]! * x + m[7]! * y + 1;
    return [(m[0]! * x + m[1]! * y + m[2]!) / d, (m[3]! * x + m[4]! * y + m[5]!) / d];
  };
}

export interface Rectified {
  /** Grey, the document alone, as if scanned flat. */
  grey: Buffer;
  width: number;
  height: number;
  /** Rectified pixel -> pixel of the photo. */
  toPhoto: (x: number, y: number) => Point;
}

/** The document cut out of the photo and its perspective undone (bilinear resampling of the grey image). */
/** Width over height of a located document (corners top-left, top-right, bottom-right, bottom-left): its mean side lengths, whatever its tilt. */
export function quadShape(q: readonly Point[]): number {
  const [width, height] = quadSize(q);
  return width / Math.max(0.5, height);
}

/** Width and height of a located document: the mean lengths of its opposite sides. */
function quadSize(q: readonly Point[]): [number, number] {
  return [(dist(q[0]!, q[1]!) + dist(q[3]!, q[2]!)) / 2, (dist(q[0]!, q[3]!) + dist(q[1]!, q[2]!)) / 2];
}

export async function rectify(png: Buffer, quad: Quad): Promise<Rectified> {
  const { data, info } = await (await imageOf(png)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const sw = info.width;
  const sh = info.height;
  const [width, height] = quadSize(quad).map(Math.round) as [number, number];
  const toPhoto = homography(quad, width, height);
  const grey = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = toPhoto(x + 0.5, y + 0.5);
      const fx = Math.min(sw - 1.001, Math.max(0, u - 0.5));
      const fy = Math.min(sh - 1.001, Math.max(0, v - 0.5));
      const x0 = fx | 0;
      const y0 = fy | 0;
      const ax = fx - x0;
      const ay = fy - y0;
      const i = y0 * sw + x0;
      const top = data[i]! * (1 - ax) + data[i + 1]! * ax;
      const bottom = data[i + sw]! * (1 - ax) + data[i + sw + 1]! * ax;
      grey[y * width + x] = Math.round(top * (1 - ay) + bottom * ay);
    }
  }
  return { grey, width, height, toPhoto };
}
