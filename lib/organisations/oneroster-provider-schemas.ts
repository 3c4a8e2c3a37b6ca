import { z } from "zod";
import { STATE_ID_SOURCES } from "@/lib/oneroster/schemas";
import { idSchema } from "@/lib/platform/schemas";

/* A district integration's OneRoster 1.2 REST provider (docs/integrations.md "OneRoster 1.2 REST pull"). */

const id = idSchema("Must be a positive whole number");
export const ONEROSTER_BASE_PATH = "/ims/oneroster/rostering/v1p2";

/** https, or http to this machine only (a provider on the same host, a test's mock). */
function webAddress(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} must be 500 characters or fewer`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return !u.username && !u.password && (u.protocol === "https:" || (u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname)));
      } catch {
        return false;
      }
    }, `${label} must be an https:// address`);
}

export const saveProviderBody = z.object({
  districtId: id,
  /** Left out: as stored (a new provider: on). */
  active: z.boolean({ error: "Active must be true or false" }).optional(),
  /** Left out: as stored (a new provider: off). */
  reviewPulls: z.boolean({ error: "Review each pull must be true or false" }).optional(),
  tokenUrl: webAddress("Token URL"),
  clientId: z.string({ error: "Client id is required" }).trim().min(1, "Client id is required").max(500, "Client id must be 500 characters or fewer"),
  /** Left out (or blank) on an edit: the stored secret stays. Required the first time. */
  clientSecret: z
    .string({ error: "Client secret must be text" })
    .max(2000, "Client secret must be 2000 characters or fewer")
    .optional()
    .transform((v) => (v ? v : undefined)),
  baseUrl: webAddress("Base URL")
    .transform((v) => v.replace(/\/+$/, ""))
    .refine((v) => v.endsWith(ONEROSTER_BASE_PATH), `Base URL must end with ${ONEROSTER_BASE_PATH}`),
  /** Where a child's state id is, as the CSV intake's choice; left out: as stored (a new provider: identifier). */
  stateIdSource: z.enum(STATE_ID_SOURCES, { error: `Must be one of: ${STATE_ID_SOURCES.join(", ")}` }).optional(),
  stateIdField: z
    .string({ error: "Must be text" })
    .trim()
    .max(100, "Must be 100 characters or fewer")
    .regex(/^[A-Za-z0-9_.-]*$/, "Must be letters, digits, dots, dashes or underscores")
    .nullable()
    .optional(),
});
export type SaveProviderInput = z.output<typeof saveProviderBody>;

export const providerQuery = z.object({ districtId: id });
export const pullNowBody = z.object({
  districtId: id,
  /** "Pull everything now": every record, applied as a bulk bundle, whenever the last full pull was. */
  full: z.boolean({ error: "Full must be true or false" }).optional(),
});

const provider = z.object({
  id: z.number().int().describe("The district's integration"),
  districtId: z.number().int(),
  active: z.boolean(),
  tokenUrl: z.string(),
  clientId: z.string(),
  secretSet: z.boolean().describe("The client secret itself is never answered"),
  baseUrl: z.string(),
  stateIdSource: z.enum(STATE_ID_SOURCES),
  stateIdField: z.string().nullable(),
  reviewPulls: z
    .boolean()
    .describe("Review each pull before it is applied: a pull stops after its dry run, which the admin who saved the settings reads and applies"),
});
export type ProviderView = z.infer<typeof provider>;

const pullRun = z.object({
  id: z.number().int(),
  trigger: z.enum(["schedule", "manual"]),
  status: z
    .enum(["queued", "running", "review", "succeeded", "failed", "skipped"])
    .describe(
      "review: its dry run waits for someone to apply it (then running, succeeded or failed as its load); skipped: an hourly pull that found one waiting, or a pull a later one replaced before it was applied",
    ),
  kind: z
    .enum(["full", "delta"])
    .nullable()
    .describe(
      "full: every record, applied as a bulk bundle (what the provider no longer lists is ended); delta: records changed since the last pull; null: not decided yet, or skipped",
    ),
  requestedAt: z.number().int().describe("Unix seconds"),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  recordsPulled: z.number().int().describe("Records received from the provider, all collections"),
  oneRosterLoadId: z.number().int().nullable().describe("The OneRoster load that carries them (its dry run, counts and refused rows)"),
  message: z.string().nullable().describe("What the pull did, or why it failed; never credentials"),
});
export type PullRun = z.infer<typeof pullRun>;

export const providerResponse = z.object({
  oneRoster: z.object({
    provider: provider.nullable(),
    lastPullAt: z.number().int().nullable().describe("Unix seconds: when the last successful pull started; the next asks for records modified since"),
    lastFullPullAt: z.number().int().nullable().describe("Unix seconds: when the last successful full pull started"),
    fullPullDue: z
      .boolean()
      .describe(
        "The next pull reads every record: none since the provider was named (or its base URL or client changed), or the last started 23 hours ago or more",
      ),
    runs: z.array(pullRun).describe("The latest pulls (up to 10), newest first"),
  }),
});
export const providerSavedResponse = z.object({ message: z.string().describe("'Integration Saved'"), provider });
export const pullNowResponse = z.object({ message: z.string().describe("'Pull requested'"), run: pullRun });
