'use client';

import type { CaptureMessages } from '@/lib/platform/i18n/shared';
import type { CameraProblem } from './camera-errors';

const KEYS: Record<CameraProblem, ['deniedTitle' | 'inUseTitle' | 'noneTitle' | 'unsupportedTitle' | 'iframeTitle', 'denied' | 'inUse' | 'none' | 'unsupported' | 'iframe']> = {
  denied: ['deniedTitle', 'denied'],
  inUse: ['inUseTitle', 'inUse'],
  none: ['noneTitle', 'none'],
  unsupported: ['unsupportedTitle', 'unsupported'],
  iframe: ['iframeTitle', 'iframe'],
};

/** One screen per camera problem, with the ways forward this page offers (retry, new tab, upload, phone). */
export function CameraProblemPanel({ problem, t, onRetry, children }: { problem: CameraProblem; t: CaptureMessages; onRetry: () => void; children?: React.ReactNode }) {
  const [title, body] = KEYS[problem];
  return (
    <div role="alert" data-camera-problem={problem} className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 className="mb-1 text-lg font-bold text-slate-900">{t.camera[title]}</h2>
      <p className="mb-3 text-slate-800">{t.camera[body]}</p>
      <div className="flex flex-col gap-2">
        {problem === 'iframe' ? (
          <a href={typeof window === 'undefined' ? '#' : window.location.href} target="_blank" rel="noopener" className="block rounded-lg border border-slate-400 px-4 py-2 text-center font-semibold text-slate-900">
            {t.camera.openNewTab}
          </a>
        ) : null}
        {problem === 'denied' || problem === 'inUse' ? (
          <button type="button" onClick={onRetry} className="rounded-lg border border-slate-400 px-4 py-2 font-semibold text-slate-900">
            {t.camera.retry}
          </button>
        ) : null}
        {children}
      </div>
    </div>
  );
}
