'use client';

import type { AttemptRecord, CaptureSlot } from '@/lib/processes/steps';
import { formatWhen } from '../format';
import { TableHead } from '../TableHead';
import { table, td } from '../styles';
import { useT } from '@/components/console/i18n';

const SLOT_LABEL: Record<CaptureSlot, string> = { front: 'Document front', back: 'Document back', selfie: 'Selfie' };

/** The pictures a person sent (for roles that may see them) and why each failed attempt was asked again. */
export function StepCaptures({
  slots,
  images,
  attempts,
  finalReason,
}: {
  slots: { slot: CaptureSlot; source: string; at: string }[];
  images: Partial<Record<CaptureSlot, string>> | null;
  attempts: AttemptRecord[];
  finalReason: string | null;
}) {
  const t = useT();
  return (
    <>
      <section aria-labelledby="captures-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="captures-title" className="mb-2 font-semibold text-slate-900">
          {t('Captures')}
        </h2>
        {slots.length === 0 ? <p className="text-sm text-slate-700">{t('No picture was sent.')}</p> : null}
        {slots.length > 0 && !images ? <p className="text-sm text-slate-700">{t('Pictures are biometric data: only admins and analysts see them.')}</p> : null}
        <div className="flex flex-wrap gap-4">
          {slots.map((c) => (
            <figure key={c.slot} className="flex flex-col gap-1">
              {images?.[c.slot] ? (
                // eslint-disable-next-line @next/next/no-img-element -- a sealed capture opened for this signed-in role
                <img src={images[c.slot]} alt={t(SLOT_LABEL[c.slot])} className="h-48 w-auto max-w-xs rounded border border-slate-200 object-contain" data-testid={`capture-${c.slot}`} />
              ) : null}
              <figcaption className="text-sm text-slate-700">
                {t(SLOT_LABEL[c.slot])} · {t(c.source)} · {formatWhen(c.at)}
              </figcaption>
            </figure>
          ))}
        </div>
      </section>
      <section aria-labelledby="attempts-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="attempts-title" className="mb-2 font-semibold text-slate-900">
          {t('Attempts')}
        </h2>
        {attempts.length === 0 ? (
          <p className="text-sm text-slate-700">{t('No capture had to be taken again.')}</p>
        ) : (
          <table className={table}>
            <TableHead columns={['#', t('When'), t('Asked again, and why')]} className="text-slate-700" cellClassName="border-b border-slate-300 px-2 py-2 font-semibold" />
            <tbody>
              {attempts.map((a, i) => (
                <tr key={a.at}>
                  <td className={td}>{i + 1}</td>
                  <td className={td}>{formatWhen(a.at)}</td>
                  <td className={td} data-testid="attempt-reasons">
                    {a.reasons.map((r) => `${t(SLOT_LABEL[r.slot])}: ${r.reason}`).join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {finalReason ? <p className="mt-2 text-sm text-slate-800">{t('Final: {reason}', { reason: finalReason })}</p> : null}
      </section>
    </>
  );
}
