'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/components/console/i18n';

/**
 * A state change of an access panel: runs it, refreshes the panel's list,
 * and says what happened in the panel's live region (errors included).
 */
export function useAdminAction(listKey: string) {
  const queryClient = useQueryClient();
  const t = useT();
  const [status, setStatus] = useState('');
  const action = useMutation({
    mutationFn: async ({ run }: { run: () => Promise<string>; label: string }) => run(),
    onMutate: ({ label }) => setStatus(`${label}…`),
    onSuccess: (message) => setStatus(message),
    onError: (err, { label }) => setStatus(t('{label} failed: {error}', { label, error: err.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [listKey] }),
  });
  return { status, busy: action.isPending, run: (label: string, run: () => Promise<string>) => action.mutate({ label, run }) };
}
