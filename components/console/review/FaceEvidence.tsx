import type { ReviewDetail } from './types';

function Face({ label, src }: { label: string; src: string | null }) {
  return (
    <figure className="flex flex-col items-center gap-1">
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data URL from an authenticated API answer
        <img src={src} alt={label} className="h-48 w-40 rounded border border-slate-200 object-cover" data-testid="face-image" />
      ) : (
        <div className="flex h-48 w-40 items-center justify-center rounded border border-dashed border-slate-300 p-2 text-center text-xs text-slate-600">None</div>
      )}
      <figcaption className="text-sm text-slate-700">{label}</figcaption>
    </figure>
  );
}

/** The document portrait and the selfie side by side, with the match and the selfie's liveness. */
export function FaceEvidence({ file }: { file: ReviewDetail }) {
  const match = file.onboarding.faceMatch;
  const live = file.liveness;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="face-heading">
      <h2 id="face-heading" className="mb-3 text-lg font-semibold text-slate-800">
        Face match and liveness
      </h2>
      <div className="flex flex-wrap items-start gap-6">
        <Face label="Document portrait" src={file.images.portrait} />
        <Face label="Selfie" src={file.images.selfie} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="face-figures">
          <dt className="text-slate-600">Similarity</dt>
          <dd className="font-medium tabular-nums">{match ? `${match.similarity.toFixed(1)} / 100` : 'not compared'}</dd>
          <dt className="text-slate-600">Same person</dt>
          <dd className="font-medium">{match ? (match.match ? 'yes' : 'no') : '—'}</dd>
          <dt className="text-slate-600">Liveness</dt>
          <dd className="font-medium">{live ? `${live.alive ? 'live' : 'not live'} (score ${live.score.toFixed(2)})` : 'no selfie'}</dd>
          {live && live.reasons.length > 0 && (
            <>
              <dt className="text-slate-600">Why</dt>
              <dd>{live.reasons.join('; ')}</dd>
            </>
          )}
        </dl>
      </div>
    </section>
  );
}
