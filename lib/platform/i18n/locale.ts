/** Which language a request or a page speaks (the message catalogues import this, never the index). */
export type Locale = 'pt-BR' | 'en';
export const LOCALES: Locale[] = ['pt-BR', 'en'];

/** The console's language: pt-BR unless the person chose English (cookie set by the switch in the header). */
export const CONSOLE_LOCALE_COOKIE = 'atesta_console_lang';
export const consoleLocaleOf = (cookieValue: string | undefined): Locale => (cookieValue === 'en' ? 'en' : 'pt-BR');

/** `?lang=` wins, then Accept-Language, then Portuguese. */
export function pickLocale(lang: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (lang) return lang.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
  if (!acceptLanguage) return 'pt-BR';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('en')) return 'en';
  }
  return 'pt-BR';
}

/**
 * The language of the page a request asks for, for `<html lang>`: a hosted
 * step page speaks the person's language (as the page picks it), the console
 * its chosen one; the home page and the developer portal are in English; the
 * rest pt-BR.
 */
export function pageLanguage(url: string, acceptLanguage: string | null | undefined, cookie?: string | null): Locale {
  const u = new URL(url, 'http://atesta.local');
  if (u.pathname.startsWith('/p/')) return pickLocale(u.searchParams.get('lang'), acceptLanguage);
  // The console: pt-BR unless its language switch chose English (lib/platform/i18n/console).
  if (/^\/console(\/|$)/.test(u.pathname)) {
    const value = (cookie ?? '').split(';').map((c) => c.trim().split('=')).find(([k]) => k === CONSOLE_LOCALE_COOKIE)?.[1];
    return consoleLocaleOf(value);
  }
  if (u.pathname === '/' || /^\/(docs|dev)(\/|$)/.test(u.pathname)) return 'en';
  return 'pt-BR';
}
