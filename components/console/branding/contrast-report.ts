import { brandColors, contrast, DEFAULT_BRAND } from '../../steps/color';

/** What the hosted pages will do with a brand colour ('' = the default): button text and its contrast, and the shade links use on white. */
export function contrastReport(colour: string): { ok: boolean; text: string } {
  const used = brandColors(colour || DEFAULT_BRAND);
  const textName = used.text === '#ffffff' ? 'white' : 'black';
  const buttons = `Buttons: ${textName} text on ${used.background}, contrast ${contrast(used.background, used.text).toFixed(1)}:1 (WCAG AA).`;
  return { ok: true, text: used.ink === used.background ? buttons : `${buttons} Links and focus rings use ${used.ink}, a darker shade, to stay readable on white (${contrast(used.ink, '#ffffff').toFixed(1)}:1).` };
}
