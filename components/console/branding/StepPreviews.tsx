'use client';

import { messages, type Locale } from '@/lib/platform/i18n';
import { DocumentStep } from '../../steps/capture/DocumentStep';
import { SelfieStep } from '../../steps/capture/SelfieStep';
import { CodeStep } from '../../steps/CodeStep';
import { IntroStep } from '../../steps/IntroStep';
import { ResultStep } from '../../steps/ResultStep';
import { StepShell, type ShellBranding } from '../../steps/StepShell';
import { useT } from '@/components/console/i18n';

const PREVIEW_ID = 'preview';

/** What a fresh process shows, computed on the server as the hosted pages compute it (masking, limits). */
export interface PreviewSample {
  destination: string;
  codeAttempts: number;
  resends: number;
  captureAttempts: number;
}

/** Each hosted step page, by the same components the hosted pages use, with the data a fresh process has. */
function pages(locale: Locale, name: string, s: PreviewSample): { id: string; label: string; page: React.ReactNode }[] {
  return [
    { id: 'intro', label: 'Introduction and consent', page: <IntroStep requestId={PREVIEW_ID} locale={locale} kind="validation" integratorName={name} singleChannel="sms" /> },
    { id: 'code', label: 'SMS code entry', page: <CodeStep requestId={PREVIEW_ID} locale={locale} destination={s.destination} attemptsLeft={s.codeAttempts} retryAfter={0} resendsLeft={s.resends} /> },
    { id: 'document', label: 'Document capture', page: <DocumentStep requestId={PREVIEW_ID} locale={locale} requireLiveCapture={false} attemptsLeft={s.captureAttempts} preview /> },
    { id: 'selfie', label: 'Selfie and liveness', page: <SelfieStep requestId={PREVIEW_ID} locale={locale} attemptsLeft={s.captureAttempts} preview /> },
    { id: 'result', label: 'Result', page: <ResultStep requestId={PREVIEW_ID} locale={locale} approved preview /> },
  ];
}

/**
 * Live preview of every hosted step page in a phone frame 390 CSS px wide, as
 * a phone lays it out. The pages are
 * inert (no focus, no clicks, out of the accessibility tree): they only show
 * what a person will see; the form beside them is the accessible part.
 */
export function StepPreviews({ branding, locale, sample }: { branding: ShellBranding; locale: Locale; sample: PreviewSample }) {
  const t = messages[locale];
  const ct = useT();
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,410px)] gap-6" aria-label={ct('Hosted page previews')}>
      {pages(locale, branding.name, sample).map((p) => (
        <li key={p.id}>
          <figure data-testid={`preview-${p.id}`}>
            <figcaption className="mb-2 text-sm font-medium text-slate-700">{ct(p.label)}</figcaption>
            <div className="h-[740px] w-[410px] overflow-hidden rounded-[2rem] border-[10px] border-slate-800 bg-slate-50 shadow-lg">
              {/* Focusable so a keyboard can scroll a page longer than the frame. */}
              <div role="region" aria-label={ct('{page} preview', { page: ct(p.label) })} tabIndex={0} className="h-full overflow-y-auto focus-visible:outline-4 focus-visible:outline-teal-700">
                <div inert className="h-full">
                  <StepShell branding={branding} locale={locale} t={t} switchHref="#" preview>
                    {p.page}
                  </StepShell>
                </div>
              </div>
            </div>
          </figure>
        </li>
      ))}
    </ul>
  );
}
