'use client';

import { useEffect, useState } from 'react';
import { DEFAULT_BRAND } from '../../steps/color';
import { contrastReport } from './contrast-report';
import { field, input, secondaryButton } from '../styles';
import { useT } from '@/components/console/i18n';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The brand colour: a colour picker and its hex code, with the contrast check. */
export function ColourField({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const report = contrastReport(value, t);
  return (
    <div>
      <label htmlFor="brand-colour" className={field}>
        {t('Brand colour (hex)')}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input type="color" aria-label={t('Brand colour picker')} value={value || DEFAULT_BRAND} onChange={(e) => onChange(e.target.value)} className="h-10 w-12 rounded border border-slate-400" />
        <input
          id="brand-colour"
          value={draft}
          placeholder={DEFAULT_BRAND}
          aria-describedby="brand-colour-check"
          aria-invalid={draft !== '' && !HEX.test(draft) ? true : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value === '' || HEX.test(e.target.value)) onChange(e.target.value);
          }}
          className={`${input} mt-0 font-mono`}
        />
        <button type="button" onClick={() => onChange('')} className={secondaryButton}>
          {t('Default')}
        </button>
      </div>
      <p id="brand-colour-check" data-testid="contrast-check" className={`mt-1 text-sm ${report.ok ? 'text-slate-700' : 'text-amber-800'}`}>
        {draft !== '' && !HEX.test(draft) ? t('Write the colour as #rrggbb.') : report.text}
      </p>
    </div>
  );
}
