"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { studentProfilePath } from "@/lib/enrollments/paths";
import type { EnrollmentRow } from "@/lib/enrollments/schemas";
import { callApi } from "@/components/api/client";

const POA_CHANGED = "POA changed successfully";
const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric", timeZone: "UTC" });

/**
 * A student's enrollments, the point of authority first. "Make point of authority" asks the server
 * whether the enrollment may become the POA (validate.json), then changes it.
 */
export function EnrollmentsPanel({ tenantId, studentId, enrollments }: { tenantId: number; studentId: number; enrollments: EnrollmentRow[] }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<number | null>(null);

  async function makePoa(e: EnrollmentRow) {
    setBusy(e.id);
    const check = await callApi<{ valid: boolean; reasons: string[] }>("GET", `/admin/tenants/${tenantId}/students/${studentId}/poas/${e.id}/validate.json`);
    const answer = !check.ok
      ? check
      : check.data.valid
        ? await callApi<{ message?: string }>("PUT", "/enrollments", { id: e.id, isPointOfAuthority: true })
        : { ok: false as const, message: check.data.reasons[0] };
    setBusy(null);
    if (!answer.ok) {
      showSnackbar(answer.message, "error");
      return;
    }
    showSnackbar(POA_CHANGED, "success");
    router.refresh();
  }

  return (
    <ul className="flex flex-col gap-3" aria-label="Enrollments">
      {enrollments.map((e) => (
        <li
          key={e.id}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 tablet:flex-row tablet:items-center tablet:justify-between"
        >
          <div className="flex flex-col gap-1">
            <h2 className="text-base font-semibold text-slate-900">
              <Link
                className="text-brand-700 underline underline-offset-2"
                href={studentProfilePath(e.parentRegionId, e.parentDistrictId, e.parentLocationId, studentId, "enrollments")}
              >
                {e.locationName}
              </Link>
            </h2>
            <p className="text-sm text-slate-600">
              {e.districtName} · enrolled {dateOf(e.createdAt)}
            </p>
            <p className="flex flex-wrap gap-2">
              {e.isPointOfAuthority && <Badge tone="brand">Point of authority</Badge>}
              <Badge tone={e.active ? "success" : "neutral"}>{e.active ? "Active" : "Ended"}</Badge>
            </p>
          </div>
          {!e.isPointOfAuthority && e.active && (
            <Button
              variant="secondary"
              busy={busy === e.id}
              disabled={busy !== null}
              onClick={() => makePoa(e)}
              aria-label={`Make point of authority: ${e.locationName}`}
            >
              Make point of authority
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
