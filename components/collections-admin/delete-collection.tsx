"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useSnackbar } from "@/components/ui/snackbar";
import { collectionsPath } from "@/lib/collections/admin-paths";
import { callApi } from "@/components/api/client";

/**
 * "Delete collection" (tenant admins): DELETE /data-collections/{id}, then back to the list. A
 * collection with scores is refused (409) and the dialog says why.
 */
export function DeleteCollectionButton({ id, name }: { id: number; name: string }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    const answer = await callApi("DELETE", `/data-collections/${id}`);
    setBusy(false);
    if (!answer.ok) {
      setAlert(answer.message);
      showSnackbar(answer.message, "error");
      return;
    }
    setOpen(false);
    showSnackbar(`Collection ${name} deleted`, "success");
    router.push(collectionsPath());
  }

  return (
    <>
      <Button
        size="sm"
        variant="danger"
        onClick={() => {
          setAlert(null);
          setOpen(true);
        }}
      >
        Delete collection
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        size="sm"
        title="Delete collection?"
        description={`“${name}” leaves every list, for teachers and administrators. A collection with scores cannot be deleted.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void remove()}>
              Delete collection
            </Button>
          </>
        }
      >
        {alert && (
          <p role="alert" className="text-sm text-danger">
            {alert}
          </p>
        )}
      </Dialog>
    </>
  );
}
