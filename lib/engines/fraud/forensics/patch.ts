import type { Box } from './image';

/** A grey page and its field boxes, level and tight (the document engine's `fieldView`). */
export interface FieldView {
  grey: { data: Buffer | Uint8Array; width: number; height: number };
  fields: { key: string; box: Box }[];
}

export interface PatchSignal {
  /** The flattest field's background texture over the document's usual (1 = like the others, 0 = perfectly flat). */
  ratio: number;
  field?: string;
}

/** Pixels this close to ink are left out: letters' edges and compression ringing are not paper. */
const INK_MARGIN = 2;
/** Below this usual texture (grey levels) the picture is too clean to tell a patch from paper. */
const MIN_TEXTURE = 1;
/** Background at or above this grey level is clipped: its flatness says nothing about editing. */
const CLIPPED = 246;

/**
 * Texture of the background inside a box: mean absolute deviation from the
 * median of the pixels away from ink. Paper in a photograph carries noise,
 * its print pattern (guilloche) and compression traces; a value covered with
 * a flat colour in an editor and retyped has none of them.
 */
function backgroundTexture(g: FieldView['grey'], [bx, by, bw, bh]: Box): number | undefined {
  const { data, width: w, height: h } = g;
  const m = INK_MARGIN;
  const x0 = Math.max(m, Math.round(bx));
  const y0 = Math.max(m, Math.round(by));
  const x1 = Math.min(w - m, Math.round(bx + bw));
  const y1 = Math.min(h - m, Math.round(by + bh));
  if ((x1 - x0) * (y1 - y0) < 100) return undefined;
  const values: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) values.push(data[y * w + x]!);
  values.sort((a, b) => a - b);
  const inkLimit = values[Math.floor(values.length * 0.75)]! - 40;
  const background: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let nearInk = false;
      for (let dy = -m; dy <= m && !nearInk; dy++) for (let dx = -m; dx <= m && !nearInk; dx++) nearInk = data[(y + dy) * w + x + dx]! < inkLimit;
      if (!nearInk) background.push(data[y * w + x]!);
    }
  }
  if (background.length < 60) return undefined;
  background.sort((a, b) => a - b);
  const median = background[background.length >> 1]!;
  // Paper blown out to white (or crushed to black) has no texture left to compare: a contrast-boosted copy, glare.
  const clipped = background.filter((v) => v >= 253 || v <= 2).length;
  if (median >= CLIPPED || median <= 255 - CLIPPED || clipped > background.length * 0.1) return undefined;
  let sum = 0;
  for (const v of background) sum += Math.abs(v - median);
  return sum / background.length;
}

/**
 * The flattest field against the others. Each box is measured whole and, when
 * it spans several printed lines, line by line: a patch may cover one line of
 * what OCR joined into one box. (Halves of a line were tried: they flag
 * ordinary paper too often.) Boxes shared by several
 * fields (values taken from the MRZ, printed on a plain band) are left out.
 */
export function patchSignal(view: FieldView): PatchSignal {
  const shared = new Map<string, number>();
  for (const f of view.fields) shared.set(f.box.join(), (shared.get(f.box.join()) ?? 0) + 1);
  const boxes = view.fields.filter((f, i) => f.box[2] > 4 && f.box[3] > 4 && shared.get(f.box.join())! < 3 && view.fields.findIndex((o) => o.box.join() === f.box.join()) === i);
  if (boxes.length < 3) return { ratio: 1 };
  const heights = boxes.map((f) => f.box[3]).sort((a, b) => a - b);
  const lineHeight = heights[heights.length >> 1]!;
  const measured = boxes.flatMap((f) => {
    const [x, y, w, h] = f.box;
    const rows = Math.max(1, Math.round(h / lineHeight));
    const rowHeight = h / rows;
    const parts: number[] = [];
    const whole = backgroundTexture(view.grey, f.box);
    if (whole === undefined) return [];
    for (let r = 0; rows > 1 && r < rows; r++) {
      const t = backgroundTexture(view.grey, [x, y + r * rowHeight, w, rowHeight]);
      if (t !== undefined) parts.push(t);
    }
    return [{ key: f.key, texture: Math.min(whole, ...parts), whole }];
  });
  if (measured.length < 3) return { ratio: 1 };
  const usual = measured.map((m) => m.whole).sort((a, b) => a - b)[measured.length >> 1]!;
  if (usual < MIN_TEXTURE) return { ratio: 1 };
  const flattest = measured.reduce((a, b) => (b.texture < a.texture ? b : a));
  return { ratio: Math.round((flattest.texture / usual) * 100) / 100, field: flattest.key };
}
