'use client';

import { useQuery } from '@tanstack/react-query';
import { buttonClass, inputClass } from '../buttons';
import { consoleApi, formatWhen } from '../consoleApi';
import { AccessTable } from './AccessTable';
import { ConfirmedButton } from './ConfirmedButton';
import { PanelFrame } from './PanelFrame';
import type { ClientRow } from './types';
import { useAccessDialogs } from './useAccessDialogs';
import { useAdminAction } from './useAdminAction';
import { useT } from '@/components/console/i18n';

const CLIENTS = '/services/api/v1/clients';
const SCOPES = [
  { value: 'import', label: 'import (batch import API)' },
  { value: 'services', label: 'services (main API)' },
] as const;

/** OAuth clients (client_credentials), e.g. for batch import: list; admins create, rotate the secret, revoke. */
export function ClientsPanel({ initial, isAdmin }: { initial: ClientRow[]; isAdmin: boolean }) {
  const clients = useQuery({ queryKey: ['clients'], queryFn: () => consoleApi<{ clients: ClientRow[] }>(CLIENTS), initialData: { clients: initial } });
  const t = useT();
  const act = useAdminAction('clients');
  const { confirm, showSecret, dialogs } = useAccessDialogs();
  const secretOf = (name: string, clientId: string, secret: string, verb: 'created' | 'rotated') => {
    showSecret({ title: verb === 'created' ? t('Secret of client {name} created', { name }) : t('Secret of client {name} rotated', { name }), label: t('Client secret of {clientId}', { clientId }), secret });
    return verb === 'created' ? t('Client {name}: secret created.', { name }) : t('Client {name}: secret rotated.', { name });
  };

  return (
    <PanelFrame id="clients" title={t('OAuth clients')} intro={t("Client credentials for machine access, such as the batch import API. The secret is shown once; rotating it ends the client's tokens.")} status={act.status}>
      {isAdmin && (
        <form
          className="mb-3 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const data = new FormData(form);
            const name = String(data.get('name'));
            const scope = data.getAll('scope').map(String);
            act.run(t('Creating the client'), async () => {
              const made = await consoleApi<{ name: string; clientId: string; clientSecret: string }>(CLIENTS, { method: 'POST', json: { name, scope: scope.length ? scope : ['import'] } });
              form.reset();
              return secretOf(made.name, made.clientId, made.clientSecret, 'created');
            });
          }}
        >
          <div>
            <label htmlFor="client-name" className="block text-sm font-medium text-slate-700">
              {t('New client name')}
            </label>
            <input id="client-name" name="name" required maxLength={100} className={inputClass} />
          </div>
          <fieldset className="flex gap-3 text-sm">
            <legend className="block text-sm font-medium text-slate-700">{t('Scopes')}</legend>
            {SCOPES.map((s) => (
              <label key={s.value} className="flex items-center gap-1 text-slate-800">
                <input type="checkbox" name="scope" value={s.value} defaultChecked={s.value === 'import'} />
                {t(s.label)}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={act.busy} className={buttonClass('primary')}>
            {t('Create client')}
          </button>
        </form>
      )}
      <AccessTable
        caption={t('OAuth clients, newest first')}
        rows={clients.data.clients}
        rowKey={(c) => c.id}
        columns={[
          { label: t('Name'), cell: (c) => c.name },
          { label: t('Client id'), cell: (c) => <code className="font-mono text-xs">{c.clientId}</code> },
          { label: t('Scopes'), cell: (c) => c.scope },
          { label: t('Created'), cell: (c) => formatWhen(c.createdAt) },
        ]}
        actions={
          isAdmin
            ? (c) => (
                <>
                  <ConfirmedButton
                    confirm={confirm}
                    label={t('Rotate secret')}
                    target={t('of client {name}', { name: c.name })}
                    body={t('A new secret replaces the old one, which stops working at once, with every token issued with it.')}
                    onConfirm={() =>
                      act.run(t('Rotating the secret'), async () => {
                        const r = await consoleApi<{ clientId: string; clientSecret: string }>(`${CLIENTS}/${encodeURIComponent(c.clientId)}/rotate`, { method: 'POST' });
                        return secretOf(c.name, r.clientId, r.clientSecret, 'rotated');
                      })
                    }
                  />
                  <ConfirmedButton
                    confirm={confirm}
                    label={t('Revoke')}
                    target={t('client {name}', { name: c.name })}
                    danger
                    body={t('The client can no longer get tokens, and its tokens stop working. This cannot be undone.')}
                    onConfirm={() =>
                      act.run(t('Revoking the client'), async () => {
                        await consoleApi(`${CLIENTS}/${encodeURIComponent(c.clientId)}`, { method: 'DELETE' });
                        return t('Client {name} revoked.', { name: c.name });
                      })
                    }
                  />
                </>
              )
            : undefined
        }
      />
      {dialogs}
    </PanelFrame>
  );
}
