import { InlineCode } from "./inline-code";

/** Error statuses and what each means. */
export function StatusTable({ caption, statuses }: { caption: string; statuses: { status: number; text: string }[] }) {
  return (
    <table className="mt-4 w-full border-collapse text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className="w-20 px-2 py-2 text-left font-semibold text-slate-700 tablet:px-3">
            Status
          </th>
          <th scope="col" className="px-2 py-2 text-left font-semibold text-slate-700 tablet:px-3">
            Meaning
          </th>
        </tr>
      </thead>
      <tbody>
        {statuses.map((s) => (
          <tr key={s.status} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="px-2 py-2 text-left font-mono font-medium text-slate-900 tablet:px-3">
              {s.status}
            </th>
            <td className="px-2 py-2 [overflow-wrap:anywhere] text-slate-700 tablet:px-3">
              <InlineCode text={s.text} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
