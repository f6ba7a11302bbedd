'use client';

import { useEffect, useRef } from 'react';
import type { CaptureMessages } from '@/lib/platform/i18n/shared';
import { FlowError } from '../api';
import { Button } from '../Button';

export type Unsent = 'offline' | 'network';

/** Why a send never reached the server (no network, server out of reach), or undefined when it did and was answered. */
export const unsentOf = (e: unknown): Unsent | undefined => (e instanceof FlowError && (e.code === 'offline' || e.code === 'network') ? e.code : undefined);

/** A send that never reached the server: said as it is (no connection, or the server out of reach), the capture kept, one button to send again. */
export function UnsentPanel({ unsent, t, onRetry }: { unsent: Unsent; t: CaptureMessages; onRetry: () => void }) {
  return (
    <div role="alert" className="mb-4 rounded-lg border border-rose-300 bg-rose-50 p-3" data-testid="unsent" data-unsent={unsent}>
      <p className="mb-2 text-slate-900">{unsent === 'offline' ? t.camera.offline : t.camera.network}</p>
      <Button type="button" onClick={onRetry}>
        {t.camera.retry}
      </Button>
    </div>
  );
}

/** Back online after an offline send: the kept capture goes at once. */
export function useSendWhenOnline(unsent: Unsent | undefined, sendAgain: () => void): void {
  const latest = useRef(sendAgain);
  latest.current = sendAgain;
  useEffect(() => {
    if (unsent !== 'offline') return;
    const again = () => latest.current();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [unsent]);
}
