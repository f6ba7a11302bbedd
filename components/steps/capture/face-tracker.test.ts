import { describe, expect, it } from 'vitest';
import { yawOf } from './face-tracker';

/** BlazeFace's six keypoints (eyes, nose, mouth, ears) of a head modelled as a cylinder turned by `deg`, seen from the front. */
function head(deg: number, cx = 0.5, r = 0.12): [number, number][] {
  const at = (angle: number) => cx + r * Math.sin(((angle + deg) * Math.PI) / 180);
  // Eyes ±25° around the head, nose and mouth on its front, ears at the sides.
  return [
    [at(-25), 0.4],
    [at(25), 0.4],
    [at(0), 0.5],
    [at(0), 0.58],
    [at(-90), 0.45],
    [at(90), 0.45],
  ];
}

describe('yawOf: the head turn from the detector keypoints', () => {
  it('reads the turn of a modelled head to within a degree, with its sign', () => {
    for (const deg of [-35, -20, -10, 0, 10, 20, 35]) expect(yawOf(head(deg))).toBeCloseTo(-deg, 0);
  });

  it('does not depend on where the face is or its size', () => {
    expect(yawOf(head(20, 0.3, 0.05))).toBeCloseTo(yawOf(head(20, 0.7, 0.2)), 6);
  });

  it('is 0 without the keypoints it needs', () => {
    expect(yawOf([])).toBe(0);
    expect(yawOf([[0.5, 0.5], [0.5, 0.5], [0.5, 0.5], [0.5, 0.5], [0.5, 0.5], [0.5, 0.5]])).toBe(0);
  });
});
