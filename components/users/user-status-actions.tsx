"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useChange } from "@/components/api/use-change";
import { INVITE_SENT, USER_ACTIVATED, USER_DEACTIVATED, USER_UNLOCKED } from "@/lib/users/messages";
import type { UserRow } from "@/lib/users/schemas";
import { ImpersonateButton } from "./impersonate-button";

/** Activate or deactivate (confirmed), unlock, resend the invitation, impersonate. */
export function UserStatusActions({ user }: { user: UserRow }) {
  const { busy, change } = useChange();
  const [confirming, setConfirming] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;

  async function send(url: string, method: string, body: unknown, success: string) {
    await change(method, url, body, { success });
    setConfirming(false);
  }
  const setFlags = (flags: { enabled?: boolean; locked?: boolean }, success: string) => send("/users", "PUT", { id: user.id, ...flags }, success);

  return (
    <div className="flex flex-wrap gap-2">
      {user.enabled ? (
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
          Deactivate
        </Button>
      ) : (
        <Button onClick={() => setFlags({ enabled: true }, USER_ACTIVATED)} disabled={busy}>
          Activate
        </Button>
      )}
      {user.locked && (
        <Button variant="secondary" onClick={() => setFlags({ locked: false }, USER_UNLOCKED)} disabled={busy}>
          Unlock
        </Button>
      )}
      {!user.registered && user.enabled && (
        <Button variant="secondary" onClick={() => send(`/users/${user.id}/registration-invite`, "POST", {}, INVITE_SENT)} disabled={busy}>
          Resend invitation
        </Button>
      )}
      {user.enabled && <ImpersonateButton userId={user.id} name={name} size="md" />}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Deactivate ${name}?`}
        description="They cannot sign in until an administrator activates the account again, and their open sessions end now."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => setFlags({ enabled: false }, USER_DEACTIVATED)} disabled={busy}>
              Deactivate user
            </Button>
          </>
        }
      />
    </div>
  );
}
