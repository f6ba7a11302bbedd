import type { Metadata } from 'next';
import { ReviewFile } from '@/components/console/review/ReviewFile';
import { requireConsoleUser } from '../../../current-user';
import { consoleTitle, serverT } from '../../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Review');
}

export default async function ReviewPage({ params }: { params: Promise<{ onboardingId: string }> }) {
  const user = await requireConsoleUser();
  const t = await serverT();
  const { onboardingId } = await params;
  return <ReviewFile onboardingId={onboardingId} heading={t('Review')} canDecide={user.role === 'admin' || user.role === 'analyst'} />;
}
