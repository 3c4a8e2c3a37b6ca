import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** The tenant's info sheet: a download link, or the empty state when none has been uploaded. */
export function InfoSheetCard({ available, children }: { available: boolean; children?: ReactNode }) {
  return (
    <Card title="Info sheet" className="mb-8">
      {available ? (
        <p className="text-sm text-slate-800">
          <a className="font-medium text-brand-700 underline underline-offset-2" href="/en/api/v1/info-sheet" download="info-sheet.pdf">
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
