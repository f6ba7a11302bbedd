import type { Metadata } from 'next';
import { OverviewCards } from '@/components/console/OverviewCards';
import { StatsCharts } from '@/components/console/StatsCharts';
import { overview, stats } from '@/lib/console';
import { requireConsoleUser } from '../current-user';

export const metadata: Metadata = { title: 'Console' };

export default async function ConsoleOverviewPage() {
  const user = await requireConsoleUser();
  const [summary, figures] = await Promise.all([overview(user.integratorId), stats(user.integratorId)]);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Overview</h1>
      <OverviewCards data={summary} />
      <StatsCharts data={figures} />
    </>
  );
}
