'use client';

import { useEffect, useState } from 'react';

/** What the person reads while the server analyses; after a while, that the connection is slow (the request keeps going). */
export function SendingNotice({ text, slowText, slowAfterMs = 12_000 }: { text: string; slowText: string; slowAfterMs?: number }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setSlow(true), slowAfterMs);
    return () => clearTimeout(id);
  }, [slowAfterMs]);
  return (
    <div aria-live="polite" className="py-8 text-center text-lg text-slate-800" data-testid="sending">
      <div aria-hidden="true" className="mx-auto mb-4 h-10 w-10 animate-spin rounded-full border-4 border-slate-300 border-t-[var(--brand)]" />
      <p>{text}</p>
      {slow ? <p className="mt-2 text-base text-slate-700">{slowText}</p> : null}
    </div>
  );
}
