import type { Metadata } from 'next';
import { OverviewCards } from '@/components/console/OverviewCards';
import { overview } from '@/lib/console';
import { requireConsoleUser } from '../current-user';

export const metadata: Metadata = { title: 'Console' };

export default async function ConsoleOverviewPage() {
  const user = await requireConsoleUser();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Overview</h1>
      <OverviewCards data={await overview(user.integratorId)} />
    </>
  );
}
