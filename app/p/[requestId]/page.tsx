import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { MessagePanel } from '@/components/steps/MessagePanel';
import { StepView } from '@/components/steps/StepView';
import { StepShell } from '@/components/steps/StepShell';
import { Providers } from '@/components/steps/Providers';
import { messages, pickLocale } from '@/lib/platform/i18n';
import { stepPageModel } from '@/lib/processes/steps';

export const dynamic = 'force-dynamic';

// Static (not generated) so the title is in the first bytes of the page, not streamed in later.
export const metadata: Metadata = { title: 'Verificação · Verification', referrer: 'no-referrer', robots: { index: false, follow: false } };

/** Every stage of a hosted process is served at /p/{requestId}; the session cookie says which. */
export default async function StepPage({ params, searchParams }: { params: Promise<{ requestId: string }>; searchParams: Promise<{ lang?: string; link?: string }> }) {
  const { requestId } = await params;
  const { lang, link } = await searchParams;
  const locale = pickLocale(lang, (await headers()).get('accept-language'));
  const t = messages[locale];
  const found = await stepPageModel(requestId, (await cookies()).get('atesta_step')?.value);
  // Opened with a wrong secret and no session of its own: the link is invalid, whatever the process's state.
  const model = link === 'invalid' && found.anonymous ? { ...found, view: { stage: 'invalid' as const } } : found;
  if (model.view.stage === 'finished' && !model.view.showSuccessPage) redirect(model.leaveTo ?? `/p/${requestId}/done`);
  const switchHref = `/p/${encodeURIComponent(requestId)}?lang=${locale === 'en' ? 'pt-BR' : 'en'}${link === 'invalid' ? '&link=invalid' : ''}`;
  return (
    <StepShell branding={model.branding} locale={locale} t={t} switchHref={switchHref}>
      <Providers>
        {model.view.stage === 'invalid' ? <MessagePanel title={t.invalid.title} body={t.invalid.body} tone="bad" /> : <StepView requestId={requestId} view={model.view} t={t} locale={locale} integratorName={model.branding?.name ?? 'Atesta'} />}
      </Providers>
    </StepShell>
  );
}
