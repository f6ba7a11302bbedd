import type { Grey } from './accents';
import { fromGrey, inkMask, toGrey, type Box } from './box';

/** Where a machine-readable zone lies, in pixels of the page handed in. */
export interface MrzBand {
  box: Box;
  /** Lines run top to bottom (the page is turned a quarter). */
  vertical: boolean;
  /** Lines found (2 or 3) and their mean height in page pixels. */
  lines: number;
  lineHeight: number;
  /** Each line's box, in page pixels. */
  lineBoxes: Box[];
}

/** Longest side the page is looked at: letters of a zone stay 8-20 px tall, and a pass costs a few ms. */
const SIDE = 800;

/** The mask turned a quarter (columns become rows), for zones printed along the long side of a turned page. */
function transpose(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[x * h + y] = m[y * w + x]!;
  return out;
}

/** Gaps shorter than `gap` closed along each row: the letters of a line become one run. */
function smearRows(m: Uint8Array, w: number, h: number, gap: number): Uint8Array {
  const out = new Uint8Array(m);
  for (let y = 0; y < h; y++) {
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!m[y * w + x]) continue;
      if (last >= 0 && x - last <= gap) for (let k = last + 1; k < x; k++) out[y * w + k] = 1;
      last = x;
    }
  }
  return out;
}

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** Connected runs of the smeared mask (4-neighbours), as boxes. */
function blobs(m: Uint8Array, w: number, h: number): Blob[] {
  const label = new Int32Array(w * h);
  const out: Blob[] = [];
  const stack: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!m[i] || label[i]) continue;
    const b: Blob = { x0: w, y0: h, x1: 0, y1: 0, area: 0 };
    label[i] = out.length + 1;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      b.area++;
      if (x < b.x0) b.x0 = x;
      if (x > b.x1) b.x1 = x;
      if (y < b.y0) b.y0 = y;
      if (y > b.y1) b.y1 = y;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q >= 0 && m[q] && !label[q]) {
          label[q] = out.length + 1;
          stack.push(q);
        }
      }
    }
    out.push(b);
  }
  return out;
}

/** Height of a line blob: rows whose fill is a third of the widest row's (a stray stroke above or below does not count). */
function coreHeight(b: Blob, m: Uint8Array, w: number): [number, number] {
  const rows: number[] = [];
  for (let y = b.y0; y <= b.y1; y++) {
    let n = 0;
    for (let x = b.x0; x <= b.x1; x++) n += m[y * w + x]!;
    rows.push(n);
  }
  const peak = Math.max(...rows);
  const first = rows.findIndex((n) => n >= peak / 3);
  const last = rows.length - 1 - [...rows].reverse().findIndex((n) => n >= peak / 3);
  return [b.y0 + first, b.y0 + last + 1];
}

interface Line {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** The letters' even pitch, once the line is found monospaced. */
  pitch?: number;
}

/**
 * Two lines whose letters stand at the same pitch and run the same length: a zone's lines, whatever their ink's height.
 * A line mostly of fillers has a low core where `<` is shorter than the letters (in many fonts besides OCR-B): a
 * passport's names line beside its digits measured 11 against 17 px.
 */
function samePitch(a: Line, b: Line): boolean {
  if (a.pitch === undefined || b.pitch === undefined) return false;
  const [wa, wb] = [a.x1 - a.x0, b.x1 - b.x0];
  return Math.abs(a.pitch - b.pitch) <= PITCH_SLACK * Math.max(a.pitch, b.pitch) && Math.min(wa, wb) >= 0.9 * Math.max(wa, wb);
}

/** Pitches this close (a share of the larger) are one font's. */
const PITCH_SLACK = 0.1;
/** The least a line's ink core may be, as a share of its neighbour's, for lines of one pitch. */
const FILLER_CORE = 0.5;

/**
 * Two or three long, level, equally tall lines of the same length, stacked
 * at an even pitch: a zone. The widest such stack wins; one near the page's
 * edge is preferred (zones print at the bottom of a page or card).
 */
