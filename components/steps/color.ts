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

/**
 * Button colours from the integrator's primary colour: the text colour with the
 * better contrast; a colour that reaches 4.5:1 with neither is replaced by the
 * default, so branding cannot break WCAG AA.
 */
export function brandColors(primary: string | null | undefined): { background: string; text: string } {
  const bg = primary && /^#[0-9a-f]{6}$/i.test(primary) ? primary : DEFAULT_BRAND;
  const text = contrast(bg, '#ffffff') >= contrast(bg, '#000000') ? '#ffffff' : '#000000';
  if (contrast(bg, text) < 4.5 || contrast(bg, '#ffffff') < 3) {
    // Links and focus rings use the colour on white as well: it needs 3:1 there.
    return contrast(bg, '#ffffff') >= 3 ? { background: bg, text } : { background: DEFAULT_BRAND, text: '#ffffff' };
  }
  return { background: bg, text };
}
