"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { dashboardFor } from "@/lib/auth/routes";
import { errorText } from "@/lib/users/labels";

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
    const res = await fetch("/en/api/v1/login/impersonate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userIdToImpersonate: userId }),
    });
    if (!res.ok) {
      setBusy(false);
      showSnackbar(await errorText(res), "error");
      return;
    }
    const { profileData } = (await res.json()) as { profileData: { activeRole: Parameters<typeof dashboardFor>[0] } };
    window.location.assign(dashboardFor(profileData.activeRole));
  }
  return (
    <Button variant="secondary" size={size} onClick={start} disabled={busy} aria-label={`Impersonate ${name}`}>
      Impersonate
    </Button>
  );
}
