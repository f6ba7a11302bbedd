'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { Locale } from '@/lib/i18n';
import { consoleApi } from '../consoleApi';
import { StepPreviews } from './StepPreviews';
import { ColourField } from './ColourField';
import { LogoField, type LogoChoice } from './LogoField';
import { field, input, primaryButton } from '../styles';

export interface BrandingValues {
  displayName: string;
  primaryColor: string;
  supportText: string;
}

/**
 * The integrator's page branding: name, colour, support text and logo, with
 * every hosted step page previewed live as the form changes. Saved through
 * PUT /services/api/v1/settings (admins only; others see the form read-only).
 */
export function BrandingEditor({ initial, accountName, logoUrl, canEdit }: { initial: BrandingValues; accountName: string; logoUrl: string | null; canEdit: boolean }) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [logo, setLogo] = useState<LogoChoice>({ kind: 'unchanged' });
  const [locale, setLocale] = useState<Locale>('pt-BR');
  const set = (k: keyof BrandingValues) => (v: string) => setValues((old) => ({ ...old, [k]: v }));

  const save = useMutation({
    mutationFn: () =>
      consoleApi('/services/api/v1/settings', {
        method: 'PUT',
        json: {
          branding: {
            displayName: values.displayName.trim() || null,
            primaryColor: values.primaryColor || null,
            supportText: values.supportText.trim() || null,
            ...(logo.kind === 'new' ? { logo: logo.dataUrl } : logo.kind === 'removed' ? { logo: null } : {}),
          },
        },
      }),
    onSuccess: () => {
      setLogo({ kind: 'unchanged' });
      router.refresh();
    },
  });

  const shownLogo = logo.kind === 'new' ? logo.dataUrl : logo.kind === 'removed' ? null : logoUrl;
  const branding = { name: values.displayName.trim() || accountName, primaryColor: values.primaryColor || null, supportText: values.supportText.trim() || null, logoUrl: shownLogo };

  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
      <form
        className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-4"
        aria-labelledby="branding-form-title"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <h2 id="branding-form-title" className="font-semibold text-slate-800">
          Page branding
        </h2>
        {!canEdit ? <p className="text-sm text-slate-600">Only an admin can change the branding.</p> : null}
        <fieldset disabled={!canEdit} className="space-y-4">
          <div>
            <label htmlFor="brand-name" className={field}>
              Display name
            </label>
            <input id="brand-name" value={values.displayName} maxLength={80} placeholder={accountName} onChange={(e) => set('displayName')(e.target.value)} className={input} />
          </div>
          <ColourField value={values.primaryColor} onChange={set('primaryColor')} />
          <div>
            <label htmlFor="brand-support" className={field}>
              Support text
            </label>
            <textarea id="brand-support" value={values.supportText} maxLength={280} rows={3} onChange={(e) => set('supportText')(e.target.value)} className={input} />
          </div>
          <LogoField choice={logo} hasSavedLogo={Boolean(logoUrl)} onChange={setLogo} />
        </fieldset>
        {canEdit ? (
          <button type="submit" disabled={save.isPending} className={primaryButton}>
            {save.isPending ? 'Saving…' : 'Save branding'}
          </button>
        ) : null}
        <p role="status" aria-live="polite" className={`min-h-[1.25rem] text-sm ${save.isError ? 'text-red-700' : 'text-emerald-800'}`}>
          {save.isError ? `Not saved: ${save.error.message}` : save.isSuccess ? 'Saved: the hosted pages now show this branding.' : ''}
        </p>
      </form>
      <section aria-labelledby="preview-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="preview-title" className="font-semibold text-slate-800">
            Live preview
          </h2>
          <fieldset className="flex items-center gap-3 text-sm">
            <legend className="sr-only">Preview language</legend>
            {(['pt-BR', 'en'] as const).map((l) => (
              <label key={l} className="flex items-center gap-1 text-slate-700">
                <input type="radio" name="preview-locale" value={l} checked={locale === l} onChange={() => setLocale(l)} className="accent-teal-700" />
                {l === 'pt-BR' ? 'Português' : 'English'}
              </label>
            ))}
          </fieldset>
        </div>
        <StepPreviews branding={branding} locale={locale} />
      </section>
    </div>
  );
}
