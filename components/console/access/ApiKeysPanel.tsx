'use client';

import { useQuery } from '@tanstack/react-query';
import { buttonClass, inputClass } from '../buttons';
import { consoleApi, formatWhen } from '../consoleApi';
import { AccessTable } from './AccessTable';
import { ConfirmedButton } from './ConfirmedButton';
import { PanelFrame } from './PanelFrame';
import type { ApiKeyRow } from './types';
import { useAccessDialogs } from './useAccessDialogs';
import { useAdminAction } from './useAdminAction';
import { useT } from '@/components/console/i18n';

type CreatedKey = { id: string; name: string; key: string };
const KEYS = '/services/api/v1/api-keys';

/** x-api-key credentials: list; admins create, rotate and revoke (a new key is shown once). */
export function ApiKeysPanel({ initial, isAdmin }: { initial: ApiKeyRow[]; isAdmin: boolean }) {
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => consoleApi<{ keys: ApiKeyRow[] }>(KEYS), initialData: { keys: initial } });
  const t = useT();
  const act = useAdminAction('api-keys');
  const { confirm, showSecret, dialogs } = useAccessDialogs();
  const issued = (k: CreatedKey, verb: 'created' | 'rotated') => {
    const what = verb === 'created' ? t('API key {name} created', { name: k.name }) : t('API key {name} rotated', { name: k.name });
    showSecret({ title: what, label: t('API key'), secret: k.key });
    return `${what}.`;
  };

  return (
    <PanelFrame id="api-keys" title={t('API keys')} intro={t('Keys for the x-api-key APIs (onboarding steps). Only a hash is stored: a key is shown once, when it is created or rotated.')} status={act.status}>
      {isAdmin && (
        <form
          className="mb-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const name = String(new FormData(form).get('name'));
            act.run(t('Creating the key'), async () => {
              const made = await consoleApi<CreatedKey>(KEYS, { method: 'POST', json: { name } });
              form.reset();
              return issued(made, 'created');
            });
          }}
        >
          <div>
            <label htmlFor="key-name" className="block text-sm font-medium text-slate-700">
              {t('New key name')}
            </label>
            <input id="key-name" name="name" required maxLength={100} className={inputClass} />
          </div>
          <button type="submit" disabled={act.busy} className={buttonClass('primary')}>
            {t('Create key')}
          </button>
        </form>
      )}
      <AccessTable
        caption={t('API keys, newest first')}
        rows={keys.data.keys}
        rowKey={(k) => k.id}
        columns={[
          { label: t('Name'), cell: (k) => k.name },
          { label: t('Prefix'), cell: (k) => <code className="font-mono text-xs">{k.prefix}…</code> },
          { label: t('Created'), cell: (k) => formatWhen(k.createdAt) },
          { label: t('Last used'), cell: (k) => formatWhen(k.lastUsedAt) },
        ]}
        actions={
          isAdmin
            ? (k) => (
                <>
                  <ConfirmedButton
                    confirm={confirm}
                    label={t('Rotate')}
                    target={t('key {name}', { name: k.name })}
                    body={t('A new key with the same name replaces it; the old key stops working at once.')}
                    onConfirm={() => act.run(t('Rotating the key'), async () => issued(await consoleApi<CreatedKey>(`${KEYS}/${k.id}/rotate`, { method: 'POST' }), 'rotated'))}
                  />
                  <ConfirmedButton
                    confirm={confirm}
                    label={t('Revoke')}
                    target={t('key {name}', { name: k.name })}
                    danger
                    body={t('Calls with this key are refused from now on. This cannot be undone.')}
                    onConfirm={() =>
                      act.run(t('Revoking the key'), async () => {
                        await consoleApi(`${KEYS}/${k.id}`, { method: 'DELETE' });
                        return t('API key {name} revoked.', { name: k.name });
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
