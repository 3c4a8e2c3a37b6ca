import { z } from "zod";
import { JOB_STATUSES } from "@/db/schema";
import { idSchema } from "@/lib/platform/schemas";

/*
 * District data integrations (spec §3 'District data integration', §7 'Organisations'):
 * tenantsDistrictsId, active, the FTP integration info and the integration users. The FTP password
 * is write-only: answers say only whether one is set.
 */

const id = idSchema("Must be a positive whole number");
/** The feed fetches over FTP, FTPS (explicit TLS) and SFTP (trusting the host key fingerprint entered). */
const FTP_PROTOCOLS = ["ftp", "ftps", "sftp"] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

const HOST_KEY = /^SHA256:[A-Za-z0-9+/]{43}=?$/;

/** The protocol when none is given or stored: FTPS, as the district page starts with. */
export const protocolOf = (value: unknown): (typeof FTP_PROTOCOLS)[number] => (value === "ftp" || value === "sftp" ? value : "ftps");
/** The port when none is given or stored: SSH's for SFTP, FTP's otherwise. */
export const portOf = (protocol: (typeof FTP_PROTOCOLS)[number], value: unknown): number => (typeof value === "number" ? value : protocol === "sftp" ? 22 : 21);

const ftpBody = z
  .object({
    protocol: z.enum(FTP_PROTOCOLS, { error: "Protocol must be ftp, ftps or sftp" }).default("ftps"),
    host: text("Host", 253).regex(/^[A-Za-z0-9.-]+$/, "Host must be a host name or an IP address"),
    port: z.coerce
      .number({ error: "Port must be a whole number" })
      .int("Port must be a whole number")
      .min(1, "Port must be 1 to 65535")
      .max(65_535, "Port must be 1 to 65535")
      .optional(),
    directory: z
      .string({ error: "Folder must be text" })
      .trim()
      .max(500, "Folder must be 500 characters or fewer")
      .default("/")
      .transform((v) => v || "/"),
    username: text("User name", 200),
    /** Left out (or blank) on an edit: the stored password stays. Required the first time. */
    password: z
      .string({ error: "Password must be text" })
      .max(500, "Password must be 500 characters or fewer")
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** SFTP: the server's host key fingerprint to trust, as `ssh-keygen -lf` prints it (blank: none yet). */
    hostKey: z
      .string({ error: "Host key fingerprint must be text" })
      .trim()
      .refine((v) => v === "" || HOST_KEY.test(v), "Host key fingerprint must be SHA256: followed by 43 characters")
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .transform((ftp) => ({ ...ftp, port: portOf(ftp.protocol, ftp.port) }));

/** POST /data-integrations: create or replace the district's integration (one per district). */
export const saveIntegrationBody = z.object({
  tenantsDistrictsId: id,
  active: z.boolean({ error: "Active must be true or false" }).default(true),
  ftp: ftpBody,
  /** The people told about the feed's runs (the whole list; left out: unchanged). */
  userIds: z.array(id, { error: "Integration users must be a list of user ids" }).max(50, "At most 50 integration users").optional(),
});
export type SaveIntegrationInput = z.output<typeof saveIntegrationBody>;

const flag = z.enum(["0", "1", "true", "false"], { error: "Must be 1 or 0" }).transform((v) => v === "1" || v === "true");
export const integrationListQuery = z.object({ tenantsDistrictsId: id.optional(), active: flag.optional() });
export const districtQuery = z.object({ districtId: id });
export const ftpStatusParams = z.object({ tenantId: id, regionId: id, districtId: id });
/** The spec's cache-busting `time`; any value is accepted and ignored. */
export const ftpStatusQuery = z.object({ time: z.string().max(40, "Must be 40 characters or fewer").optional() });

/* Answers. */

const integrationUser = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string().nullable() });

const ftpInfo = z.object({
  protocol: z.enum(FTP_PROTOCOLS),
  host: z.string(),
  port: z.number().int(),
  directory: z.string(),
  username: z.string(),
  passwordSet: z.boolean().describe("The password itself is never answered"),
  hostKey: z.string().nullable().describe("SFTP: the server's host key fingerprint the district trusts (SHA256:…)"),
});

const integrationRow = z.object({
  id: z.number().int(),
  tenantsDistrictsId: z.number().int(),
  districtName: z.string(),
  active: z.boolean(),
  ftp: ftpInfo.nullable(),
  users: z.array(integrationUser),
});
export type IntegrationRow = z.infer<typeof integrationRow>;

export const integrationListResponse = z.object({ dataIntegrations: z.array(integrationRow) });
export const integrationSaveResponse = z.object({ message: z.string().describe("'Integration Saved'"), dataIntegration: integrationRow });
export const integrationDeleteResponse = z.object({ deleted: z.literal(true) });
export const integrationUsersResponse = z.object({ users: z.array(integrationUser) });

const feedRun = z.object({
  id: z.number().int(),
  trigger: z.enum(["schedule", "manual"]).describe("schedule: the hourly run; manual: Fetch now"),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  requestedAt: z.number().int().describe("Unix seconds"),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  filesFound: z.number().int().describe("CSV/XLSX files in the folder"),
  filesLoaded: z.number().int().describe("New files handed to a bulk load (students) by this run"),
  message: z.string().nullable().describe("Why it failed (cannot connect, login refused, folder missing, ...); never credentials"),
  loads: z
    .array(
      z.object({ fileName: z.string(), bulkLoadId: z.number().int().nullable(), status: z.enum(JOB_STATUSES).nullable().describe("The bulk load's status") }),
    )
    .describe("The files this run handed to a bulk load"),
});
export type FeedRun = z.infer<typeof feedRun>;

export const fetchNowBody = z.object({ districtId: id });
export const fetchNowResponse = z.object({ message: z.string().describe("'Fetch requested'"), run: feedRun });

export const ftpStatusResponse = z.object({
  integration: z.object({
    configured: z.boolean().describe("The district has an integration with FTP settings"),
    active: z.boolean(),
    ftp: ftpInfo.nullable(),
    lastRunAt: z.number().int().nullable().describe("Unix seconds of the feed's last run; null: never ran"),
    lastRunStatus: z.enum(["succeeded", "failed"]).nullable(),
    lastRunMessage: z.string().nullable(),
    runs: z.array(feedRun).describe("The latest runs (up to 10), newest first"),
  }),
});
