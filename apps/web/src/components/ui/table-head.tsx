/** The header row of the console's data tables: one column header per label, scoped to its column. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
      <tr>
        {columns.map((label) => (
          <th key={label} scope="col" className="px-4 py-3 font-semibold">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
