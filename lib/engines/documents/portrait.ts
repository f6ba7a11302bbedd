import type { Box, Grey } from './box';

export interface PortraitCue {
  /** Where the portrait's centre lies across the card. */
  side: 'left' | 'centre' | 'right';
  /** In pixels of the page that was read. */
  box: Box;
}

/**
 * The grid's cells are about square on the card: 24 × 15 on one card, more columns on two cards side by side and
 * more rows on two stacked (a portrait there is a smaller share of the page, and must still span several cells).
 */
const CARD_COLS = 24;
const CARD_ROWS = 15;
const MAX_CELLS = 60;

/** The grid laid on a card of width × height. */
function gridOf(width: number, height: number): { cols: number; rows: number } {
  return { cols: Math.min(MAX_CELLS, Math.max(CARD_COLS, Math.round((CARD_ROWS * width) / height))), rows: Math.min(MAX_CELLS, Math.max(CARD_ROWS, Math.round((CARD_COLS * height) / width))) };
}

/**
 * A card's exact box (inside its located outline) grown by one cell of its grid on each side, within the page: the
 * grid's outer ring, never taken for a portrait, then lies on the card's edge and the surface just past it, not on
 * a portrait printed close to the edge.
 */
export function withRing([x, y, w, h]: Box, page: { width: number; height: number }): Box {
  const { cols, rows } = gridOf(w, h);
  const [cw, ch] = [Math.round(w / (cols - 2)), Math.round(h / (rows - 2))];
  const [x0, y0] = [Math.max(0, x - cw), Math.max(0, y - ch)];
  return [x0, y0, Math.min(page.width, x + w + cw) - x0, Math.min(page.height, y + h + ch) - y0];
}

/** Morphological closing (3×3) of the grid: a light gap of one cell (between a silhouette's head and shoulders) joins the block. */
function closeGaps(grid: Uint8Array, rows: number, cols: number): void {
  const at = (g: Uint8Array, r: number, c: number) => (r >= 0 && r < rows && c >= 0 && c < cols ? g[r * cols + c]! : 0);
  const around = (g: Uint8Array, r: number, c: number, all: boolean) => {
    let n = 0;
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) n += at(g, r + dr, c + dc) || (all && (r + dr < 0 || r + dr >= rows || c + dc < 0 || c + dc >= cols)) ? 1 : 0;
    return n;
  };
  const dilated = new Uint8Array(grid.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) dilated[r * cols + c] = around(grid, r, c, false) > 0 ? 1 : 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) grid[r * cols + c] = around(dilated, r, c, true) === 9 ? 1 : 0;
}

/**
 * A block's box to the pixel: rows and columns at its edges where little differs from the background
 * are cut (the grid's edge cells are only partly covered, which would stretch a square code to 3:4).
 */
function trimmed(page: Grey, background: number, [x, y, w, h]: number[]): Box {
  const [x0, y0, x1, y1] = [Math.floor(x!), Math.floor(y!), Math.min(page.width, Math.ceil(x! + w!)), Math.min(page.height, Math.ceil(y! + h!))];
  const ink = (px: number, py: number) => Math.abs(page.data[py * page.width + px]! - background) > 40;
  const rowShare = (py: number) => {
    let n = 0;
    for (let px = x0; px < x1; px += 2) n += ink(px, py) ? 1 : 0;
    return n / Math.max(1, (x1 - x0) / 2);
  };
  const colShare = (px: number) => {
    let n = 0;
    for (let py = y0; py < y1; py += 2) n += ink(px, py) ? 1 : 0;
    return n / Math.max(1, (y1 - y0) / 2);
  };
  let [top, bottom, left, right] = [y0, y1 - 1, x0, x1 - 1];
  while (top < bottom && rowShare(top) < 0.15) top++;
  while (bottom > top && rowShare(bottom) < 0.15) bottom--;
  while (left < right && colShare(left) < 0.15) left++;
  while (right > left && colShare(right) < 0.15) right--;
  return [left, top, right - left + 1, bottom - top + 1];
}

