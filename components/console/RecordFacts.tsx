/** A record's facts as a definition list. */
export function RecordFacts({ facts }: { facts: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium break-all text-slate-900">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
