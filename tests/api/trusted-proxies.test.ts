import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { signInAttempts } from "@/db/schema";
import { POST as forgotRoute } from "@/app/en/api/v1/forgot-password/email/route";
import { PUT as updateProfile } from "@/app/en/api/v1/users/route";
import { loadEnv } from "@/lib/platform/env";
import { call, tokenFor } from "../support/api";
import { makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeTenant } from "../support/factories";

const LOGIN_LIMITED = "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.";
const FORGOT_LIMITED = "Too many password reset requests from your network. Please wait 15 minutes and try again.";

/** The configuration of this process with another TRUSTED_PROXIES (vitest's own is 1). */
function trustProxies(hops: number, extra: Record<string, string> = {}) {
  (globalThis as { __env?: unknown }).__env = loadEnv({ ...process.env, TRUSTED_PROXIES: String(hops), ...extra });
}

afterEach(() => {
  (globalThis as { __env?: unknown }).__env = undefined;
});

async function failLogins(count: number, forwardedFor: (i: number) => string) {
  for (let i = 0; i < count; i++) {
    const res = await signIn({ username: `stranger${i}@x.org`, password: "Wrong-pass1" }, { ip: forwardedFor(i) });
    expect(res.status).toBe(401);
  }
}

describe("sign-in and forgot-password limits per client address", () => {
  it("with TRUSTED_PROXIES=0 ignore X-Forwarded-For: no client can name an address, nor block anyone's sign-in", async () => {
    trustProxies(0);
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    await failLogins(31, () => "10.61.0.1");
    // Nothing was counted against the address the client wrote, so a school there is not blocked by it.
    expect(await db().select().from(signInAttempts).where(eq(signInAttempts.ipAddress, "10.61.0.1"))).toHaveLength(0);
    // No address is believable, so there is no shared bucket to fill: others still sign in, whatever they send.
    expect((await signIn({ username: user.username, password: PASSWORD }, { ip: "10.61.0.2" })).status).toBe(200);
    expect((await signIn({ username: user.username, password: PASSWORD }, { ip: "10.61.0.1" })).status).toBe(200);
  });

  it("with TRUSTED_PROXIES=1 count the rightmost hop: a stranger forging a school's address blocks only itself", async () => {
    trustProxies(1);
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    // The client wrote 10.62.0.1 (the school); our proxy appended the stranger's real address.
    await failLogins(30, () => "10.62.0.1, 198.51.100.7");
    const stranger = await signIn({ username: user.username, password: PASSWORD }, { ip: "10.62.0.9, 198.51.100.7" });
    expect(stranger).toMatchObject({ status: 429, body: { message: LOGIN_LIMITED } });
    expect((await signIn({ username: user.username, password: PASSWORD }, { ip: "10.62.0.1" })).status).toBe(200);
  });

  it("with TRUSTED_PROXIES=0 forgot-password is not limited by an address nobody can believe (the per-email limit holds)", async () => {
    trustProxies(0);
    const ask = (email: string, ip: string) =>
      call(forgotRoute, "POST", "/en/api/v1/forgot-password/email", { body: { email }, headers: { "x-forwarded-for": ip, host: "localhost:3000" } });
    for (let i = 0; i < 11; i++) expect((await ask(`someone${i}@x.org`, "10.63.0.1")).status).toBe(200);
    expect((await ask("someone-else@x.org", "10.63.0.1")).status).toBe(200);
    trustProxies(1);
    for (let i = 0; i < 10; i++) expect((await ask(`other${i}@x.org`, "10.63.0.2")).status).toBe(200);
    expect(await ask("other-else@x.org", "10.63.0.2")).toMatchObject({ status: 429, body: { message: FORGOT_LIMITED } });
  });
});

describe("Origin check of cookie-authenticated changes", () => {
  /** PUT /users with the session cookie: 403 when the Origin check refuses, else the body's 400. */
  async function put(headers: Record<string, string>) {
    const tenant = await makeTenant();
    const token = await tokenFor(await makeAccount(tenant.id));
    const res = await call(updateProfile, "PUT", "/en/api/v1/users", { token, asCookie: true, body: {}, headers });
    return res.status;
  }

  it("compares scheme, host and port with the public address or the host the browser used", async () => {
    trustProxies(0);
    expect(await put({ host: "localhost:3000", origin: "http://localhost:3000" })).toBe(400);
    expect(await put({ host: "ohio.localhost:3000", origin: "http://ohio.localhost:3000" })).toBe(400);
    expect(await put({ host: "localhost:3000", referer: "http://localhost:3000/profile" })).toBe(400);
    expect(await put({ host: "localhost:3000", origin: "https://localhost:3000" })).toBe(403);
    expect(await put({ host: "localhost:3000", origin: "http://localhost:3001" })).toBe(403);
    expect(await put({ host: "localhost:3000", origin: "null" })).toBe(403);
    expect(await put({ host: "localhost:3000" })).toBe(403);
  });

  it("believes X-Forwarded-Host and -Proto only from trusted proxies", async () => {
    trustProxies(0);
    expect(await put({ host: "localhost:3000", "x-forwarded-host": "evil.invalid", origin: "http://evil.invalid" })).toBe(403);
    trustProxies(1, { NEXTAUTH_URL: "https://kra.example.org" });
    const forwarded = { host: "app-1.internal:3000", "x-forwarded-host": "ohio.kra.example.org", "x-forwarded-proto": "https" };
    expect(await put({ ...forwarded, origin: "https://ohio.kra.example.org" })).toBe(400);
    expect(await put({ ...forwarded, origin: "https://kra.example.org" })).toBe(400);
    expect(await put({ ...forwarded, origin: "http://ohio.kra.example.org" })).toBe(403);
    // The client's own X-Forwarded-Host entry (left of our proxy's) is not believed.
    expect(await put({ ...forwarded, "x-forwarded-host": "evil.invalid, ohio.kra.example.org", origin: "https://evil.invalid" })).toBe(403);
  });
});
