import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { authSessions, signInAttempts, tenantHostAliases, userFeatures, type Role } from "@/db/schema";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { GET as logoutRoute } from "@/app/en/api/v1/logout/route";
import { GET as tenantSearch } from "@/app/en/api/v1/tenant_search/[tenant]/route";
import { POST as signOut } from "@/app/sign-out/route";
import { sessionCookieName } from "@/lib/platform/session-token";
import { BASE, call, tokenFor } from "../support/api";
import { ageAttempts, makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeTenant, makeUser } from "../support/factories";

const LOCKED = "Your account is locked after 5 failed sign-in attempts. Try again in 15 minutes or reset your password with 'Forgot password?'.";

describe("POST /login", () => {
  it("answers the profile and a jwt that works as a bearer token and as the session cookie", async () => {
    const tenant = await makeTenant({ name: "Maryland", slug: `maryland-${Date.now()}`, welcomeMessage: "Welcome", ruleset: { a: 1 } });
    const user = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"], tenantMemberId: "T-1" });
    await db().insert(userFeatures).values({ tenantId: tenant.id, userId: user.id, feature: "CAS4_ACCESS" });

    const res = await signIn({ username: user.username.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.profileData).toMatchObject({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      username: user.username,
      roles: ["ROLE_TEACHER"],
      features: ["CAS4_ACCESS"],
      tenantMemberId: "T-1",
      tenants: { message: "Welcome", ruleset: { a: 1 }, configuration: {} },
      disableTransferEmails: false,
      enabled: true,
      locked: false,
      tenantId: tenant.id,
      activeRole: "ROLE_TEACHER",
      tenantName: "Maryland",
      tenantLogo: "/logos/default.svg",
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    expect(typeof res.body.jwt).toBe("string");

    const bearer = await call(me, "GET", "/en/api/v1/login/me", { token: res.body.jwt });
    expect(bearer.status).toBe(200);
    expect(bearer.body).toMatchObject({ jwt: res.body.jwt, impersonated: false, profileData: { id: user.id } });
    const cookie = await call(me, "GET", "/en/api/v1/login/me", { token: res.body.jwt, asCookie: true });
    expect(cookie.status).toBe(200);
    expect(cookie.body.profileData.id).toBe(user.id);

    const [session] = await db().select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(session).toMatchObject({ tenantId: tenant.id, activeRole: "ROLE_TEACHER", ipAddress: "10.0.0.1", revokedAt: null });
  });

  it("picks the active role by priority: system admin, admin, teacher, else the first role, else none", async () => {
    const tenant = await makeTenant();
    const cases: [Role[], string][] = [
      [["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_SYSTEM_ADMIN"], "ROLE_SYSTEM_ADMIN"],
      [["ROLE_TEACHER", "ROLE_ADMIN"], "ROLE_ADMIN"],
      [["ROLE_TRAINER", "ROLE_TEACHER"], "ROLE_TEACHER"],
      [["ROLE_TRAINER"], "ROLE_TRAINER"],
      [[], "none"],
    ];
    for (const [roles, expected] of cases) {
      const user = await makeAccount(tenant.id, { roles });
      const res = await signIn({ username: user.username, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.profileData.activeRole).toBe(expected);
    }
  });

  it("validates the input with the spec's texts", async () => {
    const cases: [unknown, string][] = [
      [{}, "Username is required"],
      [{ username: "", password: "x" }, "Username is required"],
      [{ username: "   ", password: "x" }, "Username is required"],
      [{ username: 42, password: "x" }, "Username is required"],
      [{ username: "not-an-email", password: "x" }, "Invalid username format"],
      [{ username: `${"a".repeat(5000)}@x.org`, password: "x" }, "Invalid username format"],
      [{ username: "a@b.org" }, "Password is required"],
      [{ username: "a@b.org", password: "" }, "Password is required"],
    ];
    for (const [body, message] of cases) {
      const res = await signIn(body, { ip: "10.0.0.77" });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await db().select().from(signInAttempts).where(eq(signInAttempts.ipAddress, "10.0.0.77"))).toHaveLength(0);
  });

  it("answers a wrong password, an unknown user and an unfinished registration alike", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const unregistered = await makeUser(tenant.id);
    for (const body of [
      { username: user.username, password: "Wrong-pass1" },
      { username: "nobody@nowhere.example", password: PASSWORD },
      { username: unregistered.username, password: PASSWORD },
    ]) {
      const res = await signIn(body, { ip: "10.0.0.2" });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid username or password" });
    }
    expect(await db().select().from(authSessions).where(eq(authSessions.tenantId, tenant.id))).toHaveLength(0);
  });

  it("refuses disabled, expired and administrator-locked accounts only after the right password", async () => {
    const tenant = await makeTenant();
    const disabled = await makeAccount(tenant.id, { enabled: false });
    const expired = await makeAccount(tenant.id, { expired: true });
    const locked = await makeAccount(tenant.id, { locked: true });
    expect((await signIn({ username: disabled.username, password: "Wrong-pass1" })).status).toBe(401);
    const a = await signIn({ username: disabled.username, password: PASSWORD });
    expect(a.status).toBe(403);
    expect(a.body.message).toBe("Your account is disabled. Contact your administrator.");
    expect((await signIn({ username: expired.username, password: PASSWORD })).status).toBe(403);
    const c = await signIn({ username: locked.username, password: PASSWORD });
    expect(c.status).toBe(423);
    expect(c.body.message).toBe("Your account is locked. Contact your administrator.");
  });

  it("locks an account after 5 failed sign-ins in 15 minutes, even against the right password, until the window passes", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    for (let i = 1; i <= 4; i++) {
      const res = await signIn({ username: user.username, password: `Wrong-pass${i}` });
      expect(res.status).toBe(401);
    }
    const fifth = await signIn({ username: user.username, password: "Wrong-pass5" });
    expect(fifth.status).toBe(423);
    expect(fifth.body.message).toBe(LOCKED);
    const right = await signIn({ username: user.username, password: PASSWORD });
    expect(right.status).toBe(423);
    expect(right.body.message).toBe(LOCKED);

    await ageAttempts(user.username, 16);
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(200);
  });

  it("counts failures since the last success, and locks unknown usernames the same way", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    for (let i = 0; i < 4; i++) await signIn({ username: user.username, password: "Wrong-pass1" });
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn({ username: user.username, password: "Wrong-pass1" })).status).toBe(401);
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(200);

    for (let i = 0; i < 4; i++) expect((await signIn({ username: "ghost@nowhere.example", password: "x" })).status).toBe(401);
    expect((await signIn({ username: "ghost@nowhere.example", password: "x" })).body.message).toBe(LOCKED);
  });

  it("rate-limits failed sign-ins per address with 429 and a clear text; other addresses are unaffected", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    await db()
      .insert(signInAttempts)
      .values(Array.from({ length: 30 }, (_, i) => ({ kind: "login" as const, username: `x${i}@a.org`, ipAddress: "10.9.9.9", outcome: "failure" as const })));
    const limited = await signIn({ username: user.username, password: PASSWORD }, { ip: "10.9.9.9" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again." });
    expect((await signIn({ username: user.username, password: PASSWORD }, { ip: "10.9.9.10" })).status).toBe(200);
    // The last x-forwarded-for entry (our proxy's) is the address, not the one a client put first.
    expect((await signIn({ username: user.username, password: PASSWORD }, { ip: "10.9.9.9, 10.1.1.1" })).status).toBe(200);
  });

  it("on a tenant's own host signs in only that tenant's people and system admins", async () => {
    const ohio = await makeTenant({ slug: `ohio${Date.now()}` });
    const maryland = await makeTenant();
    await db()
      .insert(tenantHostAliases)
      .values({ tenantId: maryland.id, hostPrefix: `mdk${Date.now()}` });
    const [alias] = await db().select().from(tenantHostAliases).where(eq(tenantHostAliases.tenantId, maryland.id));
    const marylander = await makeAccount(maryland.id, { roles: ["ROLE_TEACHER"] });
    const system = await makeAccount(maryland.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
    const body = { username: marylander.username, password: PASSWORD };
    expect((await signIn(body, { host: `${ohio.slug}.kra.example.org` })).status).toBe(401);
    expect((await signIn(body, { host: `${alias.hostPrefix}.kra.example.org` })).status).toBe(200);
    expect((await signIn(body, { host: "localhost:3000" })).status).toBe(200);
    expect((await signIn({ username: system.username, password: PASSWORD }, { host: `${ohio.slug}.kra.example.org` })).status).toBe(200);
  });
});

describe("GET /login/me and GET /logout", () => {
  it("refuses a missing, garbage or expired token with 401 'Authorization Error'", async () => {
    expect(await call(me, "GET", "/en/api/v1/login/me")).toMatchObject({ status: 401, body: { message: "Authorization Error" } });
    expect((await call(me, "GET", "/en/api/v1/login/me", { token: "garbage" })).status).toBe(401);
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const token = await tokenFor(user);
    await db()
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, user.id));
    expect((await call(me, "GET", "/en/api/v1/login/me", { token })).status).toBe(401);
  });

  it("ends the session server-side: the same jwt is refused afterwards", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const { body } = await signIn({ username: user.username, password: PASSWORD });
    const out = await call(logoutRoute, "GET", "/en/api/v1/logout", { token: body.jwt });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "You have been logged out." });
    expect(out.headers.get("set-cookie")).toBeNull();
    expect((await call(me, "GET", "/en/api/v1/login/me", { token: body.jwt })).status).toBe(401);
    expect((await call(logoutRoute, "GET", "/en/api/v1/logout", { token: body.jwt })).status).toBe(401);
    const [session] = await db().select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(session.revokedAt).not.toBeNull();
  });

  it("clears the session cookie when the browser logs out (POST /sign-out)", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const token = await tokenFor(user);
    const out = await call(signOut, "POST", "/sign-out", { token, asCookie: true, headers: { host: "localhost:3000", origin: BASE } });
    expect(out.status).toBe(303);
    const cookie = out.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${sessionCookieName()}=;`);
    expect(cookie).toMatch(/Max-Age=0/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("GET /tenant_search/{tenant}", () => {
  it("answers a tenant's name and logos by slug or alias, a known state's built-in logo, 404 for anything else", async () => {
    const tenant = await makeTenant({ name: "Indiana Department", slug: "indiana" });
    const found = await call(tenantSearch, "GET", "/en/api/v1/tenant_search/indiana", { params: { tenant: "Indiana" } });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ id: tenant.id, name: "Indiana Department", logoUrl: "/logos/indiana.svg", subLogoUrl: "/logos/sub-logo.svg" });

    const sc = await call(tenantSearch, "GET", "/x", { params: { tenant: "southcarolina" } });
    expect(sc.body).toMatchObject({ id: null, name: "South Carolina", logoUrl: "/logos/south-carolina.svg" });
    const md = await call(tenantSearch, "GET", "/x", { params: { tenant: "mdk" } });
    expect(md.body).toMatchObject({ name: "Maryland", logoUrl: "/logos/maryland.svg" });

    const unknown = await call(tenantSearch, "GET", "/x", { params: { tenant: "atlantis" } });
    expect(unknown).toMatchObject({ status: 404, body: { message: "No tenant matches 'atlantis'" } });
    const bad = await call(tenantSearch, "GET", "/x", { params: { tenant: "<script>" } });
    expect(bad).toMatchObject({ status: 400, body: { message: "Invalid tenant name" } });
  });
});
