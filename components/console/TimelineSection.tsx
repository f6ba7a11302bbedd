import type { TimelineEntry } from '@/lib/console';
import { HistoryTable } from './review/HistoryTable';

/** The status history of a step process or a batch, from the timestamps it keeps. */
export function TimelineSection({ entries, of }: { entries: TimelineEntry[]; of: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="mb-3 text-lg font-semibold text-slate-800">
        Status history
      </h2>
      <HistoryTable rows={entries.map((e) => ({ at: e.at, what: e.status ? `${e.event} (${e.status})` : e.event }))} caption={`Status history of this ${of}`} />
    </section>
  );
}
