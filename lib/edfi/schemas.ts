import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

const id = idSchema("Must be a positive whole number");

/** The Ed-Fi resources a collection is exported as, named as the Ed-Fi API's endpoints (one JSON Lines file each). */
export const EDFI_RESOURCES = ["assessments", "objectiveAssessments", "studentAssessments"] as const;
export type EdfiResource = (typeof EDFI_RESOURCES)[number];

/** GET /data-collections/{id}/edfi/{resource}. */
export const edfiParams = z.object({
  id,
  resource: z.enum(EDFI_RESOURCES, { error: "Must be assessments, objectiveAssessments or studentAssessments" }),
});

/** ?districtId: one district of the caller's reach; left out, the whole reach (a tenant admin: the state). */
export const edfiQuery = z.object({ districtId: id.optional() });

/** An ODS/API address: https, or http on this machine only (a local ODS or a test's mock). */
const odsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.username || url.password) return false;
      return url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
    } catch {
      return false;
    }
  }, "Must be an https:// address");

/** GET /edfi/connection?districtId: a district's connection, or the state's (tenant admins, no districtId). */
export const connectionQuery = z.object({ districtId: id.optional() });

/** PUT /edfi/connection: create or change the connection of the state (no districtId) or a district; the secret may be left out to keep it. */
export const connectionBody = z.object({
  /** null or left out: the state's connection. */
  districtId: id.nullable().optional(),
  baseUrl: odsUrl,
  tokenUrl: odsUrl,
  clientId: z.string().trim().min(1, "Is required").max(200),
  clientSecret: z.string().min(1, "Is required").max(500).optional(),
  active: z.boolean().default(true),
});
export type ConnectionBody = z.infer<typeof connectionBody>;

/** POST /data-collections/{id}/edfi/send {districtId?}; GET .../edfi/runs?districtId. */
export const collectionParams = z.object({ id });
export const sendBody = z.object({ districtId: id.optional() });

const unix = z.number().int();

export const connectionView = z.object({
  id: z.number(),
  districtId: z.number().nullable(),
  baseUrl: z.string(),
  tokenUrl: z.string(),
  clientId: z.string(),
  /** The secret is kept encrypted and never answered. */
  hasSecret: z.boolean(),
  active: z.boolean(),
  updatedAt: unix,
});
export type ConnectionView = z.infer<typeof connectionView>;

export const runView = z.object({
  id: z.number(),
  dataCollectionId: z.number(),
  districtId: z.number().nullable(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  sent: z.number(),
  refused: z.number(),
  refusals: z.array(z.object({ resource: z.string(), key: z.string(), status: z.number() })),
  attempts: z.number(),
  message: z.string().nullable(),
  createdAt: unix,
  startedAt: unix.nullable(),
  finishedAt: unix.nullable(),
});
export type RunView = z.infer<typeof runView>;

export const connectionResponse = z.object({ connection: connectionView.nullable() });
export const connectionSaved = z.object({ message: z.string(), connection: connectionView });
export const runRequested = z.object({ message: z.string(), run: runView });
export const runsResponse = z.object({ runs: z.array(runView) });

/** GET /edfi/settings answers the effective settings (defaults filled in); PUT /edfi/settings changes the keys it names. */
export const settingsView = z.object({
  /** The tenant's id: the settings are the tenant's. */
  id: z.number(),
  namespace: z.string(),
  gradeLevel: z.string(),
  academicSubjects: z.record(z.string(), z.string()),
});
export const settingsResponse = z.object({ settings: settingsView });
export const settingsSaved = z.object({ message: z.string(), settings: settingsView });
