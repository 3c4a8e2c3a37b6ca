"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { collectionsPath } from "@/lib/collections/admin-paths";
import { useChange } from "@/components/api/use-change";

/**
 * "Delete collection" (tenant admins): DELETE /data-collections/{id}, then back to the list. A
 * collection with scores is refused (409) and the dialog says why.
 */
export function DeleteCollectionButton({ id, name }: { id: number; name: string }) {
  const router = useRouter();
  const { busy, change } = useChange();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function remove() {
    // No refresh: the page goes back to the list, which no longer names the collection.
    const answer = await change("DELETE", `/data-collections/${id}`, undefined, { success: `Collection ${name} deleted`, refresh: false });
    if (!answer.ok) return setAlert(answer.message);
    setOpen(false);
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
