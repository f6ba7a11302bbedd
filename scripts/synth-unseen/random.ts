/**
 * The unseen generator's own random stream (sfc32, seeded through splitmix32):
 * a different algorithm from scripts/synth, so no sequence is shared with it.
 */
export function stream(seed: number) {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let [a, b, c, d] = [split(), split(), split(), split()];
  const u = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) u();
  return {
    u,
    between: (lo: number, hi: number) => lo + u() * (hi - lo),
    whole: (lo: number, hi: number) => lo + Math.floor(u() * (hi - lo + 1)),
    one: <T>(xs: readonly T[]): T => xs[Math.floor(u() * xs.length)]!,
    maybe: (p: number) => u() < p,
    /** A child stream, so one drawing's number of draws does not move the next one's. */
    fork: (salt: number) => stream(Math.floor(u() * 4294967296) ^ salt),
  };
}
export type Stream = ReturnType<typeof stream>;
