import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import type { DownloadEntry } from "@/lib/downloads/queries";
import { NOT_YET_AVAILABLE } from "@/lib/downloads/slots";
import { formatBytes, formatDate } from "@/lib/shell/format";
import { PublishDialog } from "./publish-dialog";

/** One download slot: its file and a Download button, or a plain 'Not yet available'. */
export function DownloadCard({ entry, publish }: { entry: DownloadEntry; publish: boolean }) {
  const headingId = `download-${entry.slot}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {entry.title}
          </h3>
          <p className="mt-0.5 text-xs font-medium text-slate-600">{entry.platform}</p>
        </div>
        {entry.file ? entry.file.version && <Badge tone="brand">Version {entry.file.version}</Badge> : <Badge tone="warning">{NOT_YET_AVAILABLE}</Badge>}
      </div>
      <p className="mt-3 flex-1 text-sm text-slate-700">{entry.description}</p>
      {entry.file ? (
        <p className="mt-3 text-xs text-slate-600">
          <span className="font-medium text-slate-800">{entry.file.fileName}</span> · {formatBytes(entry.file.size)} · published{" "}
          {formatDate(entry.file.publishedAt)}
        </p>
      ) : (
        <p className="mt-3 text-xs text-slate-600">This installer has not been published yet. Please check back later.</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {entry.file ? (
          <a href={`/en/api/v1/downloads/${entry.slot}/file`} className={buttonClasses("primary", "sm")} download>
            Download
            <span className="sr-only"> {entry.title}</span>
          </a>
        ) : (
          <span className={buttonClasses("secondary", "sm", "pointer-events-none opacity-60")} aria-disabled="true">
            Download
            <span className="sr-only">
              {" "}
              {entry.title} ({NOT_YET_AVAILABLE})
            </span>
          </span>
        )}
        {publish && <PublishDialog info={entry} replacing={entry.file !== null} />}
      </div>
    </article>
  );
}
