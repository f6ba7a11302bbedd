import type { Metadata } from 'next';
import { AppOriginForm } from '@/components/console/integration/AppOriginForm';
import { readSettings } from '@/lib/platform/settings';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Integration');
}

export default async function IntegrationPage() {
  const user = await requireConsoleUser();
  const t = await serverT();
  const settings = await readSettings(user.integratorId);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('Integration')}</h1>
      <div className="max-w-2xl space-y-6">
        <AppOriginForm initial={settings.appOrigin} canEdit={user.role === 'admin'} />
      </div>
    </>
  );
}
