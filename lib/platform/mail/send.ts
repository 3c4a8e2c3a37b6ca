import "server-only";
import { z } from "zod";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { defineJob, sendJob } from "../queue";

/** Delivers one outbox row; carries only ids, never the message itself. */
export const mailSendJob = defineJob({
  name: "mail.send",
  payload: z.object({ outboxId: z.number().int().positive(), tenantId: z.number().int().positive().nullable() }),
  retryLimit: 5,
});

export const sendMailInput = z.object({
  tenantId: z.number().int().positive().optional(),
  to: z.email(),
  subject: z.string().trim().min(1).max(998),
  text: z.string().min(1).max(1_000_000),
  html: z.string().max(1_000_000).optional(),
  /** What the mail is about (kind, ids), for support: no secrets, no personal fields. */
  meta: z.record(z.string(), z.unknown()).optional(),
});

export type SendMailInput = z.input<typeof sendMailInput>;

/**
 * Queue a mail: the outbox row is always written, then a `mail.send` job delivers it (over SMTP
 * when SMTP_URL is set, otherwise it is kept in the outbox and logged). Inside withTenant the row
 * commits (or rolls back) with the change that causes the mail, and the job is sent after the commit.
 */
export async function sendMail(input: SendMailInput): Promise<{ outboxId: number; jobId: string }> {
  const mail = sendMailInput.parse(input);
  const [row] = await db()
    .insert(mailOutbox)
    .values({
      tenantId: mail.tenantId ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      meta: mail.meta ?? {},
    })
    .returning({ id: mailOutbox.id });
  const jobId = await sendJob(mailSendJob, { outboxId: row.id, tenantId: mail.tenantId ?? null }, { idempotencyKey: `outbox:${row.id}` });
  return { outboxId: row.id, jobId };
}
