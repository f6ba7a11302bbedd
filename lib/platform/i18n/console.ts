import type { Locale } from './locale';
import { CONSOLE_PT } from './console-pt';

export { CONSOLE_LOCALE_COOKIE, consoleLocaleOf } from './locale';

export type Vars = Record<string, string | number>;

/**
 * A console text in the chosen language. The English text is the key: each
 * has its Portuguese in console-pt.ts (a test finds every t('…') in the
 * console's sources and checks it is there). `{name}` placeholders take vars.
 */
export function translate(locale: Locale, text: string, vars?: Vars): string {
  const s = locale === 'en' ? text : (CONSOLE_PT[text] ?? text);
  return vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : s;
}

export const consoleT = (locale: Locale) => (text: string, vars?: Vars) => translate(locale, text, vars);
export type ConsoleT = ReturnType<typeof consoleT>;
