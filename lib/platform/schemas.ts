import { z } from "zod";

/* Shapes of the API as a whole (errors, ids) and of the platform's own routes. */

/** The largest row id (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/**
 * A row id, the one way ids are read: a whole JSON number, or decimal digits as text (paths,
 * queries, and clients that send ids as strings). "0x0b", "+11", "11.0", " 11" and "1e1" are
 * refused, where z.coerce.number() took them all as 11 (or 10).
 */
export function idSchema(message: string) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(1, message).max(MAX_ID, message));
}

/**
 * A reference as a write takes it: the id, or the object a read answers in its place
 * (`schoolYear: { id, label }`), of which only the id counts; its other keys are the read's own.
 */
export function referenceSchema(message: string, readKeys: z.ZodRawShape) {
  return z.union([idSchema(message), z.object({ id: idSchema(message), ...readKeys }).transform((record) => record.id)], { error: message });
}

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
  database: component.optional().describe("System administrators only"),
  queue: component.extend({ queued: z.number().int().optional(), active: z.number().int().optional() }).optional().describe("System administrators only"),
});
