'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../buttons';
import { ConfirmDialog, SecretOnceDialog } from '../ConsoleDialogs';
import { consoleApi } from '../consoleApi';
import { useT } from '@/components/console/i18n';

type Secret = { webhookSecret: string };

/** The signing secret (admins only): masked until revealed; rotation asks first and shows the new one once. */
export function SigningSecret() {
  const [revealed, setRevealed] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [fresh, setFresh] = useState<string>();
  const t = useT();
  const [status, setStatus] = useState('');
  const reveal = useMutation({
    mutationFn: () => consoleApi<Secret>('/services/api/v1/webhooks/secret'),
    onSuccess: (s) => setRevealed(s.webhookSecret),
    onError: (err) => setStatus(err.message),
  });
  const rotate = useMutation({
    mutationFn: () => consoleApi<Secret>('/services/api/v1/webhooks/secret/rotate', { method: 'POST' }),
    onSuccess: (s) => {
      setRevealed(undefined);
      setFresh(s.webhookSecret);
      setStatus(t('The signing secret was rotated; calls from now on are signed with the new one.'));
    },
    onError: (err) => setStatus(t('Rotation failed: {error}', { error: err.message })),
  });

  return (
    <section aria-labelledby="secret-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="secret-heading" className="mb-2 text-lg font-semibold text-slate-900">
        {t('Signing secret')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('Your receiver verifies every call (Standard Webhooks signature) with this secret.')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <code className="rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900" data-testid="signing-secret">
          {revealed ?? 'whsec_••••••••••••••••'}
        </code>
        <button type="button" className={buttonClass('secondary')} disabled={reveal.isPending} onClick={() => (revealed ? setRevealed(undefined) : reveal.mutate())}>
          {revealed ? t('Hide') : t('Reveal')}
        </button>
        <button type="button" className={buttonClass('danger')} disabled={rotate.isPending} onClick={() => setConfirming(true)}>
          {t('Rotate secret')}
        </button>
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-800">
        {status}
      </p>
      {confirming && (
        <ConfirmDialog
          title={t('Rotate the signing secret?')}
          confirmLabel={t('Rotate')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            rotate.mutate();
          }}
        >
          {t('Every call from now on, retries of older events included, is signed with the new secret: your receiver must switch to it at once.')}
        </ConfirmDialog>
      )}
      {fresh && <SecretOnceDialog title={t('New signing secret')} label={t('Signing secret')} secret={fresh} onClose={() => setFresh(undefined)} />}
    </section>
  );
}
