"use server";

import { z } from "zod";
import { action } from "@/lib/platform/action";
import { mailCheckStatus, sendTestMail } from "@/lib/system/mail-check";

export const sendTestMailAction = action({ input: z.object({}), roles: ["ROLE_SYSTEM_ADMIN"] }, (actor) => sendTestMail(actor));

export const mailCheckStatusAction = action(
  { input: z.object({ outboxId: z.number().int().positive() }), roles: ["ROLE_SYSTEM_ADMIN"] },
  (actor, input) => mailCheckStatus(actor, input.outboxId),
);