/** Cells on each side of a cell whose text-free means give its local background (a portrait spans about 4 × 5 cells). */
const AROUND = 6;

/** Each cell's local background: the median of the text-free cells' means within AROUND cells of it (the portrait is a minority there). */
function localBackground(mean: Float64Array, text: Uint8Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const near: number[] = [];
      for (let rr = Math.max(0, r - AROUND); rr <= Math.min(rows - 1, r + AROUND); rr++) for (let cc = Math.max(0, c - AROUND); cc <= Math.min(cols - 1, c + AROUND); cc++) if (!text[rr * cols + cc]) near.push(mean[rr * cols + cc]!);
      near.sort((a, b) => a - b);
      out[r * cols + c] = near.length ? near[Math.floor(near.length * 0.5)]! : 255;
    }
  }
  return out;
}

/**
 * A portrait is the largest upright rectangle on the card that holds no text and does not look like
 * the card's background (darker or busier than it), a third to a half of the card's height or more.
 * Found on a coarse grid from the OCR's line boxes and the grey levels: no face detector (the
 * document engine stays free of the face models, and a printed silhouette counts too). `local`: each cell is judged
 * against the tones around it rather than the card's as a whole (`findPortraitOnCards`).
 */
export function findPortrait(page: Grey, textBoxes: Box[], card?: Box, local = false): PortraitCue | undefined {
  // The grid covers the card alone when its place on the page is known: the blank corners a deskew adds around a
  // tilted card are brighter than any card, and taken for its background they mark the whole card as portrait.
  const [ox, oy, width, height] = card ?? [0, 0, page.width, page.height];
  const { data } = page;
  const { cols, rows } = gridOf(width, height);
  const cw = width / cols;
  const ch = height / rows;
  const text = new Uint8Array(cols * rows);
  for (const [bx, by, w, h] of textBoxes) {
    const [x, y] = [bx - ox, by - oy];
    // A line box covers the cells its middle passes through (boxes overlap neighbours by a few pixels).
    const c0 = Math.max(0, Math.floor((x + w * 0.05) / cw));
    const c1 = Math.min(cols - 1, Math.floor((x + w * 0.95) / cw));
    const r0 = Math.max(0, Math.floor((y + h * 0.2) / ch));
    const r1 = Math.min(rows - 1, Math.floor((y + h * 0.8) / ch));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) text[r * cols + c] = 1;
  }
  const mean = new Float64Array(cols * rows);
  const spread = new Float64Array(cols * rows);
  // About 12 × 12 samples per cell: enough for its mean and spread, and a few milliseconds on the request thread.
  const step = Math.max(1, Math.floor(Math.min(cw, ch) / 12));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let n = 0;
      let s = 0;
      let s2 = 0;
      for (let y = oy + Math.floor(r * ch); y < oy + Math.floor((r + 1) * ch); y += step) {
        for (let x = ox + Math.floor(c * cw); x < ox + Math.floor((c + 1) * cw); x += step) {
          const v = data[y * page.width + x]!;
          s += v;
          s2 += v * v;
          n++;
        }
      }
      mean[r * cols + c] = s / n;
      spread[r * cols + c] = Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2));
    }
  }
  const free = [...mean].filter((_, i) => !text[i]).sort((a, b) => a - b);
  if (free.length < 12) return undefined;
  const background = free[Math.floor(free.length * 0.75)]!;
  // Local: each cell against the text-free cells around it (a shadow or glare across the card shifts its tone more than
  // a portrait's frame differs from the card).
  const around = local ? localBackground(mean, text, rows, cols) : undefined;
  const bgAt = (i: number) => around?.[i] ?? background;
  const marked = new Uint8Array(cols * rows);
  for (let i = 0; i < marked.length; i++) marked[i] = !text[i] && (bgAt(i) - mean[i]! > 28 || spread[i]! > 38) ? 1 : 0;
  // The outer ring is the card's edge, its printed frame or the surface around it, never the portrait.
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) marked[r * cols + c] = 0;
  closeGaps(marked, rows, cols);
  // Blocks of touching marked cells: a portrait is one block as a whole (any part of a square code is 3:4 too).
  const seen = new Uint8Array(cols * rows);
  let best: { area: number; box: [number, number, number, number] } | undefined;
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let [c0, r0, c1, r1, count] = [cols, rows, 0, 0, 0];
    while (stack.length) {
      const i = stack.pop()!;
      const r = Math.floor(i / cols);
      const c = i % cols;
      count++;
      [c0, r0, c1, r1] = [Math.min(c0, c), Math.min(r0, r), Math.max(c1, c + 1), Math.max(r1, r + 1)];
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const rr = r + dr;
        const cc = c + dc;
        const j = rr * cols + cc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols && marked[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    const cells = (r1 - r0) * (c1 - c0);
    let textCells = 0;
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) textCells += text[r * cols + c]!;
    if (r1 - r0 < 4 || c1 - c0 < 3 || count < cells * 0.6 || textCells > cells * 0.08 || (best && cells <= best.area)) continue;
    // Portraits are about 3:4; a QR code (square) or a signature strip (wide) is not one.
    let blockBackground = background;
    if (around) {
      let sum = 0;
      for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) sum += around[r * cols + c]!;
      blockBackground = sum / cells;
    }
    const [, , bw, bh] = trimmed(page, blockBackground, [ox + c0 * cw, oy + r0 * ch, (c1 - c0) * cw, (r1 - r0) * ch]);
    const aspect = bw / Math.max(1, bh);
    if (aspect < 0.45 || aspect > 0.92) continue;
    best = { area: cells, box: [c0, r0, c1, r1] };
  }
  if (!best) return undefined;
  const [c0, r0, c1, r1] = best.box;
  const centre = (c0 + c1) / 2 / cols;
  return { side: centre < 0.4 ? 'left' : centre > 0.6 ? 'right' : 'centre', box: [Math.round(ox + c0 * cw), Math.round(oy + r0 * ch), Math.round((c1 - c0) * cw), Math.round((r1 - r0) * ch)] };
}

