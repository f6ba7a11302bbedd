'use client';

import type { TimelineEntry } from '@/lib/processes/console';
import { HistoryTable } from './review/HistoryTable';
import { useT } from '@/components/console/i18n';

/** The status history of a step process or a batch, from the timestamps it keeps. */
export function TimelineSection({ entries, of }: { entries: TimelineEntry[]; of: string }) {
  const t = useT();
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="mb-3 text-lg font-semibold text-slate-800">
        {t('Status history')}
      </h2>
      <HistoryTable rows={entries.map((e) => ({ at: e.at, what: e.status ? `${t(e.event, e.vars)} (${e.status})` : t(e.event, e.vars) }))} caption={t(`Status history of this ${of}`)} />
    </section>
  );
}
