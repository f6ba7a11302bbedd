'use client';

import { useEffect, useRef, useState } from 'react';
import { messages, type Locale } from '@/lib/platform/i18n';
import { MessagePanel } from './MessagePanel';
import { usePageCopy } from './page-copy';

/**
 * Seconds before an approved person is taken back to the app by themselves. Shown as a countdown with a button that
 * stops it (WCAG 2.2.1: a time limit the person can turn off); a rejection never leaves by itself, since its text says
 * what to do next and must be read.
 */
export const AUTO_CONTINUE_SECONDS = 8;

/** Success (or rejection) page; an approval continues to the integrator's app after a countdown (not in the console's preview). */
export function ResultStep({ requestId, locale, approved, capture = false, preview = false }: { requestId: string; locale: Locale; approved: boolean; capture?: boolean; preview?: boolean }) {
  const t = messages[locale];
  const copy = usePageCopy();
  const href = `/p/${encodeURIComponent(requestId)}/done`;
  const [left, setLeft] = useState<number | undefined>(approved && !preview ? AUTO_CONTINUE_SECONDS : undefined);
  const continueLink = useRef<HTMLAnchorElement>(null);
  // The stop button goes away once pressed: focus moves to the link that is now the page's one action, not to <body>.
  const stay = () => {
    setLeft(undefined);
    continueLink.current?.focus();
  };
  useEffect(() => {
    if (left === undefined) return;
    if (left <= 0) {
      window.location.assign(href);
      return;
    }
    const id = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(id);
  }, [href, left]);
  // A rejected capture says no more than that: the reasons of a fraud decision are for the integrator.
  const text = approved ? t.success : capture ? t.rejectedCapture : t.rejected;
  return (
    <MessagePanel title={(approved && copy.successTitle) || text.title} body={(approved && copy.successText) || text.body} tone={approved ? 'good' : 'bad'}>
      <a ref={continueLink} href={href} className="mt-6 block w-full rounded-lg bg-[var(--brand-fill)] px-4 py-3 text-lg font-semibold text-[var(--brand-text)] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]">
        {text.continue}
      </a>
      {left !== undefined && left > 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          {/* Not a live region: a second-by-second count would drown out everything else a screen reader says. */}
          <span data-testid="auto-continue">{t.success.leavingIn(left)}</span>{' '}
          <button type="button" onClick={stay} className="rounded font-semibold text-slate-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]">
            {t.success.stay}
          </button>
        </p>
      ) : null}
    </MessagePanel>
  );
}
