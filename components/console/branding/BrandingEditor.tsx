'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { Locale } from '@/lib/platform/i18n';
import { consoleApi } from '../consoleApi';
import type { PageCopy } from '../../steps/page-copy';
import { StepPreviews, type PreviewSample } from './StepPreviews';
import { ColourField } from './ColourField';
import { LogoField, type LogoChoice } from './LogoField';
import { field, input, primaryButton } from '../styles';
import { useT } from '@/components/console/i18n';

export interface BrandingValues {
  displayName: string;
  primaryColor: string;
  supportText: string;
  privacyUrl: string;
  termsUrl: string;
  smsSender: string;
  hideCredit: boolean;
  copy: Partial<Record<Locale, PageCopy>>;
}

const COPY_FIELDS: { key: keyof PageCopy; label: string; long?: boolean }[] = [
  { key: 'introTitle', label: 'Intro title' },
  { key: 'introText', label: 'Intro text', long: true },
  { key: 'successTitle', label: 'Success title' },
  { key: 'successText', label: 'Success text', long: true },
];

/** The copy without empty texts (an empty field means: our own text). */
const cleanCopy = (copy: BrandingValues['copy']) =>
  Object.fromEntries(
    Object.entries(copy)
      .map(([l, c]) => [l, Object.fromEntries(Object.entries(c ?? {}).filter(([, v]) => typeof v === 'string' && v.trim()).map(([k, v]) => [k, (v as string).trim()]))])
      .filter(([, c]) => Object.keys(c as object).length),
  );

/**
 * The integrator's page branding: name, colour, support text and logo, with
 * every hosted step page previewed live as the form changes. Saved through
 * PUT /services/api/v1/settings (admins only; others see the form read-only).
 */
