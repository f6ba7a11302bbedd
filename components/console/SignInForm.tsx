'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useT } from '@/components/console/i18n';

/** The console's sign-in: the integrator user's username and password. */
export function SignInForm() {
  const router = useRouter();
  const t = useT();
  const next = useSearchParams().get('next');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    const res = await fetch('/console/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: form.get('username'), password: form.get('password') }),
    }).catch(() => undefined);
    setBusy(false);
    if (res?.ok) {
      // Only a path of the console itself: never an open redirect.
      router.replace(next?.startsWith('/console') && !next.startsWith('//') ? next : '/console');
      router.refresh();
      return;
    }
    setError(res?.status === 429 ? t('Too many attempts; wait a moment.') : res?.status === 401 ? t('Wrong username or password.') : t('The service did not answer; try again.'));
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-describedby={error ? 'signin-error' : undefined}>
      <div>
        <label htmlFor="username" className="block text-sm font-medium text-slate-700">
          {t('Username')}
        </label>
        <input id="username" name="username" autoComplete="username" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          {t('Password')}
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700" />
      </div>
      {error && (
        <p id="signin-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="w-full rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60">
        {busy ? t('Signing in…') : t('Sign in')}
      </button>
    </form>
  );
}
