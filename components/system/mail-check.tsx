"use client";

import { useState } from "react";
import { callApi, type Answer } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";
import type { MailCheck as MailCheckResult } from "@/lib/system/mail-check-schemas";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useSnackbar } from "@/components/ui/snackbar";

const FINAL = new Set(["sent", "kept", "failed"]);
const LABELS: Record<string, string> = {
  queued: "Queued: waiting for a job worker",
  sending: "Sending",
  sent: "Delivered to the mail server",
  kept: "Kept in the outbox (no mail server is configured)",
  failed: "Failed: the mail server refused the message",
};

const PATH = "/system/mail-check";

/** Sends a message to the signed-in system admin through the job queue and follows it to its outcome. */
export function MailCheck({ transport }: { transport: "smtp" | "outbox" }) {
  const snackbar = useSnackbar();
  const [check, setCheck] = useState<MailCheckResult | null>(null);
  const [busy, setBusy] = useState(false);
  // Following stops at the outcome, or at a failed look (its message is shown; Send starts again).
  const [lost, setLost] = useState(false);
  const following = check !== null && !FINAL.has(check.status) && !lost;

  function follow(answer: Answer<{ mailCheck: MailCheckResult }>) {
    setLost(!answer.ok);
    if (answer.ok) setCheck(answer.data.mailCheck);
    else snackbar.showSnackbar(answer.message, "error");
  }

  usePolling(async () => follow(await callApi<{ mailCheck: MailCheckResult }>("GET", `${PATH}/${check!.outboxId}`)), 1000, following);

  async function onSend() {
    setBusy(true);
    const answer = await callApi<{ mailCheck: MailCheckResult }>("POST", PATH);
    setBusy(false);
    follow(answer);
  }

  return (
    <Card title="Mail delivery">
      <p className="text-sm text-slate-700">
        {transport === "smtp"
          ? "Mail is delivered through the configured SMTP server."
          : "No SMTP server is configured: mail is kept in the outbox and written to the log."}{" "}
        Send yourself a message to check the job queue and the mail transport end to end.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button variant="secondary" onClick={onSend} busy={busy || following}>
          Send a test message
        </Button>
        <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
          {check ? `Message ${check.outboxId}: ${LABELS[check.status] ?? check.status}` : ""}
        </p>
      </div>
    </Card>
  );
}
