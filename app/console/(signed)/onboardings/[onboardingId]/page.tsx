import type { Metadata } from 'next';
import { ReviewFile } from '@/components/console/review/ReviewFile';
import { requireConsoleUser } from '../../../current-user';
import { consoleTitle, serverT } from '../../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Onboarding');
}

/** An onboarding found by search: the same file as a review (status history included); the decision only while in ANALYSIS. */
export default async function OnboardingPage({ params }: { params: Promise<{ onboardingId: string }> }) {
  const user = await requireConsoleUser();
  const t = await serverT();
  const { onboardingId } = await params;
  return <ReviewFile onboardingId={onboardingId} heading={t('Onboarding')} canDecide={user.role === 'admin' || user.role === 'analyst'} />;
}
