import type { Metadata } from 'next';
import { formatWhen } from '@/components/console/format';
import { orNotFound } from '@/components/console/or-not-found';
import { RecordFacts } from '@/components/console/RecordFacts';
import { TimelineSection } from '@/components/console/TimelineSection';
import { StepCaptures } from '@/components/console/steps/StepCaptures';
import { CAPTURE_ROLES, stepCaptureImages, stepDetail } from '@/lib/processes/console';
import { maskCpf } from '@/lib/platform/log';
import { requireConsoleUser } from '../../../current-user';
import { consoleTitle, serverT } from '../../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Step process');
}

export default async function StepPage({ params }: { params: Promise<{ requestId: string }> }) {
  const user = await requireConsoleUser();
  const t = await serverT();
  const { requestId } = await params;
  const s = await orNotFound(stepDetail(user.integratorId, requestId));
  const images = (CAPTURE_ROLES as readonly string[]).includes(user.role) && s.captureSlots.length ? await stepCaptureImages(user.integratorId, requestId) : null;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('Step process ({kind})', { kind: s.kind })}</h1>
      <RecordFacts
        facts={[
          ['Id', <span key="id" className="font-mono text-xs">{s.requestId}</span>],
          [t('Status'), <span key="st" data-testid="status">{s.status}</span>],
          [t('Status reason'), s.statusReason],
          ['CPF', s.cpf ? maskCpf(s.cpf) : null],
          [t('Started through'), s.api === 'apiKey' ? t('API key') : t('Bearer token')],
          [t('Expires'), formatWhen(s.expiresAt)],
        ]}
      />
      {s.kind === 'fraud' || s.kind === 'liveness' ? <StepCaptures slots={s.captureSlots} images={images} attempts={s.attempts} finalReason={s.statusReason} /> : null}
      <TimelineSection entries={s.timeline} of="step process" />
    </div>
  );
}
