import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/** A mail check's outbox row: queued, sending, sent (delivered over SMTP), kept (no SMTP configured) or failed. */
const mailCheck = z.object({
  outboxId: z.number().int(),
  status: z.string().describe("queued, sending, sent (delivered over SMTP), kept (no SMTP configured) or failed"),
  transport: z.enum(["smtp", "outbox"]),
  sentAt: z.number().int().nullable().describe("Unix seconds"),
});
export type MailCheck = z.infer<typeof mailCheck>;

export const mailCheckResponse = z.object({ mailCheck });
export const mailCheckParams = z.object({ id: idSchema("Message id must be a positive whole number") });
