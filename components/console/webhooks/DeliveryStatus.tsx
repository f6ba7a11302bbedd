const LOOK: Record<string, string> = {
  delivered: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

/** A delivery status as a coloured label (the word itself carries the meaning). */
export function DeliveryStatus({ status }: { status: string }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${LOOK[status] ?? 'bg-slate-100 text-slate-800'}`}>{status}</span>;
}
