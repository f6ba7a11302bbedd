import { th } from './styles';

/** A table's column headers; a string column is its text, anything else is rendered as given (e.g. a hidden label). */
export function HeadRow({ columns, rightFrom }: { columns: React.ReactNode[]; rightFrom?: number }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col" className={rightFrom !== undefined && i >= rightFrom ? `${th} text-right` : th}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
