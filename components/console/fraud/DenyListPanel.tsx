'use client';

import { useMutation, useQueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCpf, maskCpf } from '@/lib/platform/log/shared';
import { consoleApi } from '../consoleApi';
import { TableHead } from '../TableHead';
import { field, input, primaryButton, secondaryButton, table, td, th } from '../styles';
import { useT } from '@/components/console/i18n';

interface Entry {
  cpf: string;
  reason: string | null;
  createdAt: string;
}
interface Page {
  items: Entry[];
  next?: string;
}

const KEY = ['console', 'deny-list'];

/** The deny list: CPFs masked until revealed one by one; admins add and remove. */
export function DenyListPanel({ initial, pageSize, canEdit }: { initial: Entry[]; pageSize: number; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const t = useT();
  const [revealed, setRevealed] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<{ error: boolean; text: string }>({ error: false, text: '' });
  const list = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) => consoleApi<Page>(`/services/api/v1/fraud/deny-list?limit=${pageSize}${pageParam ? `&after=${pageParam}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.next,
    staleTime: 10_000,
    initialData: { pages: [{ items: initial, ...(initial.length === pageSize ? { next: initial.at(-1)!.cpf } : {}) }], pageParams: [''] },
  });
  const done = (text: string) => {
    setStatus({ error: false, text });
    return queryClient.invalidateQueries({ queryKey: KEY });
  };
  const failed = (e: Error) => setStatus({ error: true, text: e.message });
  const add = useMutation({
    mutationFn: (v: { cpf: string; reason: string }) => consoleApi<Entry>(`/services/api/v1/fraud/deny-list/${v.cpf}`, { method: 'PUT', json: { reason: v.reason || null } }),
    onSuccess: (e) => done(t('{cpf} is on the deny list.', { cpf: maskCpf(e.cpf) })),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (cpf: string) => consoleApi(`/services/api/v1/fraud/deny-list/${cpf}`, { method: 'DELETE' }),
    onSuccess: (_, cpf) => done(t('{cpf} was taken off the deny list.', { cpf: maskCpf(cpf) })),
    onError: failed,
  });
  const entries = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="deny-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="deny-title" className="mb-1 text-lg font-semibold text-slate-800">
        {t('Deny list')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('Every later analysis of a listed CPF stops with CPF_BLOQUEADO.')}</p>
      {canEdit ? (
        <form
          className="mb-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const cpf = String(form.get('cpf')).replace(/\D/g, '');
            if (cpf.length !== 11) return setStatus({ error: true, text: t('A CPF has 11 digits.') });
            add.mutate({ cpf, reason: String(form.get('reason')).trim() });
            e.currentTarget.reset();
          }}
        >
          <div>
            <label htmlFor="deny-cpf" className={field}>
              CPF
            </label>
            <input id="deny-cpf" name="cpf" inputMode="numeric" autoComplete="off" required placeholder="000.000.000-00" className={input} />
          </div>
          <div className="min-w-64 flex-1">
            <label htmlFor="deny-reason" className={field}>
              {t('Reason')}
            </label>
            <input id="deny-reason" name="reason" maxLength={500} className={input} />
          </div>
          <button type="submit" disabled={add.isPending} className={primaryButton}>
            {t('Add to deny list')}
          </button>
        </form>
      ) : null}
      <p role="status" aria-live="polite" className={`mb-2 min-h-[1.25rem] text-sm ${status.error ? 'text-red-700' : 'text-emerald-800'}`}>
        {status.text}
      </p>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t('No CPF is on the deny list.')}</p>
      ) : (
        <table className={table}>
          <caption className="sr-only">{t('CPFs on the deny list')}</caption>
          <TableHead className="" cellClassName={th} columns={['CPF', t('Reason'), t('Added'), { label: <span className="sr-only">{t('Actions')}</span> }]} />
          <tbody>
            {entries.map((e) => {
              const shown = revealed.has(e.cpf);
              const masked = maskCpf(e.cpf);
              return (
                <tr key={e.cpf}>
                  <td className={`${td} font-mono`}>{shown ? formatCpf(e.cpf) : masked}</td>
                  <td className={td}>{e.reason ?? '—'}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {/* UTC on the server and in the browser alike: the first render is the server's. */}
                    <time dateTime={e.createdAt}>{e.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
                  </td>
                  <td className={`${td} space-x-2 whitespace-nowrap text-right`}>
                    <button
                      type="button"
                      aria-pressed={shown}
                      aria-label={shown ? t('Hide CPF {cpf}', { cpf: masked }) : t('Reveal CPF {cpf}', { cpf: masked })}
                      onClick={() => setRevealed((old) => new Set(shown ? [...old].filter((c) => c !== e.cpf) : [...old, e.cpf]))}
                      className={secondaryButton}
                    >
                      {shown ? t('Hide') : t('Reveal')}
                    </button>
                    {canEdit ? (
                      <button type="button" aria-label={t('Remove CPF {cpf}', { cpf: masked })} disabled={remove.isPending} onClick={() => remove.mutate(e.cpf)} className={secondaryButton}>
                        {t('Remove')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {list.hasNextPage ? (
        <button type="button" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage} className={`${secondaryButton} mt-3`}>
          {t('Load more')}
        </button>
      ) : null}
    </section>
  );
}
