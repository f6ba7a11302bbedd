import { consoleT, type ConsoleT } from '@/lib/platform/i18n/shared';
import { brandColors, contrast, DEFAULT_BRAND } from '../../steps/color';

/** What the hosted pages will do with a brand colour ('' = the default): button text and its contrast, and the shade links use on white. */
export function contrastReport(colour: string, t: ConsoleT = consoleT('en')): { ok: boolean; text: string } {
  const used = brandColors(colour || DEFAULT_BRAND);
  const ratio = contrast(used.background, used.text).toFixed(1);
  const buttons = used.text === '#ffffff' ? t('Buttons: white text on {colour}, contrast {ratio}:1 (WCAG AA).', { colour: used.background, ratio }) : t('Buttons: black text on {colour}, contrast {ratio}:1 (WCAG AA).', { colour: used.background, ratio });
  return { ok: true, text: used.ink === used.background ? buttons : `${buttons} ${t('Links and focus rings use {ink}, a darker shade, to stay readable on white ({ratio}:1).', { ink: used.ink, ratio: contrast(used.ink, '#ffffff').toFixed(1) })}` };
}
