'use client';

import { useId, useState } from 'react';
import type { CaptureMessages } from '@/lib/platform/i18n/shared';

/** The server's file limit (MEDIA_MAX_FILE_BYTES default); a larger file is refused here, before any upload. */
export const MAX_UPLOAD_MB = 10;
const ACCEPTED = ['image/jpeg', 'image/png', 'application/pdf'];

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** File upload fallback: JPG, PNG or PDF from the device. */
export function UploadPicker({ t, label, onPicked }: { t: CaptureMessages; label: string; onPicked: (dataUrl: string, name: string) => void }) {
  const id = useId();
  const [error, setError] = useState('');
  return (
    <div>
      <label htmlFor={id} className="block cursor-pointer rounded-lg border-2 border-dashed border-slate-400 px-4 py-3 text-center font-semibold text-slate-900 focus-within:outline-3 focus-within:outline-[var(--brand)]">
        {label}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,application/pdf"
          className="sr-only"
          data-testid="upload-input"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            if (file.size > MAX_UPLOAD_MB * 1024 * 1024) return setError(t.document.tooLarge(MAX_UPLOAD_MB));
            if (file.type && !ACCEPTED.includes(file.type)) return setError(t.document.badType);
            setError('');
            onPicked(await readAsDataUrl(file), file.name);
          }}
        />
      </label>
      <p role="alert" className="mt-1 min-h-[1.25rem] text-sm font-medium text-rose-700">
        {error}
      </p>
    </div>
  );
}
