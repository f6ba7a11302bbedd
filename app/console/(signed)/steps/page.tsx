import type { Metadata } from 'next';
import { StepList } from '@/components/console/steps/StepList';
import { listSteps, STEP_KINDS, STEP_STATUSES, stepFilterOf } from '@/lib/processes/console';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Step processes');
}

export default async function StepsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireConsoleUser();
  const t = await serverT();
  const filter = stepFilterOf(await searchParams);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('Step processes')}</h1>
      <StepList filter={filter} page={await listSteps(user.integratorId, filter)} kinds={STEP_KINDS} statuses={STEP_STATUSES} />
    </>
  );
}
