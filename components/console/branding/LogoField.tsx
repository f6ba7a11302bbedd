'use client';

import { useState } from 'react';
import { field, secondaryButton } from '../styles';
import { useT } from '@/components/console/i18n';

export type LogoChoice = { kind: 'unchanged' } | { kind: 'removed' } | { kind: 'new'; dataUrl: string; name: string };

// As the settings API checks it (lib/platform/settings: invalid_logo): PNG or JPEG, at most 200 KB.
const MAX_LOGO_BYTES = 200 * 1024;
const TYPES = ['image/png', 'image/jpeg'];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Logo upload: checked here for type and size so the preview shows only what the server will take. */
export function LogoField({ choice, hasSavedLogo, onChange }: { choice: LogoChoice; hasSavedLogo: boolean; onChange: (c: LogoChoice) => void }) {
  const t = useT();
  const [error, setError] = useState('');
  const hasLogo = choice.kind === 'new' || (choice.kind === 'unchanged' && hasSavedLogo);
  return (
    <div>
      <label htmlFor="brand-logo" className={field}>
        {t('Logo (PNG or JPEG, at most 200 KB)')}
      </label>
      <input
        id="brand-logo"
        type="file"
        accept={TYPES.join(',')}
        aria-describedby="brand-logo-status"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!TYPES.includes(file.type)) return setError(t('{name} is not a PNG or JPEG image.', { name: file.name }));
          if (file.size > MAX_LOGO_BYTES) return setError(t('{name} is {kb} KB; the limit is 200 KB.', { name: file.name, kb: Math.ceil(file.size / 1024) }));
          setError('');
          onChange({ kind: 'new', dataUrl: await readAsDataUrl(file), name: file.name });
        }}
        className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1 file:text-slate-800"
      />
      <div className="mt-1 flex items-center justify-between gap-2">
        <p id="brand-logo-status" role={error ? 'alert' : undefined} className={`text-sm ${error ? 'text-red-700' : 'text-slate-700'}`}>
          {error || (choice.kind === 'new' ? t('New logo: {name} (not saved yet)', { name: choice.name }) : choice.kind === 'removed' ? t('Logo removed (not saved yet)') : hasSavedLogo ? t('Current logo in use') : t('No logo'))}
        </p>
        {hasLogo ? (
          <button type="button" onClick={() => onChange({ kind: 'removed' })} className={secondaryButton}>
            {t('Remove logo')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
