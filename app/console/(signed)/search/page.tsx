import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SearchBox } from '@/components/console/SearchBox';
import { requireConsoleUser } from '../../current-user';

export const metadata: Metadata = { title: 'Search · Console' };

export default async function SearchPage() {
  await requireConsoleUser();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Search</h1>
      <Suspense>
        <SearchBox />
      </Suspense>
    </>
  );
}
