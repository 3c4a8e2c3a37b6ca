import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";
import { PLAN_KINDS } from "./mapping";

/* The OneRoster intake's API: request a load (its dry run), read it, apply it. */

const id = idSchema("Must be a positive whole number");
export const idParams = z.object({ id });

export const STATE_ID_SOURCES = ["identifier", "userIds", "metadata"] as const;

/** POST /oneroster/loads. */
export const requestLoadBody = z
  .object({
    fileId: id.describe("A completed upload of purpose oneroster (a ZIP)"),
    stateIdSource: z
      .enum(STATE_ID_SOURCES, { error: `Must be one of: ${STATE_ID_SOURCES.join(", ")}` })
      .default("identifier")
      .describe("Where a child's state id is: users.csv identifier, a userIds entry of the type stateIdField names, or the metadata.<stateIdField> column"),
    stateIdField: z
      .string({ error: "Must be text" })
      .trim()
      .max(100, "Must be 100 characters or fewer")
      .regex(/^[A-Za-z0-9_.-]*$/, "Must be letters, digits, dots, dashes or underscores")
      .optional()
      .describe("The userIds type (e.g. stateID) or the metadata column's name after metadata."),
    regionId: id.optional().describe("Tenant admins: the region new districts go under"),
    dataCollectionId: id
      .optional()
      .describe("Assign every child the bundle enrolls to this collection (teacher type Primary) at each of their schools, where the collection is open"),
  })
  .superRefine((body, ctx) => {
    if (body.stateIdSource !== "identifier" && !body.stateIdField)
      ctx.addIssue({ code: "custom", path: ["stateIdField"], message: "Name the userIds type or the metadata column" });
  });
export type RequestLoadBody = z.infer<typeof requestLoadBody>;

export const listQuery = z.object({
  page: z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(100_000, "Is too large").default(1),
  pageSize: z.coerce
    .number({ error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(1, "Must be 1 or more")
    .max(100, "Must be 100 or fewer")
    .default(25),
});

const kindCounts = z.object({ created: z.number().int(), updated: z.number().int(), ended: z.number().int(), unchanged: z.number().int() });
const counts = z.object(Object.fromEntries(PLAN_KINDS.map((k) => [k, kindCounts])) as Record<(typeof PLAN_KINDS)[number], typeof kindCounts>);
const refusal = z.object({ file: z.string(), line: z.number().int(), sourcedId: z.string(), reason: z.string() });

export const LOAD_STATUSES = ["queued", "checking", "checked", "applying", "applied", "failed"] as const;
const loadView = z.object({
  id: z.number().int(),
  status: z.enum(LOAD_STATUSES).describe("queued, checking (the dry run), checked (read the dry run, then apply), applying, applied, failed"),
  phase: z.string().nullable().describe("What the job is doing now"),
  originalFileName: z.string(),
  username: z.string().nullable(),
  stateIdSource: z.string(),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
  planned: counts.nullable().describe("The dry run: what applying would change, per kind"),
  applied: counts.nullable().describe("What the apply changed, per kind"),
  refusedCount: z.number().int(),
  refused: z.array(refusal).describe("Refused rows with their reasons (the first 2,000)"),
  message: z.string().nullable().describe("Why the whole bundle was refused, when it was"),
});
export type LoadView = z.infer<typeof loadView>;

export const loadResponse = z.object({ load: loadView });
export const loadRequestedResponse = z.object({ message: z.string(), load: loadView });
export const loadListResponse = z.object({
  loads: z.array(loadView.omit({ refused: true })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
