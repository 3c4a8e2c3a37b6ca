import { z } from "zod";

/* Shapes of the API as a whole (errors) and of the platform's own routes. */

/** Every error answer: the spec's `{ message, errors? }` (platform.md section 8). */
export const errorResponse = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ field: z.string().describe('The field\'s path, "_" for the whole input'), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });

const component = z.object({
  ok: z.boolean(),
  ms: z.number().optional(),
  detail: z.string().optional().describe("The database driver, or why a check failed"),
});

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]).describe("503 when degraded"),
  database: component,
  queue: component.extend({ queued: z.number().int().optional(), active: z.number().int().optional() }),
});
