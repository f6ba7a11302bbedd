import type { Metadata } from 'next';
import { AutoRefresh } from '@/components/AutoRefresh';
import { OutboxList } from '@/components/OutboxList';
import { PageShell } from '@/components/PageShell';
import { isAppError } from '@/lib/platform/errors';
import { listOutbox } from '@/lib/delivery/notify';

export const metadata: Metadata = { title: 'Local outbox' };
export const dynamic = 'force-dynamic';

export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  const { to } = await searchParams;
  const messages = await listOutbox({ to: to || undefined, limit: 50 }).catch((err) => {
    if (isAppError(err) && err.status === 404) return undefined;
    throw err;
  });
  return (
    <PageShell>
      <h1 className="mb-2 text-3xl font-bold">Local outbox</h1>
      {messages === undefined ? (
        <p className="text-slate-700">The local outbox is disabled on this server (production, or a real transport is configured).</p>
      ) : (
        <>
          <p className="mb-4 text-slate-700">
            No SMS or e-mail transport is configured, so messages are kept here instead of being sent. For development
            only. JSON: <a className="text-teal-700 underline" href="/dev/outbox/messages">/dev/outbox/messages</a>.
          </p>
          <form className="mb-4 flex gap-2" method="get">
            <label className="sr-only" htmlFor="to">Phone or e-mail</label>
            <input id="to" name="to" defaultValue={to} placeholder="Filter by phone or e-mail" className="w-72 rounded border border-slate-300 px-3 py-2" />
            <button className="rounded bg-teal-700 px-4 py-2 text-white" type="submit">Filter</button>
          </form>
          <OutboxList messages={messages} />
          <AutoRefresh />
        </>
      )}
    </PageShell>
  );
}
