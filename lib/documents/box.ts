/** `[x, y, width, height]` in pixels. */
export type Box = [number, number, number, number];

/** The smallest box holding all the boxes. */
export function union(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[0] + b[2]));
  const y1 = Math.max(...boxes.map((b) => b[1] + b[3]));
  return [x0, y0, x1 - x0, y1 - y0];
}

/** Intermediate pictures stay in memory: encode them fast rather than small. */
export const FAST_PNG = { compressionLevel: 0 } as const;
