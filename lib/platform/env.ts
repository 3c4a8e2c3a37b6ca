import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";

/** Empty strings in the environment mean "not set", so `.env.example` can list every key blank. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Real PostgreSQL; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  /** "transaction": DATABASE_URL goes through a pooler in transaction mode (PgBouncer): no named prepared statements. */
  DATABASE_POOLER: optional(z.enum(["transaction"], { error: 'must be "transaction" (or unset for a direct connection)' })),
  /** With DATABASE_POOLER, the server's direct address for what needs a session: LISTEN, the migration and forwarder locks. */
  DATABASE_SESSION_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  DATA_DIR: z.string().default(".data"),
  /** Embedded database location; "memory://" keeps it in memory (tests). */
  PGLITE_DATA_DIR: optional(z.string()),
  NEXTAUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  NEXTAUTH_URL: optional(z.url()),
  /**
   * On PostgreSQL, run the job workers inside the app process (default true); set false when
   * `npm run worker` runs them. The embedded database always runs them in the app process.
   */
  RUN_WORKERS: optional(bool),
  /** A job still active this long after it started is taken as lost (its worker died) and retried. */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** First retry delay of a failed job; later retries back off exponentially. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(10),
  /** How often an idle worker looks for new jobs (pg-boss's minimum is 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** On SIGTERM, how long active jobs may run on before they are handed back to the queue. */
  JOB_SHUTDOWN_SECONDS: z.coerce.number().int().min(1).default(30),
  /**
   * How many proxy hops in front of the app to believe in X-Forwarded-For, -Host and -Proto (0: none,
   * the app is reached directly). Sign-in rate limits and the Origin check read these headers.
   */
  TRUSTED_PROXIES: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{1,2}$/, "must be the number of proxy hops in front of the app (0 to 99)")
      .default("0")
      .transform(Number),
  ),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Create demo accounts and data on an empty database; off in production unless set. */
  SEED_DEMO: optional(bool),
  S3_BUCKET: optional(z.string().min(3)),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optional(z.url()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(bool),
  /**
   * Where tenant resources (the info sheet) live in storage, under each tenant's prefix:
   * `tenants/<id>/<TENANT_RESOURCES_PATH>/info-sheet.pdf`. Letters, digits, dashes, dots and slashes.
   */
  TENANT_RESOURCES_PATH: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, "must be a storage path such as tenant-resources")
    .refine((v) => !v.split("/").some((part) => part === "." || part === ".."), "must not contain . or .. segments")
    .default("tenant-resources"),
  /** Part size of multipart uploads, chosen by the server (S3's minimum is 5 MiB). */
  UPLOAD_PART_SIZE: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
  MAIL_FROM: z.string().default("Assessment Platform <no-reply@assessment.local>"),
  PUSHER_APP_ID: optional(z.string()),
  PUSHER_KEY: optional(z.string()),
  PUSHER_SECRET: optional(z.string()),
  PUSHER_CLUSTER: optional(z.string()),
});

type Env = z.infer<typeof schema> & { NEXTAUTH_SECRET: string; PUBLIC_URL: string };

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
}

/** The embedded default keeps a generated secret under DATA_DIR so sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "nextauth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Hosts that only this machine reaches: the demo and the end-to-end tests may run there over http. */
const isLoopback = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);

/** Production sends session cookies and HSTS, which need an https public address (http on loopback only). */
function productionUrlProblem(url: string | undefined): string | null {
  if (!url) return "required in production: the public https address, e.g. https://kra.example.org";
  const { protocol, hostname } = new URL(url);
  if (protocol === "https:" || (protocol === "http:" && isLoopback(hostname))) return null;
  return `must be an https:// address in production (got ${protocol}//${hostname}); plain http is accepted for localhost only`;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment configuration:\n${formatIssues(parsed.error)}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && !env.NEXTAUTH_SECRET && env.DATABASE_URL) {
    throw new Error("Invalid environment configuration:\n  NEXTAUTH_SECRET: required in production with DATABASE_URL");
  }
  // LISTEN and session locks through a transaction pooler would hold nothing: they need the direct address.
  if (env.DATABASE_POOLER && !env.DATABASE_SESSION_URL) {
    throw new Error("Invalid environment configuration:\n  DATABASE_SESSION_URL: required with DATABASE_POOLER (the server's direct address)");
  }
  const publicUrlProblem = env.NODE_ENV === "production" ? productionUrlProblem(env.NEXTAUTH_URL) : null;
  if (publicUrlProblem) throw new Error(`Invalid environment configuration:\n  NEXTAUTH_URL: ${publicUrlProblem}`);
  return {
    ...env,
    NEXTAUTH_SECRET: env.NEXTAUTH_SECRET ?? embeddedSecret(env.DATA_DIR),
    PUBLIC_URL: env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`,
  };
}

const holder = globalThis as unknown as { __env?: Env };

/** The validated configuration, read once per process. */
export function env(): Env {
  holder.__env ??= loadEnv();
  return holder.__env;
}
