'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { buttonClass } from '../buttons';
import { consoleApi, formatWhen } from '../consoleApi';
import { DeliveryStatus } from './DeliveryStatus';
import type { Attempt, EventDetail } from './types';
import { useT } from '@/components/console/i18n';
import type { ConsoleT } from '@/lib/platform/i18n/shared';

const WATCH_MS = 30_000;

const outcomeOf = (a: Attempt, t: ConsoleT) =>
  a.statusCode && a.statusCode < 300
    ? t('Redelivered: the receiver answered {status} in {ms} ms.', { status: a.statusCode, ms: a.latencyMs })
    : t('Redelivery failed: {error}.', { error: a.error ?? t('the receiver answered {status}', { status: a.statusCode ?? '—' }) });

/** One event: its attempts, its payload (never images), and a redeliver button that reports the new attempt's outcome. */
export function WebhookEventDetail({ eventId, canRedeliver }: { eventId: string; canRedeliver: boolean }) {
  const queryClient = useQueryClient();
  const t = useT();
  // Waiting for the attempt a redelivery queued: how many there were before, and since when.
  const [watch, setWatch] = useState<{ before: number; since: number }>();
  const [outcome, setOutcome] = useState('');
  const event = useQuery({
    queryKey: ['webhook-event', eventId],
    queryFn: () => consoleApi<EventDetail>(`/services/api/v1/webhooks/events/${encodeURIComponent(eventId)}`),
    refetchInterval: watch ? 1000 : false,
  });
  const redeliver = useMutation({
    mutationFn: () => consoleApi(`/services/api/v1/webhooks/events/${encodeURIComponent(eventId)}/redeliver`, { method: 'POST' }),
    onMutate: () => setOutcome(t('Sending the redelivery…')),
    onSuccess: () => {
      setWatch({ before: event.data?.deliveryAttempts.length ?? 0, since: Date.now() });
      setOutcome(t('Redelivery queued; waiting for the attempt…'));
    },
    onError: (err) => setOutcome(t('Redelivery refused: {error}', { error: err.message })),
  });

  useEffect(() => {
    if (!watch || !event.data) return;
    const attempts = event.data.deliveryAttempts;
    if (attempts.length > watch.before) {
      setOutcome(outcomeOf(attempts[attempts.length - 1]!, t));
      setWatch(undefined);
      void queryClient.invalidateQueries({ queryKey: ['webhook-events'] });
    } else if (Date.now() - watch.since > WATCH_MS) {
      setOutcome(t('No attempt yet: the worker may be busy. The log will show it when it happens.'));
      setWatch(undefined);
    }
  }, [watch, event.data, event.dataUpdatedAt, queryClient, t]);

  if (event.isPending) return <p className="mt-4 text-sm text-slate-600">{t('Loading the event…')}</p>;
  if (event.error) return <p className="mt-4 text-sm text-red-700">{event.error.message}</p>;
  const e = event.data;
  return (
    <article aria-labelledby="event-heading" className="mt-6 border-t border-slate-200 pt-4" data-testid="event-detail">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="event-heading" className="text-base font-semibold text-slate-900">
          {t('Event')} <span className="font-mono text-sm">{e.id}</span>
        </h3>
        {canRedeliver && (
          <button type="button" className={buttonClass('primary')} disabled={redeliver.isPending || Boolean(watch)} onClick={() => redeliver.mutate()}>
            {t('Redeliver')}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-800" data-testid="redeliver-outcome">
        {outcome}
      </p>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('Type')}</dt>
        <dd>{e.type}</dd>
        <dt className="text-slate-600">{t('Status')}</dt>
        <dd><DeliveryStatus status={e.status} /></dd>
        <dt className="text-slate-600">URL</dt>
        <dd className="break-all font-mono text-xs">{e.url}</dd>
        <dt className="text-slate-600">{t('Created')}</dt>
        <dd className="tabular-nums">{formatWhen(e.createdAt)}</dd>
        <dt className="text-slate-600">{t('Delivered')}</dt>
        <dd className="tabular-nums">{formatWhen(e.deliveredAt)}</dd>
        <dt className="text-slate-600">{t('Next attempt')}</dt>
        <dd className="tabular-nums">{formatWhen(e.nextAttemptAt)}</dd>
      </dl>
      <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{t('Attempts')}</h4>
      {e.deliveryAttempts.length === 0 ? (
        <p className="text-sm text-slate-600">{t('No attempt yet.')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('Delivery attempts, oldest first')}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">{t('Time')}</th>
              <th scope="col" className="py-1 pr-3 font-medium">{t('HTTP status')}</th>
              <th scope="col" className="py-1 pr-3 font-medium">{t('Latency')}</th>
              <th scope="col" className="py-1 pr-3 font-medium">{t('Error')}</th>
              <th scope="col" className="py-1 font-medium">{t('Kind')}</th>
            </tr>
          </thead>
          <tbody data-testid="attempts">
            {e.deliveryAttempts.map((a, i) => (
              <tr key={i} className="border-b border-slate-100">
                <td className="py-1 pr-3 tabular-nums">{formatWhen(a.attemptedAt)}</td>
                <td className="py-1 pr-3 tabular-nums">{a.statusCode ?? '—'}</td>
                <td className="py-1 pr-3 tabular-nums">{a.latencyMs} ms</td>
                <td className="py-1 pr-3">{a.error ?? '—'}</td>
                <td className="py-1">{a.manual ? t('redelivery') : t('scheduled')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{t('Payload')}</h4>
      <pre role="region" tabIndex={0} aria-label={t('Payload JSON')} className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700">
        {JSON.stringify(e.payload, null, 2)}
      </pre>
    </article>
  );
}
