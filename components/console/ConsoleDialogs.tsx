'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from './buttons';
import { useT } from '@/components/console/i18n';

/** A modal `<dialog>` (focus kept inside, Escape closes) open while mounted. */
function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Unmounting removes it from the top layer; no close() here (it would fire onClose).
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} className="m-auto w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/40">
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** Asks before an action that cannot be undone. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel }: { title: string; children: React.ReactNode; confirmLabel: string; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="mb-4 text-sm text-slate-700">{children}</div>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
          {t('Cancel')}
        </button>
        <button type="button" onClick={onConfirm} className={buttonClass('danger')}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** A new secret, shown this once: copy it now, it cannot be read again. */
export function SecretOnceDialog({ title, label, secret, onClose }: { title: string; label: string; secret: string; onClose: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState('');
  const fieldId = useId();
  return (
    <Modal title={title} onClose={onClose}>
      <p className="mb-3 text-sm text-slate-700">{t('Copy it now and keep it safe: it is shown only this once.')}</p>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={fieldId} readOnly value={secret} data-testid="secret-once" onFocus={(e) => e.currentTarget.select()} className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900" />
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-teal-800">
        {copied}
      </p>
      <div className="mt-2 flex justify-end gap-2">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            // No clipboard outside secure contexts (plain http on another host).
            if (!navigator.clipboard) return setCopied(t('Copying is unavailable here; select the text and copy it.'));
            navigator.clipboard.writeText(secret).then(
              () => setCopied(t('Copied to the clipboard.')),
              () => setCopied(t('Copying was refused; select the text and copy it.')),
            );
          }}
        >
          {t('Copy')}
        </button>
        <button type="button" onClick={onClose} className={buttonClass('primary')}>
          {t('Done')}
        </button>
      </div>
    </Modal>
  );
}
