import type { Metadata } from 'next';
import { StepList } from '@/components/console/steps/StepList';
import { listSteps, stepFilterOf } from '@/lib/console';
import { requireConsoleUser } from '../../current-user';

export const metadata: Metadata = { title: 'Step processes · Console' };

export default async function StepsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireConsoleUser();
  const filter = stepFilterOf(await searchParams);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Step processes</h1>
      <StepList filter={filter} page={await listSteps(user.integratorId, filter)} />
    </>
  );
}
