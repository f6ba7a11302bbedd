import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SearchBox } from '@/components/console/SearchBox';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Search');
}

export default async function SearchPage() {
  await requireConsoleUser();
  const t = await serverT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('Search')}</h1>
      <Suspense>
        <SearchBox />
      </Suspense>
    </>
  );
}
