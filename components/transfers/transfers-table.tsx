"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useSnackbar } from "@/components/ui/snackbar";
import { TableRows } from "@/components/ui/table-rows";
import { formatDate } from "@/lib/shell/format";
import type { TransferList, TransferRow } from "@/lib/transfers/schemas";
import { callApi } from "@/components/api/client";

const STATUS = { pending: "warning", approved: "success", declined: "danger" } as const;

const place = (p: TransferRow["origin"]) => (
  <>
    <span className="block font-medium text-slate-900">{p.locationName}</span>
    <span className="block text-xs text-slate-600">{p.districtName}</span>
  </>
);

type Action = "approve" | "decline" | "withdraw";

function columns(list: TransferList, act: (t: TransferRow, action: Action) => void): ColumnDef<TransferRow>[] {
  const cols: ColumnDef<TransferRow>[] = [
    {
      id: "student",
      header: "Student",
      cell: ({ row }) => (
        <>
          <span className="block font-medium text-slate-900">
            {row.original.studentLastName}, {row.original.studentFirstName}
          </span>
          <span className="block text-xs text-slate-600">State ID {row.original.tenantUniqueId}</span>
        </>
      ),
    },
    { id: "from", header: "From", cell: ({ row }) => place(row.original.origin) },
    { id: "to", header: "To", cell: ({ row }) => place(row.original.destination) },
    {
      id: "requested",
      header: "Requested",
      cell: ({ row }) => `${formatDate(new Date(row.original.createdAt * 1000))}${row.original.requestedBy ? ` by ${row.original.requestedBy}` : ""}`,
    },
  ];
  if (list === "history") {
    cols.push({
      id: "status",
      header: "Decision",
      cell: ({ row }) => {
        const t = row.original;
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
      },
    });
  } else {
    cols.push({
      id: "actions",
      header: list === "incoming" ? "Decision" : "Status",
      cell: ({ row }) =>
        row.original.canDecide ? (
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => act(row.original, "approve")}
              aria-label={`Approve the transfer of ${row.original.studentFirstName} ${row.original.studentLastName}`}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => act(row.original, "decline")}
              aria-label={`Decline the transfer of ${row.original.studentFirstName} ${row.original.studentLastName}`}
            >
              Decline
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="warning">Waiting for the receiving side</Badge>
            {row.original.canWithdraw && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => act(row.original, "withdraw")}
                aria-label={`Withdraw the transfer of ${row.original.studentFirstName} ${row.original.studentLastName}`}
              >
                Withdraw
              </Button>
            )}
          </div>
        ),
    });
  }
  return cols;
}

const TITLES: Record<Action, string> = { approve: "Approve transfer", decline: "Decline transfer", withdraw: "Withdraw transfer request" };
const BUTTONS: Record<Action, string> = { approve: "Approve", decline: "Decline", withdraw: "Withdraw" };

const EMPTY: Record<TransferList, string> = {
  incoming: "No transfer requests are waiting for your decision.",
  outgoing: "No transfer requests of yours are waiting for a decision.",
  history: "No transfers have been decided or withdrawn yet.",
};

/** One transfer list (server-paged); incoming rows the admin may decide open an approve or decline dialog. */
export function TransfersTable({ list, transfers }: { list: TransferList; transfers: TransferRow[] }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [pending, setPending] = useState<{ transfer: TransferRow; action: Action } | null>(null);
  const [busy, setBusy] = useState(false);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: transfers,
    columns: columns(list, (transfer, action) => setPending({ transfer, action })),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
  });

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    const path = `/transfers/${pending.transfer.id}`;
    const answer =
      pending.action === "withdraw"
        ? await callApi<{ message: string }>("DELETE", path)
        : await callApi<{ message: string }>("PUT", path, { isApproved: pending.action === "approve" });
    setBusy(false);
    if (!answer.ok) {
      showSnackbar(answer.message, "error");
      return;
    }
    const { message } = answer.data;
    setPending(null);
    showSnackbar(message, "success");
    router.refresh();
  }

  const t = pending?.transfer;
  return (
    <>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Transfers: ${list}`}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Transfers: {list}</caption>
          <TableRows table={table} empty={EMPTY[list]} />
        </table>
      </div>
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