export function BrandingEditor({ initial, accountName, logoUrl, canEdit, sample }: { initial: BrandingValues; accountName: string; logoUrl: string | null; canEdit: boolean; sample: PreviewSample }) {
  const router = useRouter();
  const t = useT();
  const [values, setValues] = useState(initial);
  const [logo, setLogo] = useState<LogoChoice>({ kind: 'unchanged' });
  const [locale, setLocale] = useState<Locale>('pt-BR');
  const set = (k: keyof BrandingValues) => (v: string | boolean) => setValues((old) => ({ ...old, [k]: v }));
  const setCopy = (k: keyof PageCopy, v: string) => setValues((old) => ({ ...old, copy: { ...old.copy, [locale]: { ...old.copy[locale], [k]: v } } }));

  const save = useMutation({
    mutationFn: () =>
      consoleApi('/services/api/v1/settings', {
        method: 'PUT',
        json: {
          branding: {
            displayName: values.displayName.trim() || null,
            primaryColor: values.primaryColor || null,
            supportText: values.supportText.trim() || null,
            privacyUrl: values.privacyUrl.trim() || null,
            termsUrl: values.termsUrl.trim() || null,
            smsSender: values.smsSender.trim() || null,
            hideCredit: values.hideCredit,
            copy: cleanCopy(values.copy),
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
  const branding = {
    name: values.displayName.trim() || accountName,
    primaryColor: values.primaryColor || null,
    supportText: values.supportText.trim() || null,
    logoUrl: shownLogo,
    copy: cleanCopy(values.copy),
    privacyUrl: values.privacyUrl.trim() || null,
    termsUrl: values.termsUrl.trim() || null,
    hideCredit: values.hideCredit,
  };

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
          {t('Page branding')}
        </h2>
        {!canEdit ? <p className="text-sm text-slate-600">{t('Only an admin can change the branding.')}</p> : null}
        <fieldset disabled={!canEdit} className="space-y-4">
          <div>
            <label htmlFor="brand-name" className={field}>
              {t('Display name')}
            </label>
            <input id="brand-name" value={values.displayName} maxLength={80} placeholder={accountName} onChange={(e) => set('displayName')(e.target.value)} className={input} />
          </div>
          <ColourField value={values.primaryColor} onChange={set('primaryColor')} />
          <div>
            <label htmlFor="brand-support" className={field}>
              {t('Support text')}
            </label>
            <textarea id="brand-support" value={values.supportText} maxLength={280} rows={3} onChange={(e) => set('supportText')(e.target.value)} className={input} />
          </div>
          <LogoField choice={logo} hasSavedLogo={Boolean(logoUrl)} onChange={setLogo} />
          <div>
            <label htmlFor="brand-privacy" className={field}>
              {t('Privacy policy link (https)')}
            </label>
            <input id="brand-privacy" type="url" value={values.privacyUrl} onChange={(e) => set('privacyUrl')(e.target.value)} className={input} />
          </div>
          <div>
            <label htmlFor="brand-terms" className={field}>
              {t('Terms of use link (https)')}
            </label>
            <input id="brand-terms" type="url" value={values.termsUrl} onChange={(e) => set('termsUrl')(e.target.value)} className={input} />
          </div>
          <div>
            <label htmlFor="brand-sender" className={field}>
              {t('SMS sender name')}
            </label>
            <input id="brand-sender" value={values.smsSender} maxLength={30} placeholder={values.displayName || 'Atesta'} onChange={(e) => set('smsSender')(e.target.value)} aria-describedby="brand-sender-hint" className={input} />
            <p id="brand-sender-hint" className="mt-1 text-xs text-slate-600">
              {t('Codes arrive as “Seu código {name} é 123456”.', { name: values.smsSender.trim() || values.displayName.trim() || accountName })}
            </p>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={values.hideCredit} onChange={(e) => set('hideCredit')(e.target.checked)} className="h-4 w-4 accent-teal-700" />
            {t('Hide “Verificação por Atesta” in the footer')}
          </label>
          <fieldset className="space-y-2 rounded border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">{t('Page texts ({language}; empty: ours)', { language: locale === 'pt-BR' ? 'Português' : 'English' })}</legend>
            {COPY_FIELDS.map((f) => (
              <div key={f.key}>
                <label htmlFor={`copy-${f.key}`} className={field}>
                  {t(f.label)}
                </label>
                {f.long ? (
                  <textarea id={`copy-${f.key}`} rows={2} maxLength={400} value={values.copy[locale]?.[f.key] ?? ''} onChange={(e) => setCopy(f.key, e.target.value)} className={input} />
                ) : (
                  <input id={`copy-${f.key}`} maxLength={80} value={values.copy[locale]?.[f.key] ?? ''} onChange={(e) => setCopy(f.key, e.target.value)} className={input} />
                )}
              </div>
            ))}
          </fieldset>
        </fieldset>
        {canEdit ? (
          <button type="submit" disabled={save.isPending} className={primaryButton}>
            {save.isPending ? t('Saving…') : t('Save branding')}
          </button>
        ) : null}
        <p role="status" aria-live="polite" className={`min-h-[1.25rem] text-sm ${save.isError ? 'text-red-700' : 'text-emerald-800'}`}>
          {save.isError ? t('Not saved: {error}', { error: save.error.message }) : save.isSuccess ? t('Saved: the hosted pages now show this branding.') : ''}
        </p>
      </form>
      <section aria-labelledby="preview-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="preview-title" className="font-semibold text-slate-800">
            {t('Live preview')}
          </h2>
          <fieldset className="flex items-center gap-3 text-sm">
            <legend className="sr-only">{t('Preview language')}</legend>
            {(['pt-BR', 'en'] as const).map((l) => (
              <label key={l} className="flex items-center gap-1 text-slate-700">
                <input type="radio" name="preview-locale" value={l} checked={locale === l} onChange={() => setLocale(l)} className="accent-teal-700" />
                {l === 'pt-BR' ? 'Português' : 'English'}
              </label>
            ))}
          </fieldset>
        </div>
        <StepPreviews branding={branding} locale={locale} sample={sample} />
      </section>
    </div>
  );
}
