import type { Metadata } from 'next';
import { ReviewFile } from '@/components/console/review/ReviewFile';
import { requireConsoleUser } from '../../../current-user';

export const metadata: Metadata = { title: 'Review · Console' };

export default async function ReviewPage({ params }: { params: Promise<{ onboardingId: string }> }) {
  const user = await requireConsoleUser();
  const { onboardingId } = await params;
  return <ReviewFile onboardingId={onboardingId} heading="Review" canDecide={user.role === 'admin' || user.role === 'analyst'} />;
}
