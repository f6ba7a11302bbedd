/**
 * Head pose and landmark checks from the 68-point (iBUG) layout: jaw 0-16,
 * brows 17-26, nose 27-35, eyes 36-47 (the person's right eye first), mouth
 * 48-67. Estimates, not a 3D fit: good to a few degrees near frontal.
 */
export type Point = [number, number];

/** Overlap of two boxes ([x, y, width, height]): intersection over union. */
export function iou(a: readonly number[], b: readonly number[]): number {
  const w = Math.max(0, Math.min(a[0]! + a[2]!, b[0]! + b[2]!) - Math.max(a[0]!, b[0]!));
  const h = Math.max(0, Math.min(a[1]! + a[3]!, b[1]! + b[3]!) - Math.max(a[1]!, b[1]!));
  return (w * h) / (a[2]! * a[3]! + b[2]! * b[3]! - w * h);
}

const mean = (pts: Point[]): Point => [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const deg = (rad: number) => (rad * 180) / Math.PI;

export interface Pose {
  /** Left/right turn in degrees; positive when the face turns to the image's right. */
  yaw: number;
  /** Up/down in degrees; positive when the chin goes up. */
  pitch: number;
  /** In-plane tilt in degrees; positive clockwise. */
  roll: number;
}

export function eyeCentres(l: Point[]): { right: Point; left: Point } {
  return { right: mean(l.slice(36, 42)), left: mean(l.slice(42, 48)) };
}

export function headPose(l: Point[]): Pose {
  const { right, left } = eyeCentres(l);
  const roll = deg(Math.atan2(left[1] - right[1], left[0] - right[0]));
  const nose = l[30]!;
  // Yaw: where the nose tip sits between the jaw's sides (0.5 when frontal).
  const dl = dist(nose, l[0]!);
  const dr = dist(nose, l[16]!);
  const yaw = deg(Math.asin(Math.max(-1, Math.min(1, ((dl - dr) / (dl + dr)) * 1.6))));
  // Pitch: the nose tip's height between the eye line and the mouth (about 0.55 when frontal).
  const eyes = mean([right, left]);
  const mouth = mean(l.slice(48, 60));
  const t = (nose[1] - eyes[1]) / Math.max(1, mouth[1] - eyes[1]);
  const pitch = deg(Math.asin(Math.max(-1, Math.min(1, (0.58 - t) * 2.2))));
  return { yaw: Math.round(yaw), pitch: Math.round(pitch), roll: Math.round(roll) };
}

/**
 * Whether 68 points look like a face and not noise fitted to a random crop:
 * eyes level-ish and apart, nose between and below them, mouth below the nose,
 * jaw wider than the eyes.
 */
export function plausibleLandmarks(l: Point[], width: number): boolean {
  if (l.length !== 68) return false;
  const { right, left } = eyeCentres(l);
  const eyeGap = dist(right, left);
  const nose = l[30]!;
  const mouth = mean(l.slice(48, 60));
  const jaw = dist(l[0]!, l[16]!);
  const eyesY = (right[1] + left[1]) / 2;
  return (
    eyeGap > width * 0.15 &&
    eyeGap < width * 0.7 &&
    Math.abs(left[1] - right[1]) < eyeGap * 0.35 &&
    nose[0] > Math.min(right[0], left[0]) &&
    nose[0] < Math.max(right[0], left[0]) &&
    nose[1] > eyesY &&
    mouth[1] > nose[1] &&
    jaw > eyeGap * 1.4
  );
}

/**
 * Whether 68 points found in a box look like a face, whatever its in-plane
 * tilt: the points are turned upright about the eyes first (a crop turned by
 * 20° is still a face), then held to `plausibleLandmarks` at the box's width.
 */
export function faceLike(l: Point[], boxWidth: number): boolean {
  if (l.length !== 68) return false;
  const { right, left } = eyeCentres(l);
  const a = -Math.atan2(left[1] - right[1], left[0] - right[0]);
  const [cx, cy] = mean([right, left]);
  const upright = l.map(([x, y]) => [cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a), cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)] as Point);
  return plausibleLandmarks(upright, boxWidth);
}

const area = (a: Point, b: Point, c: Point) => Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2;

/**
 * Areas of landmark triangles relative to the eyes-mouth triangle. Ratios of
 * areas survive any affine transform, so a flat photo moved, scaled, rotated
 * or tilted in front of the camera keeps them (up to landmark noise); a real
 * head turning or approaching the lens changes them (its nose and chin are at
 * other depths than its eyes).
 */
export function landmarkRatios(l: Point[]): number[] {
  const { right, left } = eyeCentres(l);
  const mouth = mean(l.slice(48, 60));
  const base = Math.max(1e-6, area(right, left, mouth));
  const triangles: [Point, Point, Point][] = [
    [right, left, l[30]!], // eyes and nose tip
    [right, left, l[8]!], // eyes and chin
    [l[48]!, l[54]!, l[30]!], // mouth corners and nose tip
    [l[0]!, l[16]!, l[30]!], // jaw ends and nose tip
    [right, l[30]!, l[8]!], // right eye, nose tip, chin
    [left, l[30]!, l[8]!], // left eye, nose tip, chin
  ];
  return triangles.map(([a, b, c]) => area(a, b, c) / base);
}
