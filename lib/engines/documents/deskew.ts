import { fromGrey, integralImage, toGrey, type Grey } from './box';

const WORK_WIDTH = 600;

/**
 * The tilt of the text in a photo, in degrees clockwise (as sharp's rotate
 * counts), found by projection profiles: rows of text give the sharpest
 * profile when projected along their own direction. Ink is a pixel clearly
 * darker than its neighbourhood, so table colours do not count.
 */
export async function estimateSkew(image: Grey, maxDegrees = 20): Promise<number> {
  const { data, width: w, height: h } = await toGrey(fromGrey(image).resize({ width: WORK_WIDTH }));
  // Integral image for local means.
  const integral = integralImage(data, w, h);
  const r = 7;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      const sum = integral[(y + r + 1) * (w + 1) + x + r + 1]! - integral[(y - r) * (w + 1) + x + r + 1]! - integral[(y + r + 1) * (w + 1) + x - r]! + integral[(y - r) * (w + 1) + x - r]!;
      const mean = sum / ((2 * r + 1) * (2 * r + 1));
      if (data[y * w + x]! < mean - 25) {
        xs.push(x - w / 2);
        ys.push(y - h / 2);
      }
    }
  }
  if (xs.length < 200) return 0;
  const bins = Math.ceil(Math.hypot(w, h)) + 2;
  const offset = bins / 2;
  const score = (deg: number) => {
    const t = (deg * Math.PI) / 180;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const hist = new Float64Array(bins);
    for (let i = 0; i < xs.length; i++) hist[Math.round(ys[i]! * c - xs[i]! * s + offset)]! += 1;
    let energy = 0;
    for (let i = 1; i < bins; i++) energy += (hist[i]! - hist[i - 1]!) ** 2;
    return energy;
  };
  let best = 0;
  let bestScore = -1;
  for (let deg = -maxDegrees; deg <= maxDegrees; deg += 1) {
    const sc = score(deg);
    if (sc > bestScore) [best, bestScore] = [deg, sc];
  }
  for (let deg = best - 1; deg <= best + 1; deg += 0.2) {
    const sc = score(deg);
    if (sc > bestScore) [best, bestScore] = [deg, sc];
  }
  return Math.round(best * 10) / 10;
}
