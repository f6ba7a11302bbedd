'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { consoleApi } from '../consoleApi';
import { field, input, primaryButton } from '../styles';
import { useT } from '@/components/console/i18n';

/**
 * The origin that `appRedirect` paths resolve against (`/done` becomes
 * `https://app.example.com/done`). Saved through PUT /services/api/v1/settings,
 * which validates it (https, no path); admins only.
 */
export function AppOriginForm({ initial, canEdit }: { initial: string | null; canEdit: boolean }) {
  const router = useRouter();
  const t = useT();
  const [value, setValue] = useState(initial ?? '');
  const save = useMutation({
    mutationFn: () => consoleApi('/services/api/v1/settings', { method: 'PUT', json: { appOrigin: value.trim() || null } }),
    onSuccess: () => router.refresh(),
  });
  return (
    <form
      aria-labelledby="app-origin-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="app-origin-title" className="text-lg font-semibold text-slate-900">
        {t('App origin')}
      </h2>
      <p className="text-sm text-slate-700">
        {t('Steps started with appRedirect as a path, such as /done, send the person to this origin when they finish. A full URL in appRedirect is used as it is.')}
      </p>
      {!canEdit ? <p className="text-sm text-slate-600">{t('Only an admin can change it.')}</p> : null}
      <div>
        <label htmlFor="app-origin" className={field}>
          {t('Origin (https, no path)')}
        </label>
        <input id="app-origin" type="url" inputMode="url" placeholder="https://app.example.com" value={value} disabled={!canEdit} onChange={(e) => setValue(e.target.value)} className={input} />
      </div>
      {canEdit ? (
        <button type="submit" disabled={save.isPending} className={primaryButton}>
          {save.isPending ? t('Saving…') : t('Save origin')}
        </button>
      ) : null}
      <p role="status" aria-live="polite" className={`min-h-5 text-sm ${save.isError ? 'text-red-700' : 'text-emerald-800'}`}>
        {save.isError ? t('Not saved: {error}', { error: save.error.message }) : save.isSuccess ? (value.trim() ? t('Saved: /done now goes to {url}', { url: new URL('/done', value.trim()).toString() }) : t('Cleared: appRedirect must now be a full URL.')) : ''}
      </p>
    </form>
  );
}
