import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { mailOutbox, users } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { sendMail } from "@/lib/platform/mail";
import { env } from "@/lib/platform/env";
import { forTenant } from "@/lib/platform/tenancy";
import type { MailCheck } from "./mail-check-schemas";

/** Which transport delivers mail: SMTP when configured, else the outbox only. */
export const mailTransport = (): MailCheck["transport"] => (env().SMTP_URL ? "smtp" : "outbox");

function requireSystemAdmin(actor: Actor) {
  authorize(actor, "system.mailCheck");
}

/**
 * A system administrator checks mail delivery end to end: a message to their own address goes
 * through the job queue and the configured transport, and its outbox row shows the outcome.
 */
export async function sendTestMail(actor: Actor): Promise<MailCheck> {
  requireSystemAdmin(actor);
  // sendMail inside the binding: its delivery job goes out once the outbox row has committed.
  const outboxId = await forTenant(actor, async () => {
    const [me] = await db()
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)));
    if (!me) throw notFound();
    const queued = await sendMail({
      tenantId: actor.tenantId,
      to: me.email,
      subject: "Assessment Platform mail delivery check",
      text: "This message confirms that the Assessment Platform can deliver mail. No action is needed.",
      meta: { kind: "mail-check", userId: actor.userId },
    });
    return queued.outboxId;
  });
  return mailCheckStatus(actor, outboxId);
}

export async function mailCheckStatus(actor: Actor, outboxId: number): Promise<MailCheck> {
  requireSystemAdmin(actor);
  const [row] = await forTenant(actor, () =>
    db()
      .select({ id: mailOutbox.id, status: mailOutbox.status, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.tenantId, actor.tenantId))),
  );
  if (!row) throw notFound();
  return {
    outboxId: row.id,
    status: row.status,
    transport: mailTransport(),
    sentAt: row.sentAt ? Math.floor(row.sentAt.getTime() / 1000) : null,
  };
}
