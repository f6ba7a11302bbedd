'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { buttonClass } from '../buttons';
import { consoleApi, formatWhen } from '../consoleApi';
import { DeliveryStatus } from './DeliveryStatus';
import type { Attempt, EventDetail } from './types';

const WATCH_MS = 30_000;

const outcomeOf = (a: Attempt) =>
  a.statusCode && a.statusCode < 300 ? `Redelivered: the receiver answered ${a.statusCode} in ${a.latencyMs} ms.` : `Redelivery failed: ${a.error ?? `the receiver answered ${a.statusCode}`}.`;

/** One event: its attempts, its payload (never images), and a redeliver button that reports the new attempt's outcome. */
export function WebhookEventDetail({ eventId, canRedeliver }: { eventId: string; canRedeliver: boolean }) {
  const queryClient = useQueryClient();
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
    onMutate: () => setOutcome('Sending the redelivery…'),
    onSuccess: () => {
      setWatch({ before: event.data?.deliveryAttempts.length ?? 0, since: Date.now() });
      setOutcome('Redelivery queued; waiting for the attempt…');
    },
    onError: (err) => setOutcome(`Redelivery refused: ${err.message}`),
  });

  useEffect(() => {
    if (!watch || !event.data) return;
    const attempts = event.data.deliveryAttempts;
    if (attempts.length > watch.before) {
      setOutcome(outcomeOf(attempts[attempts.length - 1]!));
      setWatch(undefined);
      void queryClient.invalidateQueries({ queryKey: ['webhook-events'] });
    } else if (Date.now() - watch.since > WATCH_MS) {
      setOutcome('No attempt yet: the worker may be busy. The log will show it when it happens.');
      setWatch(undefined);
    }
  }, [watch, event.data, event.dataUpdatedAt, queryClient]);

  if (event.isPending) return <p className="mt-4 text-sm text-slate-600">Loading the event…</p>;
  if (event.error) return <p className="mt-4 text-sm text-red-700">{event.error.message}</p>;
  const e = event.data;
  return (
    <article aria-labelledby="event-heading" className="mt-6 border-t border-slate-200 pt-4" data-testid="event-detail">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="event-heading" className="text-base font-semibold text-slate-900">
          Event <span className="font-mono text-sm">{e.id}</span>
        </h3>
        {canRedeliver && (
          <button type="button" className={buttonClass('primary')} disabled={redeliver.isPending || Boolean(watch)} onClick={() => redeliver.mutate()}>
            Redeliver
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-800" data-testid="redeliver-outcome">
        {outcome}
      </p>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Type</dt>
        <dd>{e.type}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd><DeliveryStatus status={e.status} /></dd>
        <dt className="text-slate-600">URL</dt>
        <dd className="break-all font-mono text-xs">{e.url}</dd>
        <dt className="text-slate-600">Created</dt>
        <dd className="tabular-nums">{formatWhen(e.createdAt)}</dd>
        <dt className="text-slate-600">Delivered</dt>
        <dd className="tabular-nums">{formatWhen(e.deliveredAt)}</dd>
        <dt className="text-slate-600">Next attempt</dt>
        <dd className="tabular-nums">{formatWhen(e.nextAttemptAt)}</dd>
      </dl>
      <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">Attempts</h4>
      {e.deliveryAttempts.length === 0 ? (
        <p className="text-sm text-slate-600">No attempt yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Delivery attempts, oldest first</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">Time</th>
              <th scope="col" className="py-1 pr-3 font-medium">HTTP status</th>
              <th scope="col" className="py-1 pr-3 font-medium">Latency</th>
              <th scope="col" className="py-1 pr-3 font-medium">Error</th>
              <th scope="col" className="py-1 font-medium">Kind</th>
            </tr>
          </thead>
          <tbody data-testid="attempts">
            {e.deliveryAttempts.map((a, i) => (
              <tr key={i} className="border-b border-slate-100">
                <td className="py-1 pr-3 tabular-nums">{formatWhen(a.attemptedAt)}</td>
                <td className="py-1 pr-3 tabular-nums">{a.statusCode ?? '—'}</td>
                <td className="py-1 pr-3 tabular-nums">{a.latencyMs} ms</td>
                <td className="py-1 pr-3">{a.error ?? '—'}</td>
                <td className="py-1">{a.manual ? 'redelivery' : 'scheduled'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">Payload</h4>
      <pre role="region" tabIndex={0} aria-label="Payload JSON" className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700">
        {JSON.stringify(e.payload, null, 2)}
      </pre>
    </article>
  );
}
