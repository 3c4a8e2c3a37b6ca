import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/card";
import { PlainTable } from "@/components/ui/plain-table";
import type { EnrollmentResult } from "@/lib/enrollments/results";

/** The child's results per collection of this enrollment (server-rendered): items scored, progress, and once complete the scale score and level. */
export function ResultsTable({ results }: { results: EnrollmentResult[] }) {
  return (
    <div className="mt-8 flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-900">Results</h2>
      <PlainTable
        label="Results"
        caption="Results of this student in each data collection"
        columns={["Collection", "Items scored", "Progress", "Scale score", "Performance level"]}
        rows={results}
        empty="No results: the student takes part in no data collection."
      >
        {(r) => (
          <tr key={r.dataCollectionId} className="border-t border-slate-200">
            <th scope="row" className="font-medium">
              {r.collectionName}
            </th>
            <td className="tabular-nums">{r.totalItems === null ? "Not scored yet" : `${r.scoredItems} of ${r.totalItems}`}</td>
            <td className="min-w-40">
              <Progress value={r.progress} label={`Progress in ${r.collectionName}`} />
            </td>
            <td className="tabular-nums">{r.overallScore ?? <span className="text-slate-600">Not complete</span>}</td>
            <td>{r.levelLabel ? <Badge tone="brand">{r.levelLabel}</Badge> : <span className="text-slate-600">Not complete</span>}</td>
          </tr>
        )}
      </PlainTable>
    </div>
  );
}
