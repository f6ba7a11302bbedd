'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { endpointSchema } from '@/lib/api/contracts/webhooks';
import { buttonClass, inputClass } from '../buttons';
import { consoleApi } from '../consoleApi';
import { table, td, th } from '../styles';
import { useT } from '@/components/console/i18n';

/** An endpoint as GET /services/api/v1/webhooks/endpoints returns it (its contract's schema). */
type Endpoint = z.infer<typeof endpointSchema>;
const KEY = ['webhook-endpoints'];
const PATH = '/services/api/v1/webhooks/endpoints';

/**
 * Standing subscriptions: every event of the chosen types goes to the URL, for
 * every process (the callBackUrl/webhookUrl of a process hears only its final
 * result). Admins add, pause and remove; others read.
 */
export function WebhookEndpoints({ eventTypes, initial, canEdit }: { eventTypes: readonly string[]; initial: Endpoint[]; canEdit: boolean }) {
  const client = useQueryClient();
  const t = useT();
  const endpoints = useQuery({ queryKey: KEY, queryFn: async () => (await consoleApi<{ endpoints: Endpoint[] }>(PATH)).endpoints, initialData: initial });
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<string[]>(['onboarding.status_changed']);
  const [status, setStatus] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const add = useMutation({
    mutationFn: () => consoleApi<Endpoint>(PATH, { json: { url: url.trim(), eventTypes: types } }),
    onSuccess: (e) => {
      setUrl('');
      setStatus(t('Added {url}.', { url: e.url }));
      void refresh();
    },
    onError: (err) => setStatus(t('Not added: {error}', { error: err.message })),
  });
  const change = useMutation({
    mutationFn: (v: { id: string; enabled?: boolean; remove?: boolean }) =>
      v.remove ? consoleApi(`${PATH}/${v.id}`, { method: 'DELETE' }) : consoleApi(`${PATH}/${v.id}`, { method: 'PATCH', json: { enabled: v.enabled } }),
    onSuccess: (_d, v) => {
      setStatus(v.remove ? t('Endpoint removed.') : v.enabled ? t('Endpoint resumed.') : t('Endpoint paused.'));
      void refresh();
    },
    onError: (err) => setStatus(err.message),
  });
  const toggle = (t: string) => setTypes((old) => (old.includes(t) ? old.filter((x) => x !== t) : [...old, t]));

  return (
    <section aria-labelledby="endpoints-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="endpoints-heading" className="mb-2 text-lg font-semibold text-slate-900">
        {t('Endpoints')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t("A process's own callBackUrl/webhookUrl hears once, with the final result. An endpoint here hears every event of the types it lists, for every process, including onboarding.status_changed on each move.")}
      </p>
      {endpoints.data.length === 0 ? (
        <p className="mb-3 text-sm text-slate-600">{t('No endpoints.')}</p>
      ) : (
        <table className={`${table} mb-3`}>
          <thead>
            <tr>
              <th className={th}>URL</th>
              <th className={th}>{t('Events')}</th>
              <th className={th}>{t('State')}</th>
              {canEdit ? <th className={th}>{t('Actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {endpoints.data.map((e) => (
              <tr key={e.id}>
                <td className={`${td} break-all font-mono`}>{e.url}</td>
                <td className={td}>{e.eventTypes.join(', ')}</td>
                <td className={td}>{e.enabled ? t('active') : t('paused')}</td>
                {canEdit ? (
                  <td className={`${td} space-x-2 whitespace-nowrap`}>
                    <button type="button" className={buttonClass('secondary')} onClick={() => change.mutate({ id: e.id, enabled: !e.enabled })}>
                      {e.enabled ? t('Pause {url}', { url: e.url }) : t('Resume {url}', { url: e.url })}
                    </button>
                    <button type="button" className={buttonClass('danger')} onClick={() => change.mutate({ id: e.id, remove: true })}>
                      {t('Remove')}
                      <span className="sr-only"> {e.url}</span>
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit ? (
        <form
          className="space-y-2"
          onSubmit={(ev) => {
            ev.preventDefault();
            add.mutate();
          }}
        >
          <label htmlFor="endpoint-url" className="block text-sm font-medium text-slate-700">
            {t('Endpoint URL')}
          </label>
          <input id="endpoint-url" type="url" required placeholder="https://api.example.com/atesta/events" value={url} onChange={(e) => setUrl(e.target.value)} className={`${inputClass} w-full`} />
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t('Event types')}</legend>
            {eventTypes.map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input type="checkbox" checked={types.includes(t)} onChange={() => toggle(t)} className="accent-teal-700" />
                <code className="font-mono">{t}</code>
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={add.isPending || types.length === 0} className={buttonClass('primary')}>
            {t('Add endpoint')}
          </button>
        </form>
      ) : null}
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-800">
        {status}
      </p>
    </section>
  );
}
