"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { PlainTable } from "@/components/ui/plain-table";
import { formatDate } from "@/lib/shell/format";
import type { TransferList, TransferRow } from "@/lib/transfers/schemas";
import { useChange } from "@/components/api/use-change";

const STATUS = { pending: "warning", approved: "success", declined: "danger" } as const;

const place = (p: TransferRow["origin"]) => (
  <>
    <span className="block font-medium text-slate-900">{p.locationName}</span>
    <span className="block text-xs text-slate-600">{p.districtName}</span>
  </>
);

type Action = "approve" | "decline" | "withdraw";

/** The last column: the decision taken (history), else the buttons of whoever may act. */
function Decision({ list, t, act }: { list: TransferList; t: TransferRow; act: (action: Action) => void }) {
  if (list === "history") {
    const label = t.deleted && t.status === "pending" ? "Withdrawn" : t.status === "approved" ? "Approved" : "Declined";
    return (
      <>
        <Badge tone={t.deleted && t.status === "pending" ? "neutral" : STATUS[t.status]}>{label}</Badge>
        {t.decidedAt && (
          <span className="mt-1 block text-xs text-slate-600">
            {formatDate(new Date(t.decidedAt * 1000))}
            {t.decidedBy ? ` by ${t.decidedBy}` : ""}
          </span>
        )}
      </>
    );
  }
  return t.canDecide ? (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => act("approve")} aria-label={`Approve the transfer of ${t.studentFirstName} ${t.studentLastName}`}>
        Approve
      </Button>
      <Button size="sm" variant="secondary" onClick={() => act("decline")} aria-label={`Decline the transfer of ${t.studentFirstName} ${t.studentLastName}`}>
        Decline
      </Button>
    </div>
  ) : (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone="warning">Waiting for the receiving side</Badge>
      {t.canWithdraw && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => act("withdraw")}
          aria-label={`Withdraw the transfer of ${t.studentFirstName} ${t.studentLastName}`}
        >
          Withdraw
        </Button>
      )}
    </div>
  );
}

const TITLES: Record<Action, string> = { approve: "Approve transfer", decline: "Decline transfer", withdraw: "Withdraw transfer request" };
const BUTTONS: Record<Action, string> = { approve: "Approve", decline: "Decline", withdraw: "Withdraw" };

const EMPTY: Record<TransferList, string> = {
  incoming: "No transfer requests are waiting for your decision.",
  outgoing: "No transfer requests of yours are waiting for a decision.",
  history: "No transfers have been decided or withdrawn yet.",
};

/** One transfer list (server-paged, framed by the page with its pager); incoming rows the admin may decide open an approve or decline dialog. */
export function TransfersTable({ list, transfers }: { list: TransferList; transfers: TransferRow[] }) {
  const { busy, change } = useChange();
  const [pending, setPending] = useState<{ transfer: TransferRow; action: Action } | null>(null);

  async function confirm() {
    if (!pending) return;
    const path = `/transfers/${pending.transfer.id}`;
    const said = { success: (data: { message: string }) => data.message };
    const answer =
      pending.action === "withdraw"
        ? await change("DELETE", path, undefined, said)
        : await change("PUT", path, { isApproved: pending.action === "approve" }, said);
    if (answer.ok) setPending(null);
  }

  const t = pending?.transfer;
  return (
    <>
      <PlainTable
        bare
        caption={`Transfers: ${list}`}
        columns={["Student", "From", "To", "Requested", list === "outgoing" ? "Status" : "Decision"]}
        rows={transfers}
        empty={EMPTY[list]}
      >
        {(row) => (
          <tr key={row.id} className="border-t border-slate-200">
            <td>
              <span className="block font-medium text-slate-900">
                {row.studentLastName}, {row.studentFirstName}
              </span>
              <span className="block text-xs text-slate-600">State ID {row.tenantUniqueId}</span>
            </td>
            <td>{place(row.origin)}</td>
            <td>{place(row.destination)}</td>
            <td>{`${formatDate(new Date(row.createdAt * 1000))}${row.requestedBy ? ` by ${row.requestedBy}` : ""}`}</td>
            <td>
              <Decision list={list} t={row} act={(action) => setPending({ transfer: row, action })} />
            </td>
          </tr>
        )}
      </PlainTable>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && !busy && setPending(null)}
        title={pending ? TITLES[pending.action] : ""}
        description={
          t &&
          (pending?.action === "approve"
            ? `${t.studentFirstName} ${t.studentLastName} moves from ${t.origin.locationName} to ${t.destination.locationName}, with their scores, evidence, supports and history. Teachers at ${t.origin.locationName} lose access.`
            : pending?.action === "withdraw"
              ? `The request to move ${t.studentFirstName} ${t.studentLastName} to ${t.destination.locationName} is withdrawn; the child stays at ${t.origin.locationName}.`
              : `${t.studentFirstName} ${t.studentLastName} stays at ${t.origin.locationName}. The requester is told.`)
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)} disabled={busy}>
              Cancel
            </Button>
            <Button variant={pending?.action === "approve" ? "primary" : "danger"} onClick={confirm} busy={busy}>
              {pending ? BUTTONS[pending.action] : ""}
            </Button>
          </>
        }
      />
    </>
  );
}
