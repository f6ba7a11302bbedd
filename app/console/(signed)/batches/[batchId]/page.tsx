import type { Metadata } from 'next';
import { formatWhen } from '@/components/console/format';
import { orNotFound } from '@/components/console/or-not-found';
import { RecordFacts } from '@/components/console/RecordFacts';
import { TableHead } from '@/components/console/TableHead';
import { TimelineSection } from '@/components/console/TimelineSection';
import { batchDetail } from '@/lib/console';
import { requireConsoleUser } from '../../../current-user';

export const metadata: Metadata = { title: 'Batch · Console' };

export default async function BatchPage({ params }: { params: Promise<{ batchId: string }> }) {
  const user = await requireConsoleUser();
  const b = await orNotFound(batchDetail(user.integratorId, (await params).batchId));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Batch {b.batchExternalId}</h1>
      <RecordFacts
        facts={[
          ['Id', <span key="id" className="font-mono text-xs">{b.batchId}</span>],
          ['Status', <span key="st" data-testid="status">{b.status}</span>],
          ['Workflow', b.workflowAlias],
          ['Documents', b.docCount],
          ['Received', formatWhen(b.createdAt)],
        ]}
      />
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="docs-heading">
        <h2 id="docs-heading" className="mb-3 text-lg font-semibold text-slate-800">
          Documents
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Documents of this batch and their outcome</caption>
            <TableHead columns={['#', 'File', 'Type read', 'Status', 'Rejection', 'Finished']} />
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
