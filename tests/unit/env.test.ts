import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/platform/env";

describe("environment configuration", () => {
  it("applies the embedded defaults when nothing is set", () => {
    const env = loadEnv({ DATA_DIR: ".data/test-env", NODE_ENV: "test" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.NEXTAUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    // the generated secret is kept, so sessions survive a restart
    expect(loadEnv({ DATA_DIR: ".data/test-env", NODE_ENV: "test" }).NEXTAUTH_SECRET).toBe(env.NEXTAUTH_SECRET);
  });

  it("treats empty values as unset, as .env.example lists them", () => {
    expect(loadEnv({ DATA_DIR: ".data/test-env", DATABASE_URL: "", SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it.each([
    ["DATABASE_URL", "mysql://x", "DATABASE_URL: must be a postgres:// URL"],
    ["SMTP_URL", "http://mail", "SMTP_URL: must be an smtp:// or smtps:// URL"],
    ["PORT", "eighty", "PORT:"],
    ["NEXTAUTH_SECRET", "short", "NEXTAUTH_SECRET: must be at least 32 characters"],
    ["UPLOAD_PART_SIZE", "1024", "UPLOAD_PART_SIZE:"],
  ])("stops with a message naming a malformed %s", (key, value, message) => {
    expect(() => loadEnv({ DATA_DIR: ".data/test-env", [key]: value })).toThrow(message);
  });

  it("requires an explicit secret in production on a real database", () => {
    expect(() => loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toThrow("NEXTAUTH_SECRET: required in production");
  });

  it("behind a transaction pooler, requires the server's direct address for sessions", () => {
    const pooled = { DATA_DIR: ".data/test-env", DATABASE_URL: "postgres://pgbouncer:6432/app", DATABASE_POOLER: "transaction" };
    expect(() => loadEnv(pooled)).toThrow("DATABASE_SESSION_URL: required with DATABASE_POOLER");
    expect(loadEnv({ ...pooled, DATABASE_SESSION_URL: "postgres://db:5432/app" }).DATABASE_POOLER).toBe("transaction");
    expect(() => loadEnv({ ...pooled, DATABASE_POOLER: "session" })).toThrow('must be "transaction"');
  });
});
