/** One section of the access page: heading, what it is for, its live status line, then its content. */
export function PanelFrame({ id, title, intro, status, children }: { id: string; title: string; intro: string; status: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4" data-testid={`${id}-panel`}>
      <h2 id={`${id}-heading`} className="mb-1 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{intro}</p>
      {children}
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-800">
        {status}
      </p>
    </section>
  );
}
