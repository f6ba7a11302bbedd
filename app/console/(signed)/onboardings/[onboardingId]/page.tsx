import type { Metadata } from 'next';
import { ReviewFile } from '@/components/console/review/ReviewFile';
import { requireConsoleUser } from '../../../current-user';

export const metadata: Metadata = { title: 'Onboarding · Console' };

/** An onboarding found by search: the same file as a review (status history included); the decision only while in ANALYSIS. */
export default async function OnboardingPage({ params }: { params: Promise<{ onboardingId: string }> }) {
  const user = await requireConsoleUser();
  const { onboardingId } = await params;
  return <ReviewFile onboardingId={onboardingId} heading="Onboarding" canDecide={user.role === 'admin' || user.role === 'analyst'} />;
}
