'use client';

import type { FraudRulePreview } from '@/lib/api/contracts/fraud-admin';
import { TableHead } from '../TableHead';
import { table, td, th } from '../styles';
import { ScoreHistogram } from './ScoreHistogram';
import { useT } from '@/components/console/i18n';

const DECISIONS = ['approved', 'review', 'rejected', 'blacklisted'] as const;

/** The effect of the proposed weights on the last analyses: decisions that change, and the scores before and after. */
export function RulePreviewResult({ preview, pending, error }: { preview?: FraudRulePreview; pending: boolean; error?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="preview-effect-title" className="rounded-lg border border-slate-200 bg-slate-50 p-3" aria-busy={pending}>
      <h3 id="preview-effect-title" className="mb-2 font-semibold text-slate-800">
        {t('Effect on the last analyses')}
      </h3>
      <div role="status" aria-live="polite" className="mb-2 text-sm text-slate-800">
        {error ? (
          <span className="text-red-700">{t('Preview failed: {error}', { error })}</span>
        ) : !preview ? (
          t('Change a weight or a switch to see what it would have done to the last 100 analyses.')
        ) : (
          <span data-testid="preview-changed">
            <strong className="tabular-nums">{preview.changed}</strong> {t('of {n} analyses would change decision', { n: preview.analysed })}
            {preview.transitions.length ? `: ${preview.transitions.map((x) => `${x.count} ${x.from} → ${x.to}`).join(', ')}` : ''}.
          </span>
        )}
      </div>
      {preview ? (
        <>
          <table className={`${table} mb-3`}>
            <caption className="sr-only">{t('Decisions before and after')}</caption>
            <TableHead className="" cellClassName={th} columns={[t('Decision'), { label: t('Now'), className: 'text-right' }, { label: t('Proposed'), className: 'text-right' }]} />
            <tbody>
              {DECISIONS.map((d) => (
                <tr key={d}>
                  <th scope="row" className={`${td} font-normal`}>
                    {t(d)}
                  </th>
                  <td className={`${td} text-right tabular-nums`}>{preview.decisions.before[d]}</td>
                  <td className={`${td} text-right tabular-nums`}>{preview.decisions.after[d]}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={`${td} font-normal`}>
                  {t('median score')}
                </th>
                <td className={`${td} text-right tabular-nums`}>{preview.median.before ?? '—'}</td>
                <td className={`${td} text-right tabular-nums`}>{preview.median.after ?? '—'}</td>
              </tr>
            </tbody>
          </table>
          <ScoreHistogram before={preview.histogram.before} after={preview.histogram.after} />
          <p className="mt-2 text-xs text-slate-600">
            {t('Decided with approve at {approve} and reject under {reject}.', { approve: preview.thresholds.approveScore, reject: preview.thresholds.rejectScore })}
            {preview.unknownEffect.length ? ` ${t('{rules} was off, so whether it would have fired is not known: it changes nothing here.', { rules: preview.unknownEffect.join(', ') })}` : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}
