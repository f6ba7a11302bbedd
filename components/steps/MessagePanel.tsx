/** A page that only tells something (expired, canceled, invalid link, finished). */
export function MessagePanel({ title, body, tone = 'neutral', children }: { title: string; body: string; tone?: 'neutral' | 'good' | 'bad'; children?: React.ReactNode }) {
  const icon = tone === 'good' ? '✓' : tone === 'bad' ? '!' : 'i';
  const ring = tone === 'good' ? 'bg-emerald-100 text-emerald-800' : tone === 'bad' ? 'bg-rose-100 text-rose-800' : 'bg-slate-200 text-slate-800';
  return (
    <section className="rounded-xl bg-white p-6 text-center shadow-sm">
      <div aria-hidden="true" className={`mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold ${ring}`}>
        {icon}
      </div>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{body}</p>
      {children}
    </section>
  );
}
