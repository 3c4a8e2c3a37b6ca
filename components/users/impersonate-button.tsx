"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { dashboardFor } from "@/lib/auth/routes";
import { callApi } from "@/components/api/client";

/**
 * Start acting as a user (platform §4): POST /login/impersonate swaps this browser's session for the
 * user's, then their dashboard opens. The server decides who may be impersonated; a refusal shows
 * its message.
 */
export function ImpersonateButton({ userId, name, size = "sm" }: { userId: number; name: string; size?: "sm" | "md" }) {
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    const answer = await callApi<{ profileData: { activeRole: Parameters<typeof dashboardFor>[0] } }>("POST", "/login/impersonate", {
      userIdToImpersonate: userId,
    });
    if (!answer.ok) {
      setBusy(false);
      showSnackbar(answer.message, "error");
      return;
    }
    window.location.assign(dashboardFor(answer.data.profileData.activeRole));
  }
  return (
    <Button variant="secondary" size={size} onClick={start} disabled={busy} aria-label={`Impersonate ${name}`}>
      Impersonate
    </Button>
  );
}
