import { describe, expect, it } from 'vitest';
import type { Point } from '../media';
import { cardOnPage, insideOutline, toPrepared, toSubmitted, type Frame } from './frame';

/** A card of w × h turned by `skew` degrees: the size of the canvas a deskew grows around it. */
function canvasOf(w: number, h: number, skew: number): [number, number] {
  const t = (Math.abs(skew) * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  const [bw, bh] = [w * c + h * s, w * s + h * c];
  return [Math.round(bw * c + bh * s), Math.round(bw * s + bh * c)];
}

describe('toSubmitted', () => {
  it('maps a box read on a tilted card cut out of its deskewed canvas back to the submitted picture', () => {
    // A 1000 × 600 card tilted 10° fills a 1089 × 764 crop; the deskew grows that to a larger canvas, cut back to the card.
    const [w, h, skew] = [1000, 600, 10];
    const t = (skew * Math.PI) / 180;
    const turned: [number, number] = [Math.round(w * Math.cos(t) + h * Math.sin(t)), Math.round(w * Math.sin(t) + h * Math.cos(t))];
    const deskewed = canvasOf(...turned, skew);
    const offset: [number, number] = [Math.round((deskewed[0] - w) / 2), Math.round((deskewed[1] - h) / 2)];
    const cut: Frame = { turn: 0, skew, scale: 2, turned, deskewed, offset, sideBySide: false };
    const whole: Frame = { ...cut, offset: [0, 0] };
    // The card's centre, on the page read (the card alone, scaled twice), is the centre of the submitted crop.
    const [x, y, bw, bh] = toSubmitted([w - 10, h - 10, 20, 20], cut, ...turned);
    expect(Math.abs(x + bw / 2 - turned[0] / 2)).toBeLessThanOrEqual(1);
    expect(Math.abs(y + bh / 2 - turned[1] / 2)).toBeLessThanOrEqual(1);
    // Any box: the same place as when the whole canvas was read, its origin moved by the cut.
    const box: [number, number, number, number] = [300, 200, 400, 60];
    const moved: [number, number, number, number] = [box[0] + offset[0] * 2, box[1] + offset[1] * 2, box[2], box[3]];
    expect(toSubmitted(box, cut, ...turned)).toEqual(toSubmitted(moved, whole, ...turned));
  });
});

describe('toPrepared', () => {
  it('maps a point of the submitted picture to the page read, at every turn, tilted and cut: toSubmitted the other way', () => {
    const submitted: [number, number] = [1200, 700];
    for (const turn of [0, 90, 180, 270] as const) {
      const turned: [number, number] = turn % 180 === 0 ? submitted : [submitted[1], submitted[0]];
      const deskewed = canvasOf(...turned, 6);
      const f: Frame = { turn, skew: 6, scale: 1.7, turned, deskewed, offset: [40, 25], sideBySide: false };
      for (const p of [[100, 80], [1100, 650], [600, 350]] as Point[]) {
        const [x, y] = toPrepared(p, f);
        const [bx, by, bw, bh] = toSubmitted([x - 1, y - 1, 2, 2], f, ...submitted);
        expect(Math.abs(bx + bw / 2 - p[0])).toBeLessThanOrEqual(1.5);
        expect(Math.abs(by + bh / 2 - p[1])).toBeLessThanOrEqual(1.5);
      }
    }
  });
});

describe('insideOutline', () => {
  it('is the card\'s box on the page read when the crop keeps a margin of surface around the card', () => {
    // A 900 × 300 card tilted 3° in a crop with 60 px of surface on every side, deskewed and read at twice the size.
    const t = (3 * Math.PI) / 180;
    const [cw, ch] = [900, 300];
    const corners: Point[] = [[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]];
    const bw = cw * Math.cos(t) + ch * Math.sin(t);
    const bh = cw * Math.sin(t) + ch * Math.cos(t);
    const turned: [number, number] = [Math.round(bw + 120), Math.round(bh + 120)];
    const outline = corners.map(([x, y]): Point => [x * Math.cos(t) - y * Math.sin(t) + turned[0] / 2, x * Math.sin(t) + y * Math.cos(t) + turned[1] / 2]);
    const deskewed = canvasOf(...turned, 3);
    const f: Frame = { turn: 0, skew: 3, scale: 2, turned, deskewed, offset: [0, 0], sideBySide: true };
    const page = { data: new Uint8Array(0), width: deskewed[0] * 2, height: deskewed[1] * 2 };
    const [x, y, w, h] = insideOutline(outline, f, page)!;
    expect(Math.abs(w - cw * 2)).toBeLessThanOrEqual(4);
    expect(Math.abs(h - ch * 2)).toBeLessThanOrEqual(4);
    expect(Math.abs(x + w / 2 - page.width / 2)).toBeLessThanOrEqual(2);
    expect(Math.abs(y + h / 2 - page.height / 2)).toBeLessThanOrEqual(2);
    // Without the outline, the card is taken to fill the crop, its margin of surface included.
    expect(cardOnPage(f, page)[2]).toBeGreaterThan(cw * 2 + 200);
  });
});
