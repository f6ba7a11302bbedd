'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FraudRule as RuleState, FraudRulePreview as RulePreview } from '@/lib/api/contracts/fraud-admin';
import { consoleApi } from '../consoleApi';
import { TableHead } from '../TableHead';
import { field, input, primaryButton, secondaryButton, table, td, th } from '../styles';
import { RulePreviewResult } from './RulePreviewResult';
import { useT } from '@/components/console/i18n';

type Draft = Record<string, { weight: number; enabled: boolean }>;
const draftOf = (rules: RuleState[]): Draft => Object.fromEntries(rules.map((r) => [r.name, { weight: r.weight, enabled: r.enabled }]));
const GROUP = /^[\w.-]{0,60}$/;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * Rule weights and switches for the general settings or one rulesGroup.
 * Admins edit them, see the effect on the last 100 analyses as they type
 * (POST .../fraud/rules/preview), then save; other roles read.
 */
export function RuleWeightsPanel({ initialRules, canEdit }: { initialRules: RuleState[]; canEdit: boolean }) {
  const t = useT();
  const [groupInput, setGroupInput] = useState('');
  const [group, setGroup] = useState('');
  const [draft, setDraft] = useState<Draft>(() => draftOf(initialRules));
  const [status, setStatus] = useState<{ error: boolean; text: string }>({ error: false, text: '' });

  const rules = useQuery({
    queryKey: ['console', 'rules', group],
    queryFn: () => consoleApi<RuleState[]>(`/services/api/v1/fraud/rules${group ? `?rulesGroup=${encodeURIComponent(group)}` : ''}`),
    initialData: group === '' ? initialRules : undefined,
    staleTime: Infinity,
  });
  const loaded = rules.data ?? [];
  // A group loaded (or saved and reloaded): the form starts from what is in force.
  useEffect(() => {
    if (rules.data) setDraft(draftOf(rules.data));
  }, [rules.data]);
  const changes = loaded.flatMap((r) => {
    const d = draft[r.name];
    if (!d || (d.weight === r.weight && d.enabled === r.enabled)) return [];
    return [{ ruleName: r.name, ...(d.weight !== r.weight ? { weight: d.weight } : {}), ...(d.enabled !== r.enabled ? { enabled: d.enabled } : {}) }];
  });
  // The preview follows the form without a request per keystroke.
  const proposed = useDebounced(JSON.stringify(changes), 300);
  const preview = useQuery({
    queryKey: ['console', 'rules-preview', group, proposed],
    queryFn: () => consoleApi<RulePreview>('/services/api/v1/fraud/rules/preview', { json: { ...(group ? { rulesGroup: group } : {}), rules: JSON.parse(proposed) } }),
    enabled: canEdit && changes.length > 0,
    placeholderData: (previous) => previous,
  });

  const save = useMutation({
    mutationFn: async () => {
      for (const c of changes) {
        const d = draft[c.ruleName]!;
        await consoleApi(`/services/api/v1/fraud/rules/${c.ruleName}`, { method: 'PUT', json: { ...(group ? { rulesGroup: group } : {}), weight: d.weight, enabled: d.enabled } });
      }
      return changes.length;
    },
    onSuccess: async (n) => {
      setStatus({ error: false, text: t(n === 1 ? 'Saved {n} rule for {scope}.' : 'Saved {n} rules for {scope}.', { n, scope: group ? `rulesGroup ${group}` : t('every analysis') }) });
      await rules.refetch();
    },
    onError: (e) => setStatus({ error: true, text: t('Not saved: {error}', { error: e.message }) }),
  });

  const setRule = (name: string, patch: Partial<{ weight: number; enabled: boolean }>) => setDraft((old) => ({ ...old, [name]: { ...old[name]!, ...patch } }));

  return (
    <section aria-labelledby="rules-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="rules-title" className="mb-1 text-lg font-semibold text-slate-800">
        {t('Rule weights')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('Each rule that fires takes its weight from 100. A rulesGroup’s settings override the general ones for the analyses sent with it.')}</p>
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!GROUP.test(groupInput)) return setStatus({ error: true, text: t('A rulesGroup is up to 60 letters, digits, dots, dashes or underscores.') });
          setStatus({ error: false, text: '' });
          setGroup(groupInput);
        }}
      >
        <div>
          <label htmlFor="rules-group" className={field}>
            {t('rulesGroup (empty: every analysis)')}
          </label>
          <input id="rules-group" value={groupInput} onChange={(e) => setGroupInput(e.target.value)} className={input} />
        </div>
        <button type="submit" className={secondaryButton}>
          {t('Show rules')}
        </button>
      </form>
      <div className="grid gap-6 xl:grid-cols-[1fr_26rem]">
        <div className="overflow-x-auto">
          <table className={table}>
            <caption className="mb-2 text-left text-sm text-slate-700">{t('Rules for {scope}', { scope: group ? `rulesGroup ${group}` : t('every analysis') })}</caption>
            <TableHead className="" cellClassName={th} columns={[t('Rule'), t('Weight'), t('On')]} />
            <tbody>
              {loaded.map((r) => {
                const d = draft[r.name] ?? { weight: r.weight, enabled: r.enabled };
                return (
                  <tr key={r.name}>
                    <th scope="row" className={`${td} font-normal`}>
                      <span className="font-mono font-semibold">{r.name}</span>
                      {r.hardStop ? <span className="ml-2 rounded bg-rose-100 px-1 text-xs text-rose-800">{t('hard stop')}</span> : null}
                      <span className="block text-xs text-slate-600">{r.description}</span>
                    </th>
                    <td className={td}>
                      {canEdit ? (
                        <input
                          type="number"
                          min={0}
                          max={100}
                          aria-label={t('Weight of {rule}', { rule: r.name })}
                          value={d.weight}
                          onChange={(e) => setRule(r.name, { weight: Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))) })}
                          className="w-20 rounded-md border border-slate-400 px-2 py-1 text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
                        />
                      ) : (
                        <span className="tabular-nums">{r.weight}</span>
                      )}
                      {r.weight !== r.defaultWeight ? <span className="block text-xs text-slate-600">{t('default {weight}', { weight: r.defaultWeight })}</span> : null}
                    </td>
                    <td className={td}>
                      {canEdit ? (
                        <input type="checkbox" aria-label={t('{rule} on', { rule: r.name })} checked={d.enabled} onChange={(e) => setRule(r.name, { enabled: e.target.checked })} className="h-5 w-5 accent-teal-700" />
                      ) : (
                        <span>{r.enabled ? t('switched on') : t('switched off')}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {canEdit ? (
          // Stays in view beside the long table while weights change.
          <div className="space-y-3 self-start xl:sticky xl:top-4">
            <RulePreviewResult preview={changes.length ? preview.data : undefined} pending={preview.isFetching} error={preview.error?.message} />
            <div className="flex gap-3">
              <button type="button" disabled={!changes.length || save.isPending} onClick={() => save.mutate()} className={primaryButton}>
                {changes.length === 1 ? t('Save 1 change') : changes.length ? t('Save {n} changes', { n: changes.length }) : t('Save changes')}
              </button>
              <button type="button" disabled={!changes.length} onClick={() => setDraft(draftOf(loaded))} className={secondaryButton}>
                {t('Undo changes')}
              </button>
            </div>
          </div>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className={`mt-2 min-h-[1.25rem] text-sm ${status.error ? 'text-red-700' : 'text-emerald-800'}`}>
        {status.text}
      </p>
    </section>
  );
}
