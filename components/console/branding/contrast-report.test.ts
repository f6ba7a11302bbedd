import { describe, expect, it } from 'vitest';
import { contrastReport } from './contrast-report';

describe('brand colour contrast report', () => {
  it('names the text colour and the ratio the pages will use', () => {
    expect(contrastReport('#b91c1c')).toEqual({ ok: true, text: 'Buttons: white text on #b91c1c, contrast 6.5:1 (WCAG AA).' });
    expect(contrastReport('')).toMatchObject({ ok: true, text: expect.stringContaining('white text on #0f766e') });
  });

  it('accepts any colour: yellow gets black text, and a darker shade for links on white', () => {
    const yellow = contrastReport('#ffff00');
    expect(yellow.ok).toBe(true);
    expect(yellow.text).toMatch(/^Buttons: black text on #ffff00, contrast 19\.6:1 \(WCAG AA\)\. Links and focus rings use #[0-9a-f]{6}, a darker shade/);
  });
});
