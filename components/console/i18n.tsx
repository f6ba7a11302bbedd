'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext } from 'react';
import type { Locale } from '@/lib/platform/i18n';
import { CONSOLE_LOCALE_COOKIE, consoleT, type ConsoleT } from '@/lib/platform/i18n/shared';

const LocaleContext = createContext<Locale>('pt-BR');

export function ConsoleLocaleProvider({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export const useConsoleLocale = () => useContext(LocaleContext);
/** The console's translate function in client components. */
export const useT = (): ConsoleT => consoleT(useContext(LocaleContext));

/** Português / English: a cookie for the console's paths, then the page is drawn again. */
export function LanguageSwitch() {
  const locale = useConsoleLocale();
  const router = useRouter();
  const other: Locale = locale === 'en' ? 'pt-BR' : 'en';
  return (
    <button
      type="button"
      lang={other}
      onClick={() => {
        document.cookie = `${CONSOLE_LOCALE_COOKIE}=${other}; Path=/; Max-Age=31536000; SameSite=Lax`;
        router.refresh();
      }}
      className="rounded px-2 py-1 text-sm text-slate-700 underline hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      {other === 'en' ? 'English' : 'Português'}
    </button>
  );
}
