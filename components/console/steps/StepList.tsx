'use client';

import Link from 'next/link';
import type { StepFilter, StepHit } from '@/lib/processes/console';
import { formatWhen } from '../format';
import { TableHead } from '../TableHead';
import { input, primaryButton, table, td } from '../styles';
import { useT } from '@/components/console/i18n';

/** Filters (a plain GET form: the address says what is shown) and the page of processes, newest first. */
export function StepList({ filter, page, kinds, statuses }: { filter: StepFilter; page: { items: StepHit[]; nextCursor: string | null }; kinds: readonly string[]; statuses: readonly string[] }) {
  const t = useT();
  const query = (extra: Record<string, string>) => new URLSearchParams({ ...Object.fromEntries(Object.entries({ ...filter, before: undefined }).filter(([, v]) => v)), ...extra } as Record<string, string>).toString();
  return (
    <div className="space-y-4">
      <form method="get" action="/console/steps" aria-label={t('Filter step processes')} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <label className="block">
          <span className="font-medium text-slate-700">{t('Type')}</span>
          <select name="kind" defaultValue={filter.kind ?? ''} className={input}>
            <option value="">{t('All')}</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">{t('Status')}</span>
          <select name="status" defaultValue={filter.status ?? ''} className={input}>
            <option value="">{t('All')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">{t('Started from')}</span>
          <input type="date" name="from" defaultValue={filter.from ?? ''} className={input} />
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">{t('to')}</span>
          <input type="date" name="to" defaultValue={filter.to ?? ''} className={input} />
        </label>
        <button type="submit" className={primaryButton}>
          {t('Filter')}
        </button>
        <Link href="/console/steps" className="py-2 text-teal-800 underline">
          {t('Clear')}
        </Link>
      </form>
      {page.items.length === 0 ? (
        <p className="text-slate-700">{t('No step process matches.')}</p>
      ) : (
        <table className={table}>
          <TableHead columns={[t('Started'), t('Type'), t('Status'), 'CPF', t('Finished'), t('Request id')]} className="text-slate-700" cellClassName="border-b border-slate-300 px-2 py-2 font-semibold" />
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
          {t('Older processes')}
        </Link>
      ) : null}
    </div>
  );
}