function bestStack(lines: Line[], w: number, h: number): { lines: Line[]; score: number } | undefined {
  let best: { lines: Line[]; score: number } | undefined;
  const sorted = [...lines].sort((a, b) => a.y0 - b.y0);
  for (let i = 0; i < sorted.length; i++) {
    for (const count of [3, 2]) {
      const group = [sorted[i]!];
      // A line joined by its pitch alone: its ink core is its fillers', not its letters'.
      let fillerCore = false;
      for (let j = i + 1; j < sorted.length && group.length < count; j++) {
        const prev = group[group.length - 1]!;
        const c = sorted[j]!;
        const ph = prev.y1 - prev.y0;
        const ch = c.y1 - c.y0;
        const pitch = (c.y0 + c.y1) / 2 - (prev.y0 + prev.y1) / 2;
        const pw = prev.x1 - prev.x0;
        const cw = c.x1 - c.x0;
        // Equally tall and over one another; a line broken by glare may be shorter, but lies within the other's span.
        const sameHeight = Math.abs(ph - ch) <= 0.3 * Math.max(ph, ch) && Math.min(pw, cw) >= 0.4 * Math.max(pw, cw);
        const byPitch = !sameHeight && samePitch(prev, c) && Math.min(ph, ch) >= FILLER_CORE * Math.max(ph, ch);
        const sameSize = sameHeight || byPitch;
        const overlap = Math.min(prev.x1, c.x1) - Math.max(prev.x0, c.x0);
        const aligned = overlap >= 0.9 * Math.min(pw, cw);
        if (pitch > 0.85 * Math.max(ph, ch) && pitch < 3.2 * Math.max(ph, ch) && sameSize && aligned) {
          group.push(c);
          if (byPitch) fillerCore = true;
        }
        else if (pitch >= 3.2 * Math.max(ph, ch)) break;
      }
      if (group.length !== count) continue;
      const width = Math.max(...group.map((l) => l.x1 - l.x0));
      if (count === 3) {
        // A TD1's three lines are equally long (30 characters each) at an even pitch; headings are not.
        const mid = group.map((l) => (l.y0 + l.y1) / 2);
        const ratio = (mid[2]! - mid[1]!) / (mid[1]! - mid[0]!);
        if (group.some((l) => l.x1 - l.x0 < 0.85 * width) || ratio < 0.8 || ratio > 1.25) continue;
      }
      const bottom = Math.max(...group.map((l) => l.y1));
      const top = Math.min(...group.map((l) => l.y0));
      const nearEdge = Math.min(h - bottom, top) < h * 0.3 ? 1.2 : 1;
      // Length first: a zone's lines run nearly edge to edge; a third line adds a little.
      const score = (width / w) * (count === 3 ? 1.15 : 1) * nearEdge;
      if (!best || score > best.score) best = { lines: fillerCore ? asTallAsTheTallest(group) : group, score };
    }
  }
  return best;
}

/** Each line as tall as the stack's tallest, about its own centre: a line of fillers has the letters' height too (`samePitch`). */
function asTallAsTheTallest(group: Line[]): Line[] {
  const tallest = Math.max(...group.map((l) => l.y1 - l.y0));
  return group.map((l) => {
    const grow = (tallest - (l.y1 - l.y0)) / 2;
    return grow > 0 ? { ...l, y0: Math.round(l.y0 - grow), y1: Math.round(l.y1 + grow) } : l;
  });
}

/**
 * Pieces of one text line joined: runs level with each other (their cores
 * overlap by most of their height) and a gap of under two heights apart.
 */
function joinLevel(pieces: Line[]): Line[] {
  const sorted = [...pieces].sort((a, b) => a.x0 - b.x0);
  const out: Line[] = [];
  for (const p of sorted) {
    const ph = p.y1 - p.y0;
    const into = out.find((l) => {
      const lh = l.y1 - l.y0;
      const overlap = Math.min(l.y1, p.y1) - Math.max(l.y0, p.y0);
      return overlap >= 0.6 * Math.min(lh, ph) && Math.abs(lh - ph) <= 0.5 * Math.max(lh, ph) && p.x0 - l.x1 <= 4 * Math.max(lh, ph) && p.x0 >= l.x0;
    });
    if (into) {
      into.x1 = Math.max(into.x1, p.x1);
      into.y0 = Math.min(into.y0, p.y0);
      into.y1 = Math.max(into.y1, p.y1);
    } else out.push({ ...p });
  }
  return out;
}

/** Long thin runs that could be lines of a zone: at least a quarter of the page wide, 16 times as wide as tall (30 letters or more). */
function lineCandidates(mask: Uint8Array, w: number, h: number): Line[] {
  const smeared = smearRows(mask, w, h, Math.max(4, Math.round(Math.max(w, h) / 90)));
  const pieces: Line[] = [];
  for (const b of blobs(smeared, w, h)) {
    const bw = b.x1 - b.x0 + 1;
    if (b.y1 - b.y0 < 2 || bw < 3) continue;
    const [y0, y1] = coreHeight(b, smeared, w);
    // Tall blobs are pictures or frames, not letters.
    if (y1 - y0 > h / 12) continue;
    pieces.push({ x0: b.x0, x1: b.x1 + 1, y0, y1 });
  }
  return joinLevel(pieces).filter((l) => {
    const bw = l.x1 - l.x0;
    const bh = l.y1 - l.y0;
    return bw >= w * 0.25 && bh >= 3 && bw / bh >= 16 && bw / bh <= 90;
  });
}

