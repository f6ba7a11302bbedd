'use client';

import { useEffect } from 'react';
import { messages, type Locale } from '@/lib/platform/i18n';
import { MessagePanel } from './MessagePanel';
import { usePageCopy } from './page-copy';

/** Success (or rejection) page; continues to the integrator's app after a few seconds (not in the console's preview). */
export function ResultStep({ requestId, locale, approved, capture = false, preview = false }: { requestId: string; locale: Locale; approved: boolean; capture?: boolean; preview?: boolean }) {
  const t = messages[locale];
  const copy = usePageCopy();
  const href = `/p/${encodeURIComponent(requestId)}/done`;
  useEffect(() => {
    if (preview) return;
    const id = setTimeout(() => window.location.assign(href), 4000);
    return () => clearTimeout(id);
  }, [href, preview]);
  // A rejected capture says no more than that: the reasons of a fraud decision are for the integrator.
  const text = approved ? t.success : capture ? t.rejectedCapture : t.rejected;
  return (
    <MessagePanel title={(approved && copy.successTitle) || text.title} body={(approved && copy.successText) || text.body} tone={approved ? 'good' : 'bad'}>
      <a href={href} className="mt-6 block w-full rounded-lg bg-[var(--brand-fill)] px-4 py-3 text-lg font-semibold text-[var(--brand-text)] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]">
        {text.continue}
      </a>
    </MessagePanel>
  );
}
