'use client';

import { formatWhen } from '../consoleApi';
import { useT } from '@/components/console/i18n';

/** A list of credentials or users: a header row of column names, one row per item, revoked ones greyed. */
export function AccessTable<T extends { revokedAt: string | null }>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
}: {
  caption: string;
  columns: { label: string; cell: (row: T) => React.ReactNode }[];
  rows: T[];
  rowKey: (row: T) => string;
  actions?: (row: T) => React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="py-2 pr-3 font-medium">
                {c.label}
              </th>
            ))}
            <th scope="col" className="py-2 pr-3 font-medium">{t('Status')}</th>
            {actions && (
              <th scope="col" className="py-2 font-medium">
                {t('Actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={`border-b border-slate-100 ${row.revokedAt ? 'text-slate-600' : ''}`}>
              {columns.map((c) => (
                <td key={c.label} className="py-2 pr-3">
                  {c.cell(row)}
                </td>
              ))}
              <td className="py-2 pr-3 whitespace-nowrap">{row.revokedAt ? t('revoked {when}', { when: formatWhen(row.revokedAt) }) : t('active')}</td>
              {actions && <td className="py-2">{row.revokedAt ? null : <div className="flex flex-wrap gap-2">{actions(row)}</div>}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="py-3 text-sm text-slate-600">{t('None yet.')}</p>}
    </div>
  );
}
