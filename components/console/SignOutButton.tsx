'use client';

import { useRouter } from 'next/navigation';
import { useT } from '@/components/console/i18n';

export function SignOutButton() {
  const router = useRouter();
  const t = useT();
  return (
    <button
      type="button"
      onClick={async () => {
        await fetch('/console/api/session', { method: 'DELETE' }).catch(() => undefined);
        router.replace('/console/login');
        router.refresh();
      }}
      className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      {t('Sign out')}
    </button>
  );
}
