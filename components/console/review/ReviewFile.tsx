'use client';

import { useQuery } from '@tanstack/react-query';
import { formatWhen } from '../format';
import { DecisionForm } from './DecisionForm';
import { DocumentFields } from './DocumentFields';
import { FaceEvidence } from './FaceEvidence';
import { HistoryTable } from './HistoryTable';
import { flatten, type HistoryEntry, type ReviewDetail } from './types';
import { useT } from '@/components/console/i18n';

const formatCpf = (d: string) => (d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : d || '—');

export const historyRows = (entries: HistoryEntry[]) =>
  entries.map((e) => ({
    at: e.at,
    what: e.action === 'transition' ? `${e.fromStatus ?? 'new'} → ${e.toStatus}` : e.action.replace(/_/g, ' '),
    reason: e.reason,
    who: e.actorName ?? e.actor,
  }));

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-800">
        {t(title)}
      </h2>
      {children}
    </section>
  );
}

function Resolution({ file }: { file: ReviewDetail }) {
  const t = useT();
  const r = file.onboarding.resolution;
  if (!r) return null;
  return (
    <p className="rounded-md border border-teal-200 bg-teal-50 p-3 text-sm text-slate-800" data-testid="resolution">
      <strong>{r.decision === 'approve' ? t('Approved') : t('Rejected')}</strong> {t('by')} <strong>{file.resolvedBy ?? r.by}</strong> {t('on')} {formatWhen(r.at)}: {r.reason}
    </p>
  );
}

/**
 * The review file of an onboarding (GET …/reviews/{id}, fetched by the
 * browser with the session cookie: the pictures never sit in a page URL or
 * the server-rendered HTML): record, document with OCR boxes, penalties,
 * faces, liveness, history, and the decision when it waits for one.
 */
export function ReviewFile({ onboardingId, heading, canDecide }: { onboardingId: string; heading: string; canDecide: boolean }) {
  const t = useT();
  const query = useQuery({
    queryKey: ['review', onboardingId],
    queryFn: async (): Promise<ReviewDetail> => {
      const res = await fetch(`/services/api/v1/onboarding/reviews/${onboardingId}`);
      if (!res.ok) throw new Error(res.status === 404 ? t('No such onboarding.') : t('The review file did not load ({status}).', { status: res.status }));
      return res.json();
    },
  });
  if (query.isPending) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">{heading}</h1>
        <p aria-live="polite">{t('Loading the review file…')}</p>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">{heading}</h1>
        <p role="alert" className="text-red-700">
          {query.error.message}
        </p>
      </>
    );
  }
  const file = query.data;
  const o = file.onboarding;
  const fields = o.ocrData?.fields ?? [];
  const sideOf = (key: string) => file.fieldSides[key] ?? 'front';
  const pictures = (['front', 'back'] as const).flatMap((side) => {
    const image = file.images[side];
    return image ? [{ side, image, fields: flatten(fields.filter((f) => sideOf(f.key) === side)) }] : [];
  });
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">
          {heading}: {o.customerId || o.onboardingId}
        </h1>
        <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">{t('Status')}</dt>
            <dd className="font-semibold" data-testid="status">
              {o.status}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">CPF</dt>
            <dd className="font-mono">{formatCpf(o.cpf)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('Score')}</dt>
            <dd className="tabular-nums">{o.scoreData?.score ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('Created')}</dt>
            <dd className="tabular-nums">{formatWhen(o.createdAt)}</dd>
          </div>
        </dl>
        {o.statusReason && <p className="mt-2 text-sm text-slate-700">{t('Reason: {reason}', { reason: o.statusReason })}</p>}
      </div>

      <Section id="decision-heading" title="Decision">
        <div aria-live="polite">
          <Resolution file={file} />
        </div>
        {o.status === 'ANALYSIS' && (canDecide ? <DecisionForm onboardingId={o.onboardingId} /> : <p className="text-sm text-slate-600">{t('Your role can read this file but not decide.')}</p>)}
        {o.status !== 'ANALYSIS' && !o.resolution && <p className="text-sm text-slate-600">This onboarding does not wait for a decision ({o.status}).</p>}
      </Section>

      <Section id="document-heading" title={o.ocrData?.typeRecognized ? t('Document ({type})', { type: o.ocrData.typeRecognized }) : t('Document')}>
        {file.mediaPurgedAt ? (
          <p className="text-sm text-slate-600">The pictures were deleted on {formatWhen(file.mediaPurgedAt)} (retention).</p>
        ) : pictures.length === 0 ? (
          <p className="text-sm text-slate-600">{t('No picture.')}</p>
        ) : (
          <div className="space-y-4">
            {pictures.map((p) => (
              <DocumentFields key={p.side} title={p.side === 'front' ? t('Front') : t('Back')} image={p.image} fields={p.fields} />
            ))}
          </div>
        )}
      </Section>

      <Section id="penalties-heading" title="Penalties">
        {o.scoreData?.penalties.length ? (
          <ul className="space-y-2" data-testid="penalties">
            {o.scoreData.penalties.map((p, i) => (
              <li key={`${p.rulesName}-${i}`} className="text-sm">
                <span className="font-mono text-xs font-semibold">{p.rulesName}</span> <span className="tabular-nums text-slate-700">−{p.rulesPenalty}</span>
                {p.hardStop && <span className="ml-2 rounded bg-red-100 px-1 text-xs font-semibold text-red-800">{t('hard stop')}</span>}
                <p className="text-slate-700">{p.message}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{o.scoreData ? t('No rule fired.') : t('Not analysed yet.')}</p>
        )}
      </Section>

      <FaceEvidence file={file} />

      <Section id="history-heading" title="History">
        <HistoryTable rows={historyRows(file.history)} caption={t('Status history of this onboarding')} />
      </Section>
    </div>
  );
}