/** A word box this many times taller than the page's median word was read off a picture, not print. */
const PICTURE_WORD = 2;

/**
 * The boxes of words read off print: "words" as tall as a picture's features are letters OCR saw in the portrait itself
 * (`PP` and `lcd`, 146 px tall among 40–75 px lines, on an 800 px photo of an RG opened flat), and counted as text they
 * hid the portrait from the search.
 */
function printedBoxes(boxes: Box[]): Box[] {
  if (boxes.length < 5) return boxes;
  const heights = boxes.map((b) => b[3]).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)]!;
  return boxes.filter((b) => b[3] <= PICTURE_WORD * median);
}

/**
 * The portrait of two cards opened side by side. The whole page first; when it finds none, each card on its own, each
 * cell against the tones around it: one card of a booklet is often darker than the other or shaded across (a shadow,
 * glare, another tint), and measured against the brighter card the darker one reads as one block that is no portrait.
 */
export function findPortraitOnCards(page: Grey, boxes: Box[], card: Box, sideBySide: boolean): PortraitCue | undefined {
  const textBoxes = printedBoxes(boxes);
  const whole = findPortrait(page, textBoxes, card);
  if (whole || !sideBySide) return whole;
  const [x, y, w, h] = card;
  const half = Math.floor(w / 2);
  const found = [findPortrait(page, textBoxes, [x, y, half, h], true), findPortrait(page, textBoxes, [x + half, y, w - half, h], true)].filter((p) => p !== undefined);
  // (Both cards holding a block is no opened RG or CNH: no side is said.)
  if (found.length !== 1) return undefined;
  const { box } = found[0]!;
  const centre = (box[0] + box[2] / 2 - x) / w;
  return { side: centre < 0.4 ? 'left' : centre > 0.6 ? 'right' : 'centre', box };
}
