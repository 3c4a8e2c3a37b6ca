import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/card";
import type { EnrollmentResult } from "@/lib/enrollments/results";

const cell = "px-4 py-2.5";

/** The child's results per collection of this enrollment (server-rendered): items scored, progress, and once complete the scale score and level. */
export function ResultsTable({ results }: { results: EnrollmentResult[] }) {
  return (
    <div className="mt-8 flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-900">Results</h2>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Results">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Results of this student in each data collection</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={`${cell} font-semibold`}>
                Collection
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Items scored
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Progress
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Scale score
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Performance level
              </th>
            </tr>
          </thead>
          <tbody>
            {results.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-600">
                  No results: the student takes part in no data collection.
                </td>
              </tr>
            )}
            {results.map((r) => (
              <tr key={r.dataCollectionId} className="border-t border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  {r.collectionName}
                </th>
                <td className={`${cell} tabular-nums`}>{r.totalItems === null ? "Not scored yet" : `${r.scoredItems} of ${r.totalItems}`}</td>
                <td className={`${cell} min-w-40`}>
                  <Progress value={r.progress} label={`Progress in ${r.collectionName}`} />
                </td>
                <td className={`${cell} tabular-nums`}>{r.overallScore ?? <span className="text-slate-600">Not complete</span>}</td>
                <td className={cell}>{r.levelLabel ? <Badge tone="brand">{r.levelLabel}</Badge> : <span className="text-slate-600">Not complete</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
