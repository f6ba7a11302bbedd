import type { Metadata } from 'next';
import { consoleTitle, serverT } from '../locale';
import { OverviewCards } from '@/components/console/OverviewCards';
import { StatsCharts } from '@/components/console/StatsCharts';
import { overview, stats } from '@/lib/processes/console';
import { requireConsoleUser } from '../current-user';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Overview');
}

export default async function ConsoleOverviewPage() {
  const user = await requireConsoleUser();
  const t = await serverT();
  const [summary, figures] = await Promise.all([overview(user.integratorId), stats(user.integratorId)]);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('Overview')}</h1>
      <OverviewCards data={summary} />
      <StatsCharts data={figures} />
    </>
  );
}
