import type { CaptureMessages } from '@/lib/platform/i18n/shared';

/** Where the person is in the selfie: the three stages, and a bar that fills as the face holds steady and as the movement is recorded. */
export function SelfieProgress({ t, stage, percent, secondsLeft }: { t: CaptureMessages; stage: 0 | 1 | 2; percent: number; secondsLeft?: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="mb-3" data-testid="selfie-progress" data-stage={stage}>
      <ol className="mb-2 flex justify-between gap-2 text-sm text-slate-700">
        {t.selfie.stages.map((name, i) => (
          <li key={name} aria-current={i === stage ? 'step' : undefined} className={i === stage ? 'font-semibold text-slate-900' : undefined}>
            <span aria-hidden="true">{i + 1}. </span>
            {name}
          </li>
        ))}
      </ol>
      <div role="progressbar" aria-label={t.selfie.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-[var(--brand)] transition-[width] duration-200" style={{ width: `${value}%` }} />
      </div>
      {secondsLeft !== undefined ? (
        <p className="mt-1 text-right text-sm text-slate-700" data-testid="selfie-time-left">
          {t.selfie.timeLeft(secondsLeft)}
        </p>
      ) : null}
    </div>
  );
}
