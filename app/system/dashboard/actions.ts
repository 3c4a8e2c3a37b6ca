"use server";

import { z } from "zod";
import { action } from "@/lib/platform/action";
import { mailCheckStatus, sendTestMail } from "@/lib/system/mail-check";

export const sendTestMailAction = action({ input: z.object({}), permission: "system.mailCheck" }, (actor) => sendTestMail(actor));

export const mailCheckStatusAction = action({ input: z.object({ outboxId: z.number().int().positive() }), permission: "system.mailCheck" }, (actor, input) =>
  mailCheckStatus(actor, input.outboxId),
);
