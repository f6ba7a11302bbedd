/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

export const DEFAULT_BRAND = '#0f766e';

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The colour mixed toward black by `t` (0 = itself, 1 = black). */
function darker(colour: string, t: number): string {
  return `#${[1, 3, 5].map((i) => hex(parseInt(colour.slice(i, i + 2), 16) * (1 - t))).join('')}`;
}

/**
 * Colours from the integrator's primary colour, any colour accepted:
 * `background` is the colour itself (buttons), `text` the one of white or
 * black that reads better on it (one of the two always reaches 4.5:1), and
 * `ink` the colour for links, focus rings and accents on white: the colour
 * itself when it reaches 4.5:1 there, else the nearest darker shade that does
 * (yellow buttons keep black text; their links are dark olive).
 */
export function brandColors(primary: string | null | undefined): { background: string; text: string; ink: string } {
  const bg = primary && /^#[0-9a-f]{6}$/i.test(primary) ? primary.toLowerCase() : DEFAULT_BRAND;
  const text = contrast(bg, '#ffffff') >= contrast(bg, '#000000') ? '#ffffff' : '#000000';
  let ink = bg;
  for (let t = 0.05; contrast(ink, '#ffffff') < 4.5 && t <= 1; t += 0.05) ink = darker(bg, t);
  return { background: bg, text, ink };
}
