'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CaptureMessages } from '@/lib/platform/i18n/shared';
import type { StateResponse } from '@/lib/api/contracts/flow';
import { handoffFlow, stateFlow } from '../api';

/** The phone's progress as the desktop tells it: waiting, opened, camera open, sending, asked for another photo. */
function phoneStateOf(phone: StateResponse['phone'], attemptsAtStart: number | undefined): 'waiting' | 'sending' | 'again' | 'capturing' | 'connected' {
  if (!phone?.connected) return 'waiting';
  if (phone.activity === 'sending') return 'sending';
  // Only what the phone sent: a retry asked before the handoff is old news.
  if (phone.retry?.length && attemptsAtStart !== undefined && phone.attempts > attemptsAtStart) return 'again';
  if (phone.activity === 'capturing') return 'capturing';
  return 'connected';
}

function phoneText(phone: StateResponse['phone'], state: ReturnType<typeof phoneStateOf>, t: CaptureMessages): string {
  if (state === 'again') return t.handoff.again(phone!.retry!.map((r) => t.handoff.slots[r.slot] ?? r.slot).join(', '));
  return t.handoff[state];
}

/**
 * Desktop to phone: a QR code and a copyable one-time link for the same
 * process; this page polls the process and, when the phone has finished,
 * reloads to show the outcome and continue to the integrator's app.
 */
export function HandoffPanel({ requestId, t, onClose }: { requestId: string; t: CaptureMessages; onClose: () => void }) {
  const link = useMutation({ mutationFn: () => handoffFlow(requestId) });
  const [copied, setCopied] = useState(false);
  const attemptsAtStart = useRef<number | undefined>(undefined);
  useEffect(() => {
    link.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const state = useQuery({ queryKey: ['state', requestId], queryFn: () => stateFlow(requestId), refetchInterval: 2000, enabled: link.isSuccess });
  if (attemptsAtStart.current === undefined && state.data?.phone) attemptsAtStart.current = state.data.phone.attempts;
  const phoneState = phoneStateOf(state.data?.phone, attemptsAtStart.current);
  useEffect(() => {
    const stage = state.data?.stage;
    if (stage && stage !== 'document' && stage !== 'selfie' && stage !== 'intro') window.location.reload();
  }, [state.data?.stage]);
  return (
    <section aria-labelledby="handoff-title" className="rounded-lg border border-slate-300 p-4" data-testid="handoff">
      <h2 id="handoff-title" className="mb-2 text-lg font-bold text-slate-900">
        {t.handoff.title}
      </h2>
      <p className="mb-3 text-slate-800">{t.handoff.body}</p>
      {link.data ? (
        <>
          {/* The SVG comes from our own server (zxing's writer), not from user input. */}
          <div className="mx-auto mb-3 w-48 [&_svg]:h-auto [&_svg]:w-full" role="img" aria-label="QR code" dangerouslySetInnerHTML={{ __html: link.data.qrSvg }} />
          <input readOnly value={link.data.url} aria-label="Link" data-testid="handoff-url" className="mb-2 w-full rounded border border-slate-400 px-2 py-1 text-sm text-slate-900" onFocus={(e) => e.target.select()} />
          <button
            type="button"
            className="mb-2 w-full rounded-lg border border-slate-400 px-4 py-2 font-semibold text-slate-900"
            onClick={async () => {
              await navigator.clipboard?.writeText(link.data!.url).catch(() => undefined);
              setCopied(true);
            }}
          >
            {copied ? t.handoff.copied : t.handoff.copy}
          </button>
          <p className="text-sm text-slate-700">{t.handoff.expires}</p>
          <p aria-live="polite" className="mt-2 text-sm font-medium text-slate-800" data-testid="phone-state" data-phone-state={phoneState}>
            {phoneText(state.data?.phone, phoneState, t)}
          </p>
        </>
      ) : link.isError ? (
        <p role="alert" className="text-rose-700">
          {t.error}
        </p>
      ) : (
        <p aria-live="polite">…</p>
      )}
      <button type="button" onClick={onClose} className="mt-3 w-full text-center text-sm font-semibold text-slate-800 underline">
        {t.handoff.back}
      </button>
    </section>
  );
}
