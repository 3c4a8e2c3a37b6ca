"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";

interface Side {
  id: number;
  name: string;
}

/** Confirm and run POST /students/merge; on success the primary's audit trail shows what moved. */
export function MergeConfirm({ primary, secondary }: { primary: Side; secondary: Side }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function merge() {
    setBusy(true);
    setError(null);
    const answer = await callApi<{ message: string; scoresMoved: number; conflicts: number }>("POST", "/students/merge", {
      primaryStudentId: primary.id,
      secondaryStudentId: secondary.id,
    });
    setBusy(false);
    // Spec §8: a merge failure shows no snackbar; the dialog says what went wrong.
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    const body = answer.data;
    setOpen(false);
    showSnackbar(`${body.message}: ${body.scoresMoved} grades moved, ${body.conflicts} conflicts settled by the newer grade`, "success");
    router.push(`/administrator/audit?entityType=student&entityId=${primary.id}`);
  }

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Merge students
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Merge students"
        description={`${secondary.name} is folded into ${primary.name}: enrollments, assignments, grades, evidence and reports move to ${primary.name}, and ${secondary.name}'s record is retired. This cannot be undone here.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={merge} busy={busy}>
              Merge
            </Button>
          </>
        }
      >
        {error && (
          <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
      </Dialog>
    </>
  );
}
