import type { Messages, Locale } from '@/lib/platform/i18n';
import { brandColors } from './color';
import { PageCopyProvider, type PageCopy } from './page-copy';

export interface ShellBranding {
  name: string;
  primaryColor: string | null;
  supportText: string | null;
  logoUrl: string | null;
  /** Per language, the integrator's texts for the intro and final pages. */
  copy?: Partial<Record<Locale, PageCopy>>;
  privacyUrl?: string | null;
  termsUrl?: string | null;
  hideCredit?: boolean;
}

/** The frame of every hosted page: integrator branding, language switch, support text. In the console's preview it fills its phone frame instead of the screen. */
export function StepShell({
  branding,
  locale,
  t,
  switchHref,
  preview = false,
  children,
}: {
  branding: ShellBranding | undefined;
  locale: Locale;
  t: Messages;
  switchHref: string;
  preview?: boolean;
  children: React.ReactNode;
}) {
  const colors = brandColors(branding?.primaryColor);
  return (
    <div
      lang={locale}
      className={`flex ${preview ? 'min-h-full' : 'min-h-screen'} flex-col bg-slate-50`}
      style={{ '--brand': colors.ink, '--brand-fill': colors.background, '--brand-text': colors.text } as React.CSSProperties}
    >
      {/* React puts it in <head>: the tab shows the integrator's logo. */}
      {branding?.logoUrl && !preview ? <link rel="icon" href={branding.logoUrl} /> : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-2">
            {branding?.logoUrl ? <img src={branding.logoUrl} alt={branding.name} className="h-8 w-auto max-w-[8rem] object-contain" /> : null}
            <span className="truncate font-semibold text-slate-900">{branding?.name ?? 'Atesta'}</span>
          </div>
          <a href={switchHref} className="rounded px-2 py-1 text-sm text-slate-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]">
            {t.switchLang}
          </a>
        </div>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-6">
        <PageCopyProvider copy={branding?.copy?.[locale]}>{children}</PageCopyProvider>
      </main>
      <footer className="mx-auto w-full max-w-md px-4 pb-6 text-sm text-slate-600">
        {branding?.supportText ? (
          <p className="mb-1">
            <span className="font-semibold">{t.support}: </span>
            {branding.supportText}
          </p>
        ) : null}
        {branding?.privacyUrl || branding?.termsUrl ? (
          <p className="mb-1 flex gap-4">
            {branding.privacyUrl ? (
              <a href={branding.privacyUrl} target="_blank" rel="noopener noreferrer" className="text-[var(--brand)] underline">
                {t.privacy}
              </a>
            ) : null}
            {branding.termsUrl ? (
              <a href={branding.termsUrl} target="_blank" rel="noopener noreferrer" className="text-[var(--brand)] underline">
                {t.terms}
              </a>
            ) : null}
          </p>
        ) : null}
        {branding?.hideCredit ? null : <p>{t.poweredBy}</p>}
      </footer>
    </div>
  );
}
