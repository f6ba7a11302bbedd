import { cookies } from 'next/headers';
import type { Locale } from '@/lib/platform/i18n';
import { CONSOLE_LOCALE_COOKIE, consoleLocaleOf, consoleT } from '@/lib/platform/i18n/shared';

/** The console language of this request (server components). */
export async function consoleLocale(): Promise<Locale> {
  return consoleLocaleOf((await cookies()).get(CONSOLE_LOCALE_COOKIE)?.value);
}

/** The translate function of this request. */
export async function serverT() {
  return consoleT(await consoleLocale());
}

/** A console page title in this request's language. */
export async function consoleTitle(text: string): Promise<{ title: string }> {
  const t = await serverT();
  return { title: `${t(text)} · ${t('Console')}` };
}