/**
 * The pitch of a line's letters when they stand at one even pitch, and 26 to 50 of them: a
 * zone has no spaces (every blank is a filler) and OCR-B is monospaced, where
 * printed text has word gaps and letters of many widths.
 */
function monospaced(mask: Uint8Array, w: number, l: Line): number | undefined {
  const cols: number[] = [];
  for (let x = l.x0; x < l.x1; x++) {
    let n = 0;
    for (let y = l.y0; y < l.y1; y++) n += mask[y * w + x]!;
    cols.push(n);
  }
  // Letters as runs of inked columns; their centres a pitch apart.
  const centres: number[] = [];
  let start = -1;
  for (let i = 0; i <= cols.length; i++) {
    const on = i < cols.length && cols[i]! > 0;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      centres.push((start + i - 1) / 2);
      start = -1;
    }
  }
  if (centres.length < 12) return undefined;
  const steps = centres.slice(1).map((c, i) => c - centres[i]!);
  const pitch = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]!;
  if (pitch < 2) return undefined;
  // A step of one pitch, or of two or three where letters touched or glare took one.
  const even = steps.filter((d) => [1, 2, 3].some((k) => Math.abs(d - k * pitch) <= 0.25 * pitch)).length / steps.length;
  const letters = (l.x1 - l.x0) / pitch;
  return even >= 0.75 && letters >= 26 && letters <= 50 ? pitch : undefined;
}

/** The lines whose letters stand at one even pitch, each with its pitch. */
function monospacedLines(mask: Uint8Array, w: number, lines: Line[]): Line[] {
  return lines.flatMap((l) => {
    const pitch = monospaced(mask, w, l);
    return pitch === undefined ? [] : [{ ...l, pitch }];
  });
}

/** Ink at least this much darker than its surroundings (a share of their brightness): a zone's black, not pale print. */
const STRONG_INK = 0.4;

/** The best stack of zone-like lines in an ink mask, level or turned a quarter. */
function stackIn(mask: Uint8Array, w: number, h: number): ({ lines: Line[]; score: number } & { vertical: boolean }) | undefined {
  const level = bestStack(monospacedLines(mask, w, lineCandidates(mask, w, h)), w, h);
  const across = transpose(mask, w, h);
  const turned = bestStack(monospacedLines(across, h, lineCandidates(across, h, w)), h, w);
  return level && (!turned || level.score >= turned.score) ? { ...level, vertical: false } : turned && { ...turned, vertical: true };
}

/**
 * The machine-readable zone of a page, if it has one, without knowing its
 * layout: ink by black-hat, letters smeared into lines, and a stack of two
 * or three long equal lines found among them, level or turned a quarter.
 */
export async function locateMrz(page: Grey): Promise<MrzBand | undefined> {
  const scale = Math.min(1, SIDE / Math.max(page.width, page.height));
  const small = scale < 1 ? await toGrey(fromGrey(page).resize({ width: Math.round(page.width * scale), height: Math.round(page.height * scale), kernel: 'linear' })) : page;
  const { width: w, height: h } = small;
  const window = Math.max(15, Math.round(Math.max(w, h) / 25)) | 1;
  // Then the strong ink alone: pale print laid over the zone (a SPECIMEN overprint, guilloche) joins its lines into one
  // tall blob, and a zone is printed in black.
  const pick = stackIn(inkMask(small, window), w, h) ?? stackIn(inkMask(small, window, STRONG_INK), w, h);
  if (!pick) return undefined;
  const k = 1 / (small.width / page.width);
  // Boxes back in the page's pixels (a turned stack's rows are the page's columns).
  const toPage = (l: Line): Box => (pick.vertical ? [l.y0 * k, l.x0 * k, (l.y1 - l.y0) * k, (l.x1 - l.x0) * k] : [l.x0 * k, l.y0 * k, (l.x1 - l.x0) * k, (l.y1 - l.y0) * k]).map(Math.round) as Box;
  const lineBoxes = pick.lines.map(toPage);
  const x0 = Math.min(...lineBoxes.map((b) => b[0]));
  const y0 = Math.min(...lineBoxes.map((b) => b[1]));
  const x1 = Math.max(...lineBoxes.map((b) => b[0] + b[2]));
  const y1 = Math.max(...lineBoxes.map((b) => b[1] + b[3]));
  const lineHeight = (pick.lines.reduce((s, l) => s + (l.y1 - l.y0), 0) / pick.lines.length) * k;
  return { box: [x0, y0, x1 - x0, y1 - y0], vertical: pick.vertical, lines: pick.lines.length, lineHeight, lineBoxes };
}
