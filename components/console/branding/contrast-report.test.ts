import { describe, expect, it } from 'vitest';
import { contrastReport } from './contrast-report';

describe('brand colour contrast report', () => {
  it('names the text colour and the ratio the pages will use', () => {
    expect(contrastReport('#b91c1c')).toEqual({ ok: true, text: 'Buttons: white text on #b91c1c, contrast 6.5:1 (WCAG AA).' });
    expect(contrastReport('')).toMatchObject({ ok: true, text: expect.stringContaining('white text on #0f766e') });
  });

  it('says when a colour falls back to the default', () => {
    const pale = contrastReport('#fde68a');
    expect(pale.ok).toBe(false);
    expect(pale.text).toContain('the pages will use the default colour #0f766e');
  });
});
