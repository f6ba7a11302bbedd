import Link from 'next/link';
import { STEP_KINDS, STEP_STATUSES, type StepFilter } from '@/lib/console';
import type { StepHit } from '@/lib/console';
import { formatWhen } from '../format';
import { TableHead } from '../TableHead';
import { input, primaryButton, table, td } from '../styles';

/** Filters (a plain GET form: the address says what is shown) and the page of processes, newest first. */
export function StepList({ filter, page }: { filter: StepFilter; page: { items: StepHit[]; nextCursor: string | null } }) {
  const query = (extra: Record<string, string>) => new URLSearchParams({ ...Object.fromEntries(Object.entries({ ...filter, before: undefined }).filter(([, v]) => v)), ...extra } as Record<string, string>).toString();
  return (
    <div className="space-y-4">
      <form method="get" action="/console/steps" aria-label="Filter step processes" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <label className="block">
          <span className="font-medium text-slate-700">Type</span>
          <select name="kind" defaultValue={filter.kind ?? ''} className={input}>
            <option value="">All</option>
            {STEP_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">Status</span>
          <select name="status" defaultValue={filter.status ?? ''} className={input}>
            <option value="">All</option>
            {STEP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">Started from</span>
          <input type="date" name="from" defaultValue={filter.from ?? ''} className={input} />
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">to</span>
          <input type="date" name="to" defaultValue={filter.to ?? ''} className={input} />
        </label>
        <button type="submit" className={primaryButton}>
          Filter
        </button>
        <Link href="/console/steps" className="py-2 text-teal-800 underline">
          Clear
        </Link>
      </form>
      {page.items.length === 0 ? (
        <p className="text-slate-700">No step process matches.</p>
      ) : (
        <table className={table}>
          <TableHead columns={['Started', 'Type', 'Status', 'CPF', 'Finished', 'Request id']} className="text-slate-700" cellClassName="border-b border-slate-300 px-2 py-2 font-semibold" />
          <tbody>
            {page.items.map((s) => (
              <tr key={s.requestId}>
                <td className={td}>{formatWhen(s.createdAt)}</td>
                <td className={td}>{s.kind}</td>
                <td className={td}>{s.status}</td>
                <td className={`${td} font-mono`}>{s.cpf || '—'}</td>
                <td className={td}>{formatWhen(s.finishedAt)}</td>
                <td className={`${td} font-mono text-xs`}>
                  <Link href={`/console/steps/${s.requestId}`} className="text-teal-800 underline">
                    {s.requestId}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.nextCursor ? (
        <Link href={`/console/steps?${query({ before: page.nextCursor })}`} className="inline-block text-teal-800 underline">
          Older processes
        </Link>
      ) : null}
    </div>
  );
}
