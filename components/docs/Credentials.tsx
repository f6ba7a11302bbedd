'use client';

import { useState } from 'react';
import { useDocsAuth } from './docs-auth';

/** Where the visitor puts (or gets) the token and API key that try-it sends. */
export function Credentials() {
  const { token, apiKey, set } = useDocsAuth();
  const [user, setUser] = useState({ username: '', password: '' });
  const [status, setStatus] = useState('');
  const signIn = async () => {
    setStatus('Signing in…');
    const res = await fetch('/services/api/v1/authentication', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) }).catch(() => undefined);
    const body = (await res?.json().catch(() => ({}))) as { access_token?: string; detail?: string };
    if (res?.ok && body.access_token) {
      set({ token: body.access_token });
      setStatus('Signed in: try-it now sends this token (it lives 300 s).');
    } else setStatus(`Not signed in: ${body.detail ?? 'no answer'}`);
  };
  return (
    <section aria-labelledby="credentials-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 id="credentials-title" className="mb-2 font-semibold text-slate-900">
        Your credentials for try-it
      </h2>
      <p className="mb-2 text-slate-700">Kept in this browser tab only. Calls go to this server with your credentials.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="block">
          <span className="font-medium text-slate-700">Bearer access token</span>
          <input value={token} onChange={(e) => set({ token: e.target.value.trim() })} className="mt-1 w-full rounded-md border border-slate-400 px-2 py-1 font-mono" />
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">x-api-key</span>
          <input value={apiKey} onChange={(e) => set({ apiKey: e.target.value.trim() })} className="mt-1 w-full rounded-md border border-slate-400 px-2 py-1 font-mono" />
        </label>
      </div>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void signIn();
        }}
      >
        <label className="block">
          <span className="font-medium text-slate-700">Username</span>
          <input autoComplete="username" value={user.username} onChange={(e) => setUser({ ...user, username: e.target.value })} className="mt-1 block rounded-md border border-slate-400 px-2 py-1" />
        </label>
        <label className="block">
          <span className="font-medium text-slate-700">Password</span>
          <input type="password" autoComplete="current-password" value={user.password} onChange={(e) => setUser({ ...user, password: e.target.value })} className="mt-1 block rounded-md border border-slate-400 px-2 py-1" />
        </label>
        <button type="submit" className="rounded-md bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800">
          Get a token
        </button>
      </form>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-slate-800">
        {status}
      </p>
    </section>
  );
}
