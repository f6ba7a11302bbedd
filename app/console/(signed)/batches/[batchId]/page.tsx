import type { Metadata } from 'next';
import { formatWhen } from '@/components/console/format';
import { orNotFound } from '@/components/console/or-not-found';
import { RecordFacts } from '@/components/console/RecordFacts';
import { TableHead } from '@/components/console/TableHead';
import { TimelineSection } from '@/components/console/TimelineSection';
import { batchDetail } from '@/lib/processes/console';
import { requireConsoleUser } from '../../../current-user';
import { consoleTitle, serverT } from '../../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Batch');
}

export default async function BatchPage({ params }: { params: Promise<{ batchId: string }> }) {
  const user = await requireConsoleUser();
  const t = await serverT();
  const b = await orNotFound(batchDetail(user.integratorId, (await params).batchId));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('Batch {id}', { id: b.batchExternalId })}</h1>
      <RecordFacts
        facts={[
          ['Id', <span key="id" className="font-mono text-xs">{b.batchId}</span>],
          [t('Status'), <span key="st" data-testid="status">{b.status}</span>],
          [t('Workflow'), b.workflowAlias],
          [t('Documents'), b.docCount],
          [t('Received'), formatWhen(b.createdAt)],
        ]}
      />
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="docs-heading">
        <h2 id="docs-heading" className="mb-3 text-lg font-semibold text-slate-800">
          {t('Documents')}
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('Documents of this batch and their outcome')}</caption>
            <TableHead columns={['#', t('File'), t('Type read'), t('Status'), t('Rejection'), t('Finished')]} />
            <tbody>
              {b.docs.map((d) => (
                <tr key={d.position} className="border-t border-slate-100 align-top">
                  <th scope="row" className="py-1 pr-3 font-normal tabular-nums">{d.position + 1}</th>
                  <td className="py-1 pr-3">{d.fileName ?? '—'}</td>
                  <td className="py-1 pr-3">{d.typeRecognized ?? '—'}</td>
                  <td className="py-1 pr-3">{d.status}</td>
                  <td className="py-1 pr-3">{d.rejectCode ? `${d.rejectCode}: ${d.rejectReason ?? ''}` : '—'}</td>
                  <td className="py-1 whitespace-nowrap">{formatWhen(d.finishedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <TimelineSection entries={b.timeline} of="batch" />
    </div>
  );
}
