import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import type { ReportView } from "@/lib/reports/schemas";
import { formatDateTime } from "@/lib/shell/format";

const STATUS: Record<ReportView["status"], { label: string; tone: BadgeTone }> = {
  queued: { label: "Queued", tone: "neutral" },
  in_progress: { label: "In progress", tone: "info" },
  complete: { label: "Complete", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

/** One's reports with their status, and a download link once complete. */
export function ReportsTable({ reports, caption }: { reports: ReportView[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Report
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Collection
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Requested
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              File
            </th>
          </tr>
        </thead>
        <tbody>
          {reports.map((r) => (
            <tr key={r.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2">
                <span className="font-medium text-slate-900">{r.label}</span>
                <span className="block text-xs text-slate-600">{r.kind}</span>
              </td>
              <td className="px-3 py-2">{r.collectionName ?? "Whole school year"}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
              <td className="px-3 py-2">
                <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
                {r.errors?.map((e) => (
                  <span key={e} className="mt-1 block text-xs text-danger">
                    {e}
                  </span>
                ))}
              </td>
              <td className="px-3 py-2">
                {r.downloadUrl ? (
                  <a href={r.downloadUrl} download className={buttonClasses("secondary", "sm")}>
                    Download {r.format.toUpperCase()}
                    <span className="sr-only">
                      {" "}
                      of {r.label} requested {formatDateTime(r.createdAt)}
                    </span>
                  </a>
                ) : (
                  <span className="text-slate-600">{r.status === "failed" ? "None" : "Not ready yet"}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
