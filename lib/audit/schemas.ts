import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* The audit trail (FERPA 34 CFR 99.32): who changed which record, when, before and after. */

export const AUDIT_ENTITIES = ["student", "user", "region", "district", "location"] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Must be a date (YYYY-MM-DD)");
const whole = (max: number) =>
  z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(max, `Must be ${max} or fewer`);

export const auditQuery = z
  .object({
    /** student: every row about the student; user, region, district, location: rows about that record. */
    entityType: z.enum(AUDIT_ENTITIES, { error: `Must be one of: ${AUDIT_ENTITIES.join(", ")}` }).optional(),
    entityId: idSchema("Must be a positive whole number").optional(),
    /** Calendar days (UTC), both included. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: whole(10_000).default(1),
    pageSize: whole(100).default(25),
  })
  .refine((q) => q.entityId === undefined || q.entityType !== undefined, { path: ["entityType"], message: "Choose what the id is of" })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "Must not be before the start date" });
export type AuditQuery = z.infer<typeof auditQuery>;

const change = z.record(z.string(), z.unknown());

export const auditEntry = z.object({
  id: z.number().int(),
  occurredAt: z.number().int().describe("Unix seconds"),
  action: z.string().describe("create, update, delete, transfer, approve, decline, merge, retire ..."),
  entityType: z.string(),
  entityId: z.number().int().nullable(),
  /** The record in words: a student's name and state id, a user's or an organisation's name. */
  subject: z.string().nullable(),
  studentId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable().describe("Who made the change"),
  impersonatorName: z.string().nullable().describe("The admin behind an impersonated session"),
  fields: z.array(z.string()).describe("The changed fields, where the row names them"),
  before: change.nullable(),
  after: change.nullable(),
  details: change.describe("Everything else the row records (ids, counts)"),
  organizationNames: z
    .record(z.string(), z.string())
    .describe("The names of the organisations the row names by id (in before, after or details), keyed 'location:12', 'district:3', 'region:1'"),
});
export type AuditEntryRow = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  entries: z.array(auditEntry),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean().describe("The trail is long (every grade is audited): pages run without a total"),
});
