'use client';

import { formatWhen } from '../format';
import { TableHead } from '../TableHead';
import { useT } from '@/components/console/i18n';

export interface HistoryRow {
  at: string;
  what: string;
  reason?: string | null;
  who?: string | null;
}

/** A record's status history, oldest first: when, what, why, who. */
export function HistoryTable({ rows, caption }: { rows: HistoryRow[]; caption: string }) {
  const t = useT();
  return (
    <table className="w-full text-left text-sm" data-testid="history">
      <caption className="sr-only">{caption}</caption>
      <TableHead columns={[t('When'), t('What'), t('Why'), t('Who')]} />
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-3 whitespace-nowrap tabular-nums">{formatWhen(r.at)}</td>
            <td className="py-1 pr-3">{r.what}</td>
            <td className="py-1 pr-3">{r.reason ?? '—'}</td>
            <td className="py-1">{r.who ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
