import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/platform/queue";

/** Children per isr.generate job: one claim, one read and one finishing transaction per batch. */
export const ISR_BATCH_SIZE = 25;

/**
 * One batch of one ISR request: the tenant, the request (outputs row) and the student_outputs rows
 * to render. The rows hold the rest (child, language), so a redelivery renders the same pages.
 */
export const isrJob = defineJob({
  name: "isr.generate",
  payload: z.object({
    tenantId: z.number().int().positive(),
    outputId: z.number().int().positive(),
    studentOutputIds: z.array(z.number().int().positive()).min(1).max(500),
  }),
  retryLimit: 3,
});
