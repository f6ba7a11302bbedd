'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { z } from 'zod';
import type { searchResultsSchema } from '@/lib/api/contracts/console-reads';
import { formatWhen } from './format';
import { TableHead } from './TableHead';
import { useT } from '@/components/console/i18n';

/** GET /services/api/v1/console/search as the browser receives it (its contract's schema). */
type SearchResults = z.infer<typeof searchResultsSchema>;

interface Hit {
  id: string;
  href: string;
  cells: React.ReactNode[];
}

function Group({ title, hits, columns }: { title: string; hits: Hit[]; columns: string[] }) {
  // aria-labelledby takes a space-separated list of ids: no space in this one.
  const t = useT();
  const headingId = `group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 font-semibold text-slate-800">
        {t(title)} <span className="font-normal text-slate-600">({hits.length})</span>
      </h2>
      {hits.length === 0 ? (
        <p className="text-sm text-slate-600">{t('None.')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('{what} found', { what: t(title) })}</caption>
            <TableHead columns={['Id', ...columns.map((c) => t(c))]} />
            <tbody>
              {hits.map((h) => (
                <tr key={h.id} className="border-t border-slate-100">
                  <td className="py-1 pr-3">
                    <Link href={h.href} className="font-mono text-xs text-teal-800 underline hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-700">
                      {h.id}
                    </Link>
                  </td>
                  {h.cells.map((c, i) => (
                    <td key={i} className="py-1 pr-3 whitespace-nowrap">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const mono = (text: string) => <span className="font-mono text-xs">{text}</span>;

/** One box: an id, a CPF, a customerId or a batchExternalId; results by kind (GET /services/api/v1/console/search). The query lives in the URL. */
export function SearchBox() {
  const router = useRouter();
  const t = useT();
  const pathname = usePathname();
  const q = useSearchParams().get('q')?.trim() ?? '';
  const results = useQuery({
    queryKey: ['search', q],
    enabled: q.length > 0,
    queryFn: async (): Promise<SearchResults> => {
      const res = await fetch(`/services/api/v1/console/search?q=${encodeURIComponent(q)}`);
      if (!res.ok) throw new Error(t('The search failed ({status}).', { status: res.status }));
      return res.json();
    },
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    router.replace(value ? `${pathname}?q=${encodeURIComponent(value)}` : pathname);
  }

  const data = results.data;
  const total = data ? data.onboardings.length + data.steps.length + data.batches.length : 0;
  return (
    <div className="space-y-4">
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-72 flex-1">
          <label htmlFor="q" className="block text-sm font-medium text-slate-700">
            {t('Id, CPF, customerId or batchExternalId')}
          </label>
          <input id="q" name="q" defaultValue={q} key={q} maxLength={200} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700" />
        </div>
        <button type="submit" className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">
          {t('Search')}
        </button>
      </form>
      <p aria-live="polite" className="text-sm text-slate-700" data-testid="search-summary">
        {!q ? '' : results.isPending ? t('Searching…') : results.isError ? results.error.message : t('{n} found for “{q}”.', { n: total, q })}
      </p>
      {data && (
        <>
          <Group
            title="Onboardings"
            columns={['Customer', 'CPF', 'Status', 'Created', 'Updated']}
            hits={data.onboardings.map((o) => ({
              id: o.onboardingId,
              href: `/console/onboardings/${o.onboardingId}`,
              cells: [o.customerId, mono(o.cpf), o.status, formatWhen(o.createdAt), formatWhen(o.updatedAt)],
            }))}
          />
          <Group
            title="Step processes"
            columns={['Kind', 'CPF', 'Status', 'Created', 'Finished']}
            hits={data.steps.map((s) => ({
              id: s.requestId,
              href: `/console/steps/${s.requestId}`,
              cells: [s.kind, mono(s.cpf), s.status, formatWhen(s.createdAt), formatWhen(s.finishedAt)],
            }))}
          />
          <Group
            title="Batches"
            columns={['External id', 'Workflow', 'Status', 'Documents', 'Created', 'Finished']}
            hits={data.batches.map((b) => ({
              id: b.batchId,
              href: `/console/batches/${b.batchId}`,
              cells: [b.batchExternalId, b.workflowAlias, b.status, b.docCount, formatWhen(b.createdAt), formatWhen(b.finishedAt)],
            }))}
          />
        </>
      )}
    </div>
  );
}
