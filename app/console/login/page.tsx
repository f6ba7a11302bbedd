import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ConsoleLocaleProvider, LanguageSwitch } from '@/components/console/i18n';
import { SignInForm } from '@/components/console/SignInForm';
import { consoleLocale, consoleTitle, serverT } from '../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Sign in');
}

export default async function ConsoleSignInPage() {
  const locale = await consoleLocale();
  const t = await serverT();
  return (
    <ConsoleLocaleProvider locale={locale}>
      <main lang={locale} className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="mb-1 flex items-start justify-between gap-2">
          <h1 className="text-2xl font-semibold text-teal-800">{t('Atesta console')}</h1>
          <LanguageSwitch />
        </div>
        <p className="mb-6 text-sm text-slate-600">{t('Sign in with your integrator user.')}</p>
        <Suspense>
          <SignInForm />
        </Suspense>
      </main>
    </ConsoleLocaleProvider>
  );
}
