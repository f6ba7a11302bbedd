import type { OutboxMessage } from '@/lib/delivery/notify';

const time = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  if (messages.length === 0) return <p className="text-slate-600">No messages yet. Codes sent by SMS or e-mail appear here.</p>;
  return (
    <ul className="space-y-3" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="mb-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold uppercase">{m.channel}</span>
            <span className="font-mono">{m.to}</span>
            <span>·</span>
            <time dateTime={m.createdAt.toISOString()}>{time(m.createdAt)}</time>
          </div>
          {m.subject ? <p className="font-semibold">{m.subject}</p> : null}
          <p className="text-lg">{m.body}</p>
        </li>
      ))}
    </ul>
  );
}
