import { getBoss } from '@/lib/platform/jobs';

export const PIPELINE_QUEUE = 'onboarding-pipeline';

/** Queues pipeline runs; a duplicate is harmless (a run first takes the onboarding's lease). */
export async function enqueuePipeline(onboardingIds: string[]): Promise<void> {
  if (!onboardingIds.length) return;
  const boss = await getBoss();
  await boss.insert(onboardingIds.map((onboardingId) => ({ name: PIPELINE_QUEUE, data: { onboardingId } })));
}
