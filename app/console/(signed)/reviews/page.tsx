import type { Metadata } from 'next';
import Link from 'next/link';
import { formatWhen } from '@/components/console/format';
import { TableHead } from '@/components/console/TableHead';
import { isAppError } from '@/lib/platform/errors';
import { listReviews } from '@/lib/processes/onboarding';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Review queue');
}

const PAGE = 25;

export default async function ReviewQueuePage({ searchParams }: { searchParams: Promise<{ after?: string }> }) {
  const user = await requireConsoleUser();
  const t = await serverT();
  const { after } = await searchParams;
  const page = await listReviews(user.integratorId, PAGE, after).catch((err) => {
    if (isAppError(err) && err.code === 'invalid_cursor') return listReviews(user.integratorId, PAGE);
    throw err;
  });
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-slate-900">{t('Review queue')}</h1>
      <p className="mb-4 text-sm text-slate-600">{t('Onboardings in ANALYSIS, oldest first: the score fell between the reject and approve thresholds.')}</p>
      {page.items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{t('Nothing waits for review.')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('Onboardings waiting for a decision')}</caption>
            <TableHead
              className="bg-slate-100 text-slate-700 [&_th]:px-3 [&_th]:py-2"
              columns={[t('Waiting since'), t('Customer'), 'CPF', { label: t('Score'), className: 'text-right' }, t('Penalties')]}
            />
            <tbody>
              {page.items.map((item) => (
                <tr key={item.onboardingId} className="border-t border-slate-100" data-testid="review-row">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link href={`/console/reviews/${item.onboardingId}`} className="text-teal-800 underline hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-700">
                      {formatWhen(item.waitingSince)}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{item.customerId}</td>
                  <td className="px-3 py-2 font-mono text-xs">{item.cpf}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{item.score ?? '—'}</td>
                  <td className="px-3 py-2 font-mono text-xs">{item.penalties.join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.nextCursor && (
        <p className="mt-4">
          <Link href={`/console/reviews?after=${encodeURIComponent(page.nextCursor)}`} className="text-teal-800 underline focus-visible:outline-2 focus-visible:outline-teal-700">
            {t('Next page')}
          </Link>
        </p>
      )}
    </>
  );
}
