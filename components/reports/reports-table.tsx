import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
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
    <PlainTable caption={caption} columns={["Report", "Collection", "Requested", "Status", "File"]} rows={reports}>
      {(r) => (
        <tr key={r.id} className="border-t border-slate-200 align-top">
          <td>
            <span className="font-medium text-slate-900">{r.label}</span>
            <span className="block text-xs text-slate-600">{r.kind}</span>
          </td>
          <td>{r.collectionName ?? "Whole school year"}</td>
          <td className="whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
          <td>
            <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
            {r.errors?.map((e) => (
              <span key={e} className="mt-1 block text-xs text-danger">
                {e}
              </span>
            ))}
          </td>
          <td>
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
      )}
    </PlainTable>
  );
}
