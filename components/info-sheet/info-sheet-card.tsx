import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** The tenant's info sheet: a download link, or the empty state when none has been uploaded. */
export function InfoSheetCard({
  available,
  href = "/en/api/v1/info-sheet",
  className = "mb-8",
  children,
}: {
  available: boolean;
  /** Where the PDF is downloaded (a system admin's tenant page names that tenant's). */
  href?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card title="Info sheet" className={className}>
      {available ? (
        <p className="text-sm text-slate-800">
          <a className="font-medium text-brand-700 underline underline-offset-2" href={href} download="info-sheet.pdf">
            Download the info sheet (PDF)
          </a>
        </p>
      ) : (
        <p className="text-sm text-slate-700">No info sheet has been uploaded yet.</p>
      )}
      {children && <div className="mt-4 border-t border-slate-200 pt-4">{children}</div>}
    </Card>
  );
}
