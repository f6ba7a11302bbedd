import type { Metadata } from 'next';
import { ApiKeysPanel } from '@/components/console/access/ApiKeysPanel';
import { ClientsPanel } from '@/components/console/access/ClientsPanel';
import { UsersPanel } from '@/components/console/access/UsersPanel';
import { asJson } from '@/components/console/consoleApi';
import { listApiKeys, listClients, listUsers } from '@/lib/platform/auth';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('API keys and users');
}

export default async function ConsoleAccessPage() {
  const user = await requireConsoleUser();
  const t = await serverT();
  const isAdmin = user.role === 'admin';
  const [keys, clients, users] = await Promise.all([listApiKeys(user.integratorId), listClients(user.integratorId), listUsers(user.integratorId)]);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('API keys and users')}</h1>
      {!isAdmin && <p className="mb-4 text-sm text-slate-700">{t('Only admins create, rotate and revoke: you can read the lists.')}</p>}
      <div className="space-y-6">
        <ApiKeysPanel initial={asJson(keys)} isAdmin={isAdmin} />
        <ClientsPanel initial={asJson(clients)} isAdmin={isAdmin} />
        <UsersPanel initial={asJson(users)} isAdmin={isAdmin} me={user.username} />
      </div>
    </>
  );
}
