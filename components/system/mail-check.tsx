"use client";

import { useEffect, useState } from "react";
import type { ActionResult } from "@/lib/platform/action";
import type { MailCheck as MailCheckResult } from "@/lib/system/mail-check";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useSnackbar } from "@/components/ui/snackbar";

type Send = (input: Record<string, never>) => Promise<ActionResult<MailCheckResult>>;
type Status = (input: { outboxId: number }) => Promise<ActionResult<MailCheckResult>>;

const FINAL = new Set(["sent", "kept", "failed"]);
const LABELS: Record<string, string> = {
  queued: "Queued: waiting for a job worker",
  sending: "Sending",
  sent: "Delivered to the mail server",
  kept: "Kept in the outbox (no mail server is configured)",
  failed: "Failed: the mail server refused the message",
};

/** Sends a message to the signed-in system admin through the job queue and follows it to its outcome. */
export function MailCheck({ transport, send, status }: { transport: "smtp" | "outbox"; send: Send; status: Status }) {
  const snackbar = useSnackbar();
  const [check, setCheck] = useState<MailCheckResult | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!check || FINAL.has(check.status)) return;
    const timer = setTimeout(async () => {
      const result = await status({ outboxId: check.outboxId });
      if (result.ok) setCheck(result.data);
      else snackbar.showSnackbar(result.message, "error");
    }, 1000);
    return () => clearTimeout(timer);
  }, [check, status, snackbar]);

  async function onSend() {
    setBusy(true);
    const result = await send({});
    setBusy(false);
    if (result.ok) setCheck(result.data);
    else snackbar.showSnackbar(result.message, "error");
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
        <Button variant="secondary" onClick={onSend} busy={busy || (check !== null && !FINAL.has(check.status))}>
          Send a test message
        </Button>
        <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
          {check ? `Message ${check.outboxId}: ${LABELS[check.status] ?? check.status}` : ""}
        </p>
      </div>
    </Card>
  );
}
