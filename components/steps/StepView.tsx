import type { Locale, Messages } from '@/lib/platform/i18n';
import type { FlowView } from '@/lib/processes/steps/shared';
import { IntroStep } from './IntroStep';
import { LazyChooseChannelStep as ChooseChannelStep, LazyCodeStep as CodeStep, LazyDocumentStep as DocumentStep, LazySelfieStep as SelfieStep } from './lazy';
import { MessagePanel } from './MessagePanel';
import { ResultStep } from './ResultStep';

/** The component of each stage. */
export function StepView({ requestId, view, t, locale, integratorName }: { requestId: string; view: FlowView; t: Messages; locale: Locale; integratorName: string }) {
  switch (view.stage) {
    case 'intro':
      return (
        <IntroStep
          requestId={requestId}
          locale={locale}
          kind={view.kind}
          integratorName={integratorName}
          singleChannel={view.channels.length === 1 ? view.channels[0]!.channel : undefined}
        />
      );
    case 'document':
      return <DocumentStep requestId={requestId} locale={locale} requireLiveCapture={view.requireLiveCapture} attemptsLeft={view.attemptsLeft} retry={view.retry} canHandOff={view.canHandOff} />;
    case 'selfie':
      return <SelfieStep requestId={requestId} locale={locale} attemptsLeft={view.attemptsLeft} retry={view.retry} canHandOff={view.canHandOff} />;
    case 'choose':
      return <ChooseChannelStep requestId={requestId} locale={locale} channels={view.channels} />;
    case 'code':
      return <CodeStep requestId={requestId} locale={locale} destination={view.destination} attemptsLeft={view.attemptsLeft} retryAfter={view.retryAfter} resendsLeft={view.resendsLeft} otherChannels={view.otherChannels} />;
    case 'finished':
      return <ResultStep requestId={requestId} locale={locale} approved={view.status === 'APPROVED'} capture={view.kind === 'fraud' || view.kind === 'liveness'} />;
    case 'finished-elsewhere':
      return <MessagePanel title={view.status === 'APPROVED' ? t.elsewhere.doneTitle : t.elsewhere.endedTitle} body={t.elsewhere.body} tone={view.status === 'APPROVED' ? 'good' : 'neutral'} />;
    case 'already-finished':
      return (
        <MessagePanel title={t.finished.title} body={t.finished.body}>
          <BackToApp href={view.backTo} label={t.backToApp} />
        </MessagePanel>
      );
    case 'expired':
      return (
        <MessagePanel title={t.expired.title} body={t.expired.body} tone="bad">
          <BackToApp href={view.backTo} label={t.backToApp} />
        </MessagePanel>
      );
    case 'canceled':
      return (
        <MessagePanel title={t.canceled.title} body={t.canceled.body} tone="bad">
          <BackToApp href={view.backTo} label={t.backToApp} />
        </MessagePanel>
      );
    case 'unavailable':
      return <MessagePanel title={t.unavailable.title} body={t.unavailable.body} />;
    case 'invalid':
      return <MessagePanel title={t.invalid.title} body={t.invalid.body} tone="bad" />;
  }
}

/** The way back to the integrator's app from a final page (none when the app has no address we can link to). */
function BackToApp({ href, label }: { href: string | undefined; label: string }) {
  if (!href) return null;
  return (
    <a href={href} className="mt-6 block w-full rounded-lg bg-[var(--brand-fill)] px-4 py-3 text-lg font-semibold text-[var(--brand-text)] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]">
      {label}
    </a>
  );
}
