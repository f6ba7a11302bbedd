import Link from 'next/link';
import type { Role } from '@/lib/platform/auth';
import type { Locale } from '@/lib/platform/i18n';
import { translate } from '@/lib/platform/i18n/shared';
import { ConsoleLocaleProvider, LanguageSwitch } from './i18n';
import { SignOutButton } from './SignOutButton';
import { Providers } from '../steps/Providers';

/** Sections of the console and the roles that see them (the server enforces the same roles on every call). */
export const CONSOLE_SECTIONS: { href: string; label: string; roles: Role[] }[] = [
  { href: '/console', label: 'Overview', roles: ['admin', 'analyst', 'viewer'] },
  { href: '/console/reviews', label: 'Reviews', roles: ['admin', 'analyst', 'viewer'] },
  { href: '/console/steps', label: 'Steps', roles: ['admin', 'analyst', 'viewer'] },
  { href: '/console/search', label: 'Search', roles: ['admin', 'analyst', 'viewer'] },
  { href: '/console/integration', label: 'Integration', roles: ['admin', 'analyst', 'viewer'] },
  { href: '/console/webhooks', label: 'Webhooks', roles: ['admin', 'analyst', 'viewer'] },
  { href: '/console/access', label: 'API keys and users', roles: ['admin', 'analyst', 'viewer'] },
  // Everyone reads branding, rules and the deny list; only an admin changes them.
  { href: '/console/branding', label: 'Branding', roles: ['admin', 'analyst', 'viewer'] },
  { href: '/console/fraud', label: 'Fraud rules', roles: ['admin', 'analyst', 'viewer'] },
];

export function ConsoleShell({ user, locale, children }: { user: { username: string; role: Role; integratorName: string }; locale: Locale; children: React.ReactNode }) {
  const t = (text: string) => translate(locale, text);
  return (
    <Providers>
      <ConsoleLocaleProvider locale={locale}>
      <div lang={locale} className="min-h-screen bg-slate-50">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
            <div className="flex items-center gap-6">
              <Link href="/console" className="text-lg font-semibold text-teal-800">
                {t('Atesta console')}
              </Link>
              <nav aria-label={t('Console sections')} className="flex gap-4 text-sm">
                {CONSOLE_SECTIONS.filter((s) => s.roles.includes(user.role)).map((s) => (
                  <Link key={s.href} href={s.href} className="text-slate-700 hover:text-teal-800 hover:underline">
                    {t(s.label)}
                  </Link>
                ))}
              </nav>
            </div>
            <div className="flex items-center gap-3 text-sm text-slate-600">
              <span>
                {user.username} · {t(user.role)} · {user.integratorName}
              </span>
              <LanguageSwitch />
              <SignOutButton />
            </div>
          </div>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
      </div>
      </ConsoleLocaleProvider>
    </Providers>
  );
}
