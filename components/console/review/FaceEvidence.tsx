'use client';

import type { ReviewDetail } from './types';
import { useT } from '@/components/console/i18n';

function Face({ label, src }: { label: string; src: string | null }) {
  const t = useT();
  return (
    <figure className="flex flex-col items-center gap-1">
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data URL from an authenticated API answer
        <img src={src} alt={label} className="h-48 w-40 rounded border border-slate-200 object-cover" data-testid="face-image" />
      ) : (
        <div className="flex h-48 w-40 items-center justify-center rounded border border-dashed border-slate-300 p-2 text-center text-xs text-slate-600">{t('None')}</div>
      )}
      <figcaption className="text-sm text-slate-700">{label}</figcaption>
    </figure>
  );
}

/** The document portrait and the selfie side by side, with the match and the selfie's liveness. */
export function FaceEvidence({ file }: { file: ReviewDetail }) {
  const t = useT();
  const match = file.onboarding.faceMatch;
  const live = file.liveness;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="face-heading">
      <h2 id="face-heading" className="mb-3 text-lg font-semibold text-slate-800">
        {t('Face match and liveness')}
      </h2>
      <div className="flex flex-wrap items-start gap-6">
        <Face label={t('Document portrait')} src={file.images.portrait} />
        <Face label={t('Selfie')} src={file.images.selfie} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="face-figures">
          <dt className="text-slate-600">{t('Similarity')}</dt>
          <dd className="font-medium tabular-nums">{match ? `${match.similarity.toFixed(1)} / 100` : t('not compared')}</dd>
          <dt className="text-slate-600">{t('Same person')}</dt>
          <dd className="font-medium">{match ? (match.match ? t('yes') : t('no')) : '—'}</dd>
          <dt className="text-slate-600">{t('Liveness')}</dt>
          <dd className="font-medium">{live ? t(live.alive ? 'live (score {score})' : 'not live (score {score})', { score: live.score.toFixed(2) }) : t('no selfie')}</dd>
          {live && live.reasons.length > 0 && (
            <>
              <dt className="text-slate-600">{t('Why')}</dt>
              <dd>{live.reasons.join('; ')}</dd>
            </>
          )}
        </dl>
      </div>
    </section>
  );
}
