'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass, inputClass } from '../buttons';
import { consoleApi, formatWhen } from '../consoleApi';
import { DeliveryStatus } from './DeliveryStatus';
import type { EventPage } from './types';
import { WebhookEventDetail } from './WebhookEventDetail';
import { useT } from '@/components/console/i18n';

const STATUSES = ['pending', 'delivered', 'failed'] as const;

function pageUrl(filter: { status: string; type: string }, before?: string) {
  const q = new URLSearchParams({ limit: '20' });
  if (filter.status) q.set('status', filter.status);
  if (filter.type) q.set('type', filter.type);
  if (before) q.set('before', before);
  return `/services/api/v1/webhooks/events?${q}`;
}

/** The delivery log: events newest first, filtered by status and type, older pages on demand; one event opened below. */
export function WebhookLog({ eventTypes, firstPage, canRedeliver }: { eventTypes: readonly string[]; firstPage: EventPage; canRedeliver: boolean }) {
  const t = useT();
  const [filter, setFilter] = useState({ status: '', type: '' });
  const [openId, setOpenId] = useState<string>();
  const unfiltered = !filter.status && !filter.type;
  const log = useInfiniteQuery({
    queryKey: ['webhook-events', filter],
    queryFn: ({ pageParam }) => consoleApi<EventPage>(pageUrl(filter, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: unfiltered ? { pages: [firstPage], pageParams: [undefined] } : undefined,
  });
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <section aria-labelledby="log-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="log-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {t('Delivery log')}
      </h2>
      <form className="mb-3 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="filter-status" className="block text-sm font-medium text-slate-700">
            {t('Status')}
          </label>
          <select id="filter-status" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value })} className={inputClass}>
            <option value="">{t('Any')}</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-type" className="block text-sm font-medium text-slate-700">
            {t('Type')}
          </label>
          <select id="filter-type" value={filter.type} onChange={(e) => setFilter({ ...filter, type: e.target.value })} className={inputClass}>
            <option value="">{t('Any')}</option>
            {eventTypes.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </div>
        <button type="button" className={buttonClass('secondary')} onClick={() => log.refetch()}>
          {t('Refresh')}
        </button>
      </form>
      <p role="status" aria-live="polite" className="sr-only">
        {log.isFetching ? t('Loading events…') : t('{n} events shown.', { n: events.length })}
      </p>
      {log.error && <p className="text-sm text-red-700">{log.error.message}</p>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('Webhook events, newest first')}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">{t('Created')}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t('Type')}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t('Subject')}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t('Status')}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t('Attempts')}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t('Last error')}</th>
              <th scope="col" className="py-2 font-medium"><span className="sr-only">{t('Open')}</span></th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} className={`border-b border-slate-100 ${openId === e.id ? 'bg-teal-50' : ''}`}>
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{formatWhen(e.createdAt)}</td>
                <td className="py-2 pr-3">{e.type}</td>
                <td className="py-2 pr-3 font-mono text-xs">{e.subjectId ?? '—'}</td>
                <td className="py-2 pr-3"><DeliveryStatus status={e.status} /></td>
                <td className="py-2 pr-3 tabular-nums">{e.attempts}</td>
                <td className="max-w-56 truncate py-2 pr-3 text-slate-700" title={e.lastError ?? undefined}>{e.lastError ?? '—'}</td>
                <td className="py-2">
                  <button type="button" className={buttonClass('secondary')} aria-label={t('Open event {id}', { id: e.id })} aria-pressed={openId === e.id} onClick={() => setOpenId(e.id)}>
                    {t('Open')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {events.length === 0 && !log.isFetching && <p className="py-4 text-sm text-slate-600">{t('No events match.')}</p>}
      {log.hasNextPage && (
        <button type="button" className={`${buttonClass('secondary')} mt-3`} disabled={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
          {log.isFetchingNextPage ? t('Loading…') : t('Older events')}
        </button>
      )}
      {openId && <WebhookEventDetail key={openId} eventId={openId} canRedeliver={canRedeliver} />}
    </section>
  );
}
