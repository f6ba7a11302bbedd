'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '@/lib/platform/auth';
import { buttonClass, inputClass } from '../buttons';
import { consoleApi, formatWhen } from '../consoleApi';
import { AccessTable } from './AccessTable';
import { ConfirmedButton } from './ConfirmedButton';
import { PanelFrame } from './PanelFrame';
import type { UserRow } from './types';
import { useAccessDialogs } from './useAccessDialogs';
import { useAdminAction } from './useAdminAction';
import { useT } from '@/components/console/i18n';

const USERS = '/services/api/v1/users';
const ROLE_NAMES: Role[] = ['admin', 'analyst', 'viewer'];

/** A user's role, changed with an explicit button (a select that acts on change would act while browsing its options). */
function RoleEditor({ user, onSave }: { user: UserRow; onSave: (role: Role) => void }) {
  const t = useT();
  const [role, setRole] = useState<Role>(user.role);
  const id = `role-${user.id}`;
  return (
    <span className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {t('Role of {username}', { username: user.username })}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.target.value as Role)} className={inputClass}>
        {ROLE_NAMES.map((r) => (
          <option key={r} value={r}>
            {t(r)}
          </option>
        ))}
      </select>
      <button type="button" className={buttonClass('secondary')} disabled={role === user.role} aria-label={t('Save the role of {username}', { username: user.username })} onClick={() => onSave(role)}>
        {t('Save')}
      </button>
    </span>
  );
}

/** Console users: list with roles; admins create (password given, or generated and shown once), change roles, revoke. */
export function UsersPanel({ initial, isAdmin, me }: { initial: UserRow[]; isAdmin: boolean; me: string }) {
  const users = useQuery({ queryKey: ['users'], queryFn: () => consoleApi<{ users: UserRow[] }>(USERS), initialData: { users: initial } });
  const t = useT();
  const act = useAdminAction('users');
  const { confirm, showSecret, dialogs } = useAccessDialogs();
  const changeRole = (u: UserRow, role: Role) =>
    act.run(t('Changing the role'), async () => {
      await consoleApi(`${USERS}/${u.id}`, { method: 'PATCH', json: { role } });
      return t('{username} is now {role}.', { username: u.username, role: t(role) });
    });

  return (
    <PanelFrame id="users" title={t('Users')} intro={t('People who sign in to this console (and to the API with a password). admin: everything; analyst: reads and review decisions; viewer: reads only.')} status={act.status}>
      {isAdmin && (
        <form
          className="mb-3 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const data = new FormData(form);
            const password = String(data.get('password') ?? '');
            const body = { username: String(data.get('username')), role: String(data.get('role')), ...(password ? { password } : {}) };
            act.run(t('Creating the user'), async () => {
              const made = await consoleApi<{ username: string; password?: string }>(USERS, { method: 'POST', json: body });
              form.reset();
              if (made.password) showSecret({ title: t('Password of {username}', { username: made.username }), label: t('Initial password'), secret: made.password });
              return t('User {username} created.', { username: made.username });
            });
          }}
        >
          <div>
            <label htmlFor="user-name" className="block text-sm font-medium text-slate-700">
              {t('Username')}
            </label>
            <input id="user-name" name="username" required minLength={3} maxLength={64} autoComplete="off" className={inputClass} />
          </div>
          <div>
            <label htmlFor="user-role" className="block text-sm font-medium text-slate-700">
              {t('Role')}
            </label>
            <select id="user-role" name="role" defaultValue="viewer" className={inputClass}>
              {ROLE_NAMES.map((r) => (
                <option key={r} value={r}>
                  {t(r)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="user-password" className="block text-sm font-medium text-slate-700">
              {t('Initial password (optional)')}
            </label>
            <input id="user-password" name="password" type="password" minLength={12} autoComplete="new-password" aria-describedby="user-password-hint" className={inputClass} />
          </div>
          <button type="submit" disabled={act.busy} className={buttonClass('primary')}>
            {t('Create user')}
          </button>
          <p id="user-password-hint" className="basis-full text-xs text-slate-600">
            {t('12 characters at least. Leave it empty to have one generated and shown once.')}
          </p>
        </form>
      )}
      <AccessTable
        caption={t('Users, oldest first')}
        rows={users.data.users}
        rowKey={(u) => u.id}
        columns={[
          { label: t('Username'), cell: (u) => (u.username === me ? t('{username} (you)', { username: u.username }) : u.username) },
          { label: t('Role'), cell: (u) => (isAdmin && !u.revokedAt ? <RoleEditor key={u.role} user={u} onSave={(role) => changeRole(u, role)} /> : t(u.role)) },
          { label: t('Created'), cell: (u) => formatWhen(u.createdAt) },
        ]}
        actions={
          isAdmin
            ? (u) => (
                <ConfirmedButton
                  confirm={confirm}
                  label={t('Revoke')}
                  target={t('user {username}', { username: u.username })}
                  danger
                  body={t('They are signed out everywhere and can no longer sign in. This cannot be undone.')}
                  onConfirm={() =>
                    act.run(t('Revoking the user'), async () => {
                      await consoleApi(`${USERS}/${u.id}`, { method: 'DELETE' });
                      return t('User {username} revoked.', { username: u.username });
                    })
                  }
                />
              )
            : undefined
        }
      />
      {dialogs}
    </PanelFrame>
  );
}
