export type Column = string | { label: React.ReactNode; className?: string };

/**
 * A data table's header row: every column a `<th scope="col">`. `cellClassName`
 * is the look of every header cell; a column's own `className` is added to it.
 */
export function TableHead({ columns, className = 'text-slate-600', cellClassName = 'pr-3 font-medium' }: { columns: Column[]; className?: string; cellClassName?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((c, i) => {
          const { label, className: cell } = typeof c === 'string' ? { label: c, className: undefined } : c;
          return (
            <th key={i} scope="col" className={cell ? `${cellClassName} ${cell}` : cellClassName}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
