'use client';

import { useState } from 'react';
import { useDocsAuth } from './docs-auth';

export type AuthKind = 'bearer' | 'apiKey' | 'oauth2' | 'none';

/** Sends the operation to this server with the visitor's credentials and shows the answer as it came. */
export function TryIt({ id, method, path, auth, exampleBody, json }: { id: string; method: string; path: string; auth: AuthKind; exampleBody?: string; json: boolean }) {
  const { token, apiKey } = useDocsAuth();
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const [values, setValues] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [body, setBody] = useState(exampleBody ?? '');
  const [answer, setAnswer] = useState<{ status: number; text: string } | { error: string }>();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    const url = path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(values[k] ?? '')) + (query.trim() ? `?${query.trim().replace(/^\?/, '')}` : '');
    const headers: Record<string, string> = {};
    if ((auth === 'bearer' || auth === 'oauth2') && token) headers.authorization = `Bearer ${token}`;
    if (auth === 'apiKey' && apiKey) headers['x-api-key'] = apiKey;
    if (json && body.trim()) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(url, { method: method.toUpperCase(), headers, body: json && body.trim() ? body : undefined, credentials: 'omit' });
      const text = await res.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: shown as it came
      }
      setAnswer({ status: res.status, text: shown });
    } catch (err) {
      setAnswer({ error: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="mt-3 rounded border border-slate-200 bg-slate-50 p-2">
      <summary className="cursor-pointer text-sm font-semibold text-teal-800">Try it</summary>
      <form
        className="mt-2 space-y-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {auth === 'bearer' && !token ? <p className="text-amber-800">Put a Bearer token under “Your credentials for try-it” first.</p> : null}
        {auth === 'apiKey' && !apiKey ? <p className="text-amber-800">Put an x-api-key under “Your credentials for try-it” first.</p> : null}
        {params.map((p) => (
          <label key={p} className="block">
            <span className="font-mono text-slate-700">{p}</span>
            <input value={values[p] ?? ''} onChange={(e) => setValues({ ...values, [p]: e.target.value })} className="mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-1 font-mono" />
          </label>
        ))}
        {method === 'get' ? (
          <label className="block">
            <span className="text-slate-700">Query string</span>
            <input id={`${id}-query`} value={query} onChange={(e) => setQuery(e.target.value)} placeholder="limit=5" className="mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-1 font-mono" />
          </label>
        ) : null}
        {json && exampleBody !== undefined ? (
          <label className="block">
            <span className="text-slate-700">JSON body</span>
            <textarea value={body} onChange={(e) => setBody(e.target.value)} rows={Math.min(14, body.split('\n').length + 1)} className="mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-1 font-mono text-xs" />
          </label>
        ) : null}
        {!json && exampleBody !== undefined ? <p className="text-slate-700">This operation takes multipart files: use the curl sample.</p> : null}
        <button type="submit" disabled={busy || (!json && exampleBody !== undefined)} className="rounded-md bg-teal-700 px-3 py-1 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
          {busy ? 'Sending…' : `Send ${method.toUpperCase()}`}
        </button>
        <div role="status" aria-live="polite" data-testid={`tryit-answer-${id}`}>
          {answer && 'error' in answer ? <p className="text-red-700">No answer: {answer.error}</p> : null}
          {answer && 'status' in answer ? (
            <>
              <p className="font-mono font-semibold">HTTP {answer.status}</p>
              <pre tabIndex={0} className="max-h-80 overflow-auto rounded bg-slate-900 p-2 text-xs text-slate-100">{answer.text}</pre>
            </>
          ) : null}
        </div>
      </form>
    </details>
  );
}
