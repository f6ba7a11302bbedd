import { brandColors, contrast, DEFAULT_BRAND } from '../../steps/color';

/** What the hosted pages will do with a brand colour ('' = the default): its button text colour and contrast, or the fallback to the default. */
export function contrastReport(colour: string): { ok: boolean; text: string } {
  const used = brandColors(colour || null);
  if (colour && used.background.toLowerCase() !== colour.toLowerCase()) {
    return { ok: false, text: `${colour} does not reach the WCAG AA contrast (4.5:1 with white or black text, 3:1 on white): the pages will use the default colour ${DEFAULT_BRAND} instead.` };
  }
  const textName = used.text === '#ffffff' ? 'white' : 'black';
  return { ok: true, text: `Buttons: ${textName} text on ${used.background}, contrast ${contrast(used.background, used.text).toFixed(1)}:1 (WCAG AA).` };
}
