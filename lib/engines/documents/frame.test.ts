import { describe, expect, it } from 'vitest';
import { toSubmitted } from './engine';

type Frame = Parameters<typeof toSubmitted>[1];

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
