import type { Point } from '../media';
import type { Box, Grey } from './box';
import type { Turn } from './orientation';

/** How the image that was read relates to the submitted one. */
export interface Frame {
  turn: Turn;
  /** Tilt removed, degrees clockwise. */
  skew: number;
  scale: number;
  /** Size after the turn (before deskew), and after the deskew (before scaling). */
  turned: [number, number];
  deskewed: [number, number];
  /** Where the page that was read begins on the deskewed canvas (a tilted card is cut out of it), before scaling. */
  offset: [number, number];
  /** Two cards side by side (a document opened flat): read one card at a time. */
  sideBySide: boolean;
}

/** Width and height of a rectangle whose bounding box, tilted by `degrees`, is width × height. */
export function unrotatedSize(width: number, height: number, degrees: number): [number, number] {
  const t = (Math.abs(degrees) * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const d = c * c - s * s;
  if (t < 0.01 || d < 0.5) return [width, height];
  return [Math.max(1, (width * c - height * s) / d), Math.max(1, (height * c - width * s) / d)];
}

/**
 * Where the card lies on the prepared page: the deskew turns it on a canvas grown to hold it, centred, with blank
 * corners around it (and the crop around a located card is its outline's bounding box, with a margin of surface).
 */
export function cardOnPage(f: Frame, page: Grey): Box {
  const [w, h] = unrotatedSize(f.turned[0], f.turned[1], f.skew).map((v) => Math.round(v * f.scale)) as [number, number];
  const x = Math.max(0, Math.round((page.width - w) / 2));
  const y = Math.max(0, Math.round((page.height - h) / 2));
  return [x, y, Math.min(w, page.width - x), Math.min(h, page.height - y)];
}

/**
 * The box inside a located card's corners (given in the submitted crop) on an image of the frame `f` of size `on`:
 * the two inner corners on each side, the card's box once its tilt is undone (a remaining degree or two cuts a
 * sliver). Undefined when it is not most of that image (an outline that does not fit the frame).
 */
export function insideOutline(outline: Point[], f: Frame, on: { width: number; height: number }): Box | undefined {
  if (outline.length !== 4) return undefined;
  const mapped = outline.map((p) => toPrepared(p, f));
  const xs = mapped.map((p) => p[0]).sort((a, b) => a - b);
  const ys = mapped.map((p) => p[1]).sort((a, b) => a - b);
  const x0 = Math.max(0, Math.round(xs[1]!));
  const y0 = Math.max(0, Math.round(ys[1]!));
  const x1 = Math.min(on.width, Math.round(xs[2]!));
  const y1 = Math.min(on.height, Math.round(ys[2]!));
  return x1 - x0 > on.width / 2 && y1 - y0 > on.height / 2 ? [x0, y0, x1 - x0, y1 - y0] : undefined;
}

/** A point of the submitted (upright) image on the image that was read: `toSubmitted` the other way. */
export function toPrepared([x, y]: Point, f: Frame): Point {
  // The submitted image's size is the turned one, its sides swapped by a quarter turn.
  const [w, h] = f.turn % 180 === 0 ? f.turned : [f.turned[1], f.turned[0]];
  const [tx, ty] = f.turn === 90 ? [h - y, x] : f.turn === 180 ? [w - x, h - y] : f.turn === 270 ? [y, w - x] : [x, y];
  const t = (f.skew * Math.PI) / 180;
  const dx = tx - f.turned[0] / 2;
  const dy = ty - f.turned[1] / 2;
  const sx = dx * Math.cos(t) + dy * Math.sin(t) + f.deskewed[0] / 2;
  const sy = -dx * Math.sin(t) + dy * Math.cos(t) + f.deskewed[1] / 2;
  return [(sx - f.offset[0]) * f.scale, (sy - f.offset[1]) * f.scale];
}

/** A box in the image that was read back to pixels of the submitted (upright) image. */
export function toSubmitted(box: Box, f: Frame, width: number, height: number): Box {
  const [x, y, w, h] = box.map((v, k) => v / f.scale + (k < 2 ? f.offset[k]! : 0)) as Box;
  // Undo the deskew: rotate the corners back around the centres.
  const t = (f.skew * Math.PI) / 180;
  const [cx, cy] = [f.deskewed[0] / 2, f.deskewed[1] / 2];
  const [ox, oy] = [f.turned[0] / 2, f.turned[1] / 2];
  const corners = [
    [x, y],
    [x + w, y],
    [x, y + h],
    [x + w, y + h],
  ].map(([px, py]) => {
    const dx = px! - cx;
    const dy = py! - cy;
    return [dx * Math.cos(t) - dy * Math.sin(t) + ox, dx * Math.sin(t) + dy * Math.cos(t) + oy];
  });
  const bx = Math.min(...corners.map((c) => c[0]!));
  const by = Math.min(...corners.map((c) => c[1]!));
  const b: Box = [bx, by, Math.max(...corners.map((c) => c[0]!)) - bx, Math.max(...corners.map((c) => c[1]!)) - by];
  const r = (v: Box): Box => {
    const [vx, vy, vw, vh] = v.map((n) => Math.max(0, Math.round(n))) as Box;
    return [Math.min(vx, width), Math.min(vy, height), Math.min(vw, width - Math.min(vx, width)), Math.min(vh, height - Math.min(vy, height))];
  };
  switch (f.turn) {
    case 0:
      return r(b);
    case 90:
      return r([b[1], height - b[0] - b[2], b[3], b[2]]);
    case 180:
      return r([width - b[0] - b[2], height - b[1] - b[3], b[2], b[3]]);
    case 270:
      return r([width - b[1] - b[3], b[0], b[3], b[2]]);
  }
}
