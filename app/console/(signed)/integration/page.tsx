import type { Metadata } from 'next';
import { AppOriginForm } from '@/components/console/integration/AppOriginForm';
import { getSettings } from '@/lib/settings';
import { requireConsoleUser } from '../../current-user';

export const metadata: Metadata = { title: 'Integration · Console' };

export default async function IntegrationPage() {
  const user = await requireConsoleUser();
  const settings = await getSettings(user.integratorId);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Integration</h1>
      <div className="max-w-2xl space-y-6">
        <AppOriginForm initial={settings.appOrigin} canEdit={user.role === 'admin'} />
      </div>
    </>
  );
}
