'use client';

import { useState } from 'react';

export interface NavGroup {
  title: string;
  items: { href: string; label: string; method?: string; path?: string }[];
}

/** The portal's sidebar: guides, then each base by tag; the search narrows it to matching operations. */
export function DocsNav({ groups }: { groups: NavGroup[] }) {
  const [q, setQ] = useState('');
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (i: NavGroup['items'][number]) => words.every((w) => `${i.label} ${i.method ?? ''} ${i.path ?? ''}`.toLowerCase().includes(w));
  const shown = groups.map((g) => ({ ...g, items: g.items.filter(matches) })).filter((g) => g.items.length);
  return (
    <nav aria-label="API reference" className="text-sm">
      <label htmlFor="docs-search" className="mb-1 block font-medium text-slate-700">
        Search the API
      </label>
      <input
        id="docs-search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="cpf, webhook, POST /steps…"
        className="mb-3 w-full rounded-md border border-slate-400 px-2 py-1 text-slate-900"
      />
      <p role="status" aria-live="polite" className="sr-only">
        {words.length ? `${shown.reduce((n, g) => n + g.items.length, 0)} results` : ''}
      </p>
      {shown.length === 0 ? <p className="text-slate-600">Nothing matches “{q}”.</p> : null}
      {shown.map((g) => (
        <div key={g.title} className="mb-3">
          <h2 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{g.title}</h2>
          <ul className="space-y-0.5">
            {g.items.map((i) => (
              <li key={i.href}>
                <a href={i.href} className="block rounded px-1 py-0.5 text-slate-800 hover:bg-slate-100 hover:text-teal-800">
                  {i.method ? <span className="mr-1 inline-block w-12 font-mono text-[11px] font-bold text-slate-600 uppercase">{i.method}</span> : null}
                  {i.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
