'use client';

import type { Overview } from '@/lib/processes/console';
import { useT } from '@/components/console/i18n';

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const t = useT();
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold text-slate-800">{t(title)}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t('None in the last 24 hours.')}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {entries.map(([status, n]) => (
            <div key={status} className="contents">
              <dt className="text-slate-600">{status}</dt>
              <dd className="text-right font-medium tabular-nums text-slate-900">{n}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The overview: the review queue's length and the last day's volumes by status. */
export function OverviewCards({ data }: { data: Overview }) {
  const t = useT();
  return (
    <div className="grid gap-4 md:grid-cols-4">
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold text-slate-800">{t('Awaiting review')}</h2>
        <p className="text-4xl font-semibold tabular-nums text-teal-800" data-testid="awaiting-review">
          {data.awaitingReview}
        </p>
      </section>
      <Counts title="Onboardings" counts={data.last24h.onboardings} />
      <Counts title="Step processes" counts={data.last24h.steps} />
      <Counts title="Batches" counts={data.last24h.batches} />
    </div>
  );
}
