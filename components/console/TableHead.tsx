export type Column = string | { label: React.ReactNode; className?: string };

/** A data table's header row: every column a `<th scope="col">`. */
export function TableHead({ columns, className = 'text-slate-600' }: { columns: Column[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((c, i) => {
          const { label, className: cell } = typeof c === 'string' ? { label: c, className: undefined } : c;
          return (
            <th key={i} scope="col" className={`pr-3 font-medium ${cell ?? ''}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
