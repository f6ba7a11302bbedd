'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { messages, type Locale } from '@/lib/platform/i18n';
import { beginFlow } from './api';
import { Button } from './Button';
import { usePageCopy } from './page-copy';
import { useHydrated } from './use-hydrated';

/** What will happen, which data is used, LGPD consent. */
export function IntroStep({ requestId, locale, kind, integratorName, singleChannel }: { requestId: string; locale: Locale; kind: 'validation' | 'mfa' | 'fraud' | 'liveness'; integratorName: string; singleChannel: 'sms' | 'email' | undefined }) {
  const t = messages[locale];
  const copy = usePageCopy();
  const router = useRouter();
  const consentId = useId();
  const errorId = useId();
  const [consent, setConsent] = useState(false);
  const [showError, setShowError] = useState(false);
  const hydrated = useHydrated();
  const start = useMutation({
    mutationFn: () => beginFlow(requestId, { consent: true, channel: singleChannel, lang: locale }),
    onSuccess: () => router.refresh(),
  });
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{copy.introTitle ?? t.intro.title}</h1>
      {copy.introText ? <p className="mb-3 whitespace-pre-line text-slate-800">{copy.introText}</p> : null}
      <p className="mb-3 text-slate-800">{kind === 'fraud' ? t.introCapture.fraud : kind === 'liveness' ? t.introCapture.liveness : kind === 'validation' ? t.intro.validation : t.intro.mfa}</p>
      <p className="mb-3 text-sm text-slate-700">{kind === 'fraud' ? t.introCapture.dataUsedFraud : kind === 'liveness' ? t.introCapture.dataUsedLiveness : t.intro.dataUsed}</p>
      <p className="mb-4 text-sm text-slate-700">
        {t.intro.lgpd} <strong>{integratorName}</strong>.
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!consent) return setShowError(true);
          start.mutate();
        }}
      >
        <div className="mb-4 flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            checked={consent}
            disabled={!hydrated}
            onChange={(e) => {
              setConsent(e.target.checked);
              setShowError(false);
            }}
            aria-describedby={showError ? errorId : undefined}
            aria-invalid={showError || undefined}
            className="mt-1 h-5 w-5 accent-[var(--brand)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]"
          />
          <label htmlFor={consentId} className="text-slate-900">
            {t.intro.consent}
          </label>
        </div>
        <p id={errorId} role="alert" className="mb-3 min-h-[1.5rem] text-sm font-medium text-rose-700">
          {showError ? t.intro.consentRequired : start.isError ? t.code.error : ''}
        </p>
        <Button type="submit" disabled={!hydrated || start.isPending}>
          {t.intro.start}
        </Button>
      </form>
    </section>
  );
}
