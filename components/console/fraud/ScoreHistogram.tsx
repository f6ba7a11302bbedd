'use client';

import { useT } from '@/components/console/i18n';
const W = 400;
const H = 160;
const PAD = { left: 28, bottom: 22, top: 8 };
const BUCKETS = Array.from({ length: 10 }, (_, i) => (i === 9 ? '90–100' : `${i * 10}–${i * 10 + 9}`));

/** Score distribution now and proposed, ten buckets side by side (hand-made SVG; the counts are its text alternative). */
export function ScoreHistogram({ before, after }: { before: number[]; after: number[] }) {
  const t = useT();
  const max = Math.max(1, ...before, ...after);
  const slot = (W - PAD.left) / 10;
  const bar = (slot - 6) / 2;
  const y = (n: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - n / max);
  const description = BUCKETS.map((b, i) => t('{bucket}: {now} now, {proposed} proposed', { bucket: b, now: before[i]!, proposed: after[i]! })).join('; ');
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="w-full" role="img" aria-label={`${t('Score distribution')}. ${description}.`}>
        <line x1={PAD.left} x2={W} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#475569" />
        <text x={PAD.left - 4} y={y(max) + 4} textAnchor="end" fontSize="10" fill="#334155">
          {max}
        </text>
        <text x={PAD.left - 4} y={H - PAD.bottom} textAnchor="end" fontSize="10" fill="#334155">
          0
        </text>
        {BUCKETS.map((label, i) => {
          const x = PAD.left + i * slot + 3;
          return (
            <g key={label}>
              <rect x={x} y={y(before[i]!)} width={bar} height={H - PAD.bottom - y(before[i]!)} fill="#94a3b8" />
              <rect x={x + bar} y={y(after[i]!)} width={bar} height={H - PAD.bottom - y(after[i]!)} fill="#0f766e" />
              <text x={x + bar} y={H - 6} textAnchor="middle" fontSize="9" fill="#334155">
                {i * 10}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-700">
        <span>{t('Score distribution')}:</span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 bg-slate-400" /> {t('now')}
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 bg-teal-700" /> {t('proposed')}
        </span>
      </figcaption>
    </figure>
  );
}
