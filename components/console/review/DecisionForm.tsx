'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../consoleApi';
import { useT } from '@/components/console/i18n';

/** Approve or reject an onboarding in ANALYSIS with a reason (POST …/decision; the server checks the role again). */
export function DecisionForm({ onboardingId }: { onboardingId: string }) {
  const queryClient = useQueryClient();
  const t = useT();
  const [error, setError] = useState<string>();
  const decide = useMutation({
    mutationFn: (body: { decision: 'approve' | 'reject'; reason: string }) => consoleApi(`/services/api/v1/onboarding/reviews/${onboardingId}/decision`, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['review', onboardingId] }),
    onError: (err) => setError(err.message),
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    if (reason.length < 3) return setError(t('Give a reason of at least 3 characters.'));
    setError(undefined);
    decide.mutate({ decision: form.get('decision') === 'approve' ? 'approve' : 'reject', reason });
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-describedby={error ? 'decision-error' : undefined}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('Decision')}</legend>
        <div className="mt-1 flex gap-6">
          <label className="flex items-center gap-2">
            <input type="radio" name="decision" value="approve" required className="focus-visible:outline-2 focus-visible:outline-teal-700" /> {t('Approve')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="decision" value="reject" required className="focus-visible:outline-2 focus-visible:outline-teal-700" /> {t('Reject')}
          </label>
        </div>
      </fieldset>
      <div>
        <label htmlFor="reason" className="block text-sm font-medium text-slate-700">
          {t('Reason (recorded in the history and sent to your webhook)')}
        </label>
        <textarea id="reason" name="reason" required minLength={3} maxLength={500} rows={3} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700" />
      </div>
      <div aria-live="polite">
        {error && (
          <p id="decision-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <button type="submit" disabled={decide.isPending} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60">
        {decide.isPending ? t('Recording…') : t('Record decision')}
      </button>
    </form>
  );
}
