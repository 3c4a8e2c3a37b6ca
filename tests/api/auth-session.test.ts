import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, authSessions, users } from "@/db/schema";
import { POST as impersonate } from "@/app/en/api/v1/login/impersonate/route";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { GET as logoutRoute } from "@/app/en/api/v1/logout/route";
import { POST as endImpersonation } from "@/app/en/api/v1/logout/impersonate/route";
import { PUT as putUsers } from "@/app/en/api/v1/users/route";
import { switchActiveRole } from "@/lib/auth/account";
import { actorForSession } from "@/lib/platform/actor";
import { decodeToken, sessionCookieName } from "@/lib/platform/session-token";
import { call } from "../support/api";
import { jwtOf, makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeOrgTree, makeLocation, makeTenant } from "../support/factories";

const meOf = (token: string) => call(me, "GET", "/en/api/v1/login/me", { token });
const startAs = (token: string, userIdToImpersonate: unknown, asCookie = false) =>
  call(impersonate, "POST", "/en/api/v1/login/impersonate", {
    token,
    asCookie,
    body: { userIdToImpersonate },
    headers: asCookie ? { host: "localhost:3000", origin: "http://localhost:3000" } : {},
  });

async function world() {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const otherLocation = await makeLocation(tenant.id, (await makeOrgTree(tenant.id)).district.id);
  const tenantAdmin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] });
  const districtAdmin = await makeAccount(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: tree.district.id, administrative: true }] });
  const teacher = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const farTeacher = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: otherLocation.id }] });
  const system = await makeAccount(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
  return { tenant, tree, tenantAdmin, districtAdmin, teacher, farTeacher, system };
}

describe("impersonation", () => {
  it("starts as the chosen user, is audited, and ends back in the admin's own session", async () => {
    const w = await world();
    const adminJwt = await jwtOf(w.tenantAdmin);
    const started = await startAs(adminJwt, String(w.teacher.id));
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ impersonated: true, profileData: { id: w.teacher.id, activeRole: "ROLE_TEACHER" } });
    const asTeacher = await meOf(started.body.jwt);
    expect(asTeacher.body).toMatchObject({ impersonated: true, profileData: { id: w.teacher.id } });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, w.teacher.id), eq(auditLog.action, "impersonation_start")));
    expect(audit).toMatchObject({ tenantId: w.tenant.id, impersonatorId: w.tenantAdmin.id, entityType: "user" });

    const ended = await call(endImpersonation, "POST", "/en/api/v1/logout/impersonate", { token: started.body.jwt });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ impersonated: false, profileData: { id: w.tenantAdmin.id } });
    expect((await meOf(started.body.jwt)).status).toBe(401);
    expect((await meOf(ended.body.jwt)).body).toMatchObject({ impersonated: false, profileData: { id: w.tenantAdmin.id } });
    expect((await meOf(adminJwt)).status).toBe(200);
  });

  it("returns to the admin session when the impersonated session logs out", async () => {
    const w = await world();
    const started = await startAs(await jwtOf(w.tenantAdmin), w.teacher.id);
    const out = await call(logoutRoute, "GET", "/en/api/v1/logout", { token: started.body.jwt });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ impersonated: false, profileData: { id: w.tenantAdmin.id } });
    expect((await meOf(started.body.jwt)).status).toBe(401);
  });

  it("swaps the browser's session cookie both ways", async () => {
    const w = await world();
    const adminJwt = await jwtOf(w.tenantAdmin);
    const started = await startAs(adminJwt, w.teacher.id, true);
    expect(started.status).toBe(200);
    expect(started.headers.get("set-cookie")).toContain(`${sessionCookieName()}=${started.body.jwt}`);
    const ended = await call(endImpersonation, "POST", "/en/api/v1/logout/impersonate", {
      token: started.body.jwt,
      asCookie: true,
      headers: { host: "localhost:3000", origin: "http://localhost:3000" },
    });
    expect(ended.headers.get("set-cookie")).toContain(`${sessionCookieName()}=${ended.body.jwt}`);
  });

  it("keeps an admin within their organisation scope and tenant", async () => {
    const w = await world();
    const jwt = await jwtOf(w.districtAdmin);
    expect((await startAs(jwt, w.teacher.id)).status).toBe(200);
    const far = await startAs(jwt, w.farTeacher.id);
    expect(far).toMatchObject({ status: 404, body: { message: "User not found" } });
    const elsewhere = await world();
    expect((await startAs(jwt, elsewhere.teacher.id)).status).toBe(404);
    expect((await startAs(await jwtOf(w.tenantAdmin), elsewhere.teacher.id)).status).toBe(404);
  });

  it("refuses non-admins, system-admin targets, oneself, nesting, bad ids and a stray end", async () => {
    const w = await world();
    const teacherJwt = await jwtOf(w.teacher);
    expect(await startAs(teacherJwt, w.farTeacher.id)).toMatchObject({ status: 403, body: { message: "Token does not have the required permissions" } });
    const adminJwt = await jwtOf(w.tenantAdmin);
    expect(await startAs(adminJwt, w.system.id)).toMatchObject({
      status: 403,
      body: { message: "You can only impersonate users whose roles and organisations are within your own" },
    });
    expect(await startAs(adminJwt, w.tenantAdmin.id)).toMatchObject({ status: 400, body: { message: "You cannot impersonate yourself" } });
    for (const bad of [undefined, "abc", -1, 1.5]) expect((await startAs(adminJwt, bad)).status).toBe(400);
    const started = await startAs(adminJwt, w.teacher.id);
    // The impersonated teacher holds no admin role; a nested start is refused either way.
    expect((await startAs(started.body.jwt, w.farTeacher.id)).status).toBe(403);
    const asAdmin = await startAs(adminJwt, w.districtAdmin.id);
    expect(await startAs(asAdmin.body.jwt, w.teacher.id)).toMatchObject({
      status: 400,
      body: { message: "End the current impersonation before starting another" },
    });
    expect(await call(endImpersonation, "POST", "/x", { token: adminJwt })).toMatchObject({
      status: 400,
      body: { message: "You are not impersonating anyone" },
    });
    expect((await call(endImpersonation, "POST", "/x")).status).toBe(401);
  });

  it("lets a system admin impersonate within their home tenant only", async () => {
    const w = await world();
    const other = await world();
    const systemJwt = await jwtOf(w.system);
    expect((await startAs(systemJwt, other.teacher.id)).status).toBe(404);
    const started = await startAs(systemJwt, w.farTeacher.id);
    expect(started.status).toBe(200);
    expect(started.body.profileData).toMatchObject({ id: w.farTeacher.id, tenantId: w.tenant.id });
  });

  it("answers 401 at the end when the admin's own session ended meanwhile", async () => {
    const w = await world();
    const adminJwt = await jwtOf(w.tenantAdmin);
    const started = await startAs(adminJwt, w.teacher.id);
    await call(logoutRoute, "GET", "/x", { token: adminJwt });
    expect((await call(endImpersonation, "POST", "/x", { token: started.body.jwt })).status).toBe(401);
  });
});

describe("PUT /users (own profile)", () => {
  const put = (token: string, body: unknown) => call(putUsers, "PUT", "/en/api/v1/users", { token, body });

  it("updates the caller's own fields and answers the profile", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
    const jwt = await jwtOf(user);
    const res = await put(jwt, {
      id: String(user.id),
      firstName: " Ada ",
      lastName: "Lovelace",
      email: "ada@example.org",
      disableTransferEmails: true,
      tenantMemberId: "M-9",
      currentPassword: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.profileData).toMatchObject({
      id: user.id,
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.org",
      disableTransferEmails: true,
      tenantMemberId: "M-9",
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.username).toBe(user.username);
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const jwt = await jwtOf(user);
    const other = await jwtOf(user);
    const res = await put(jwt, { id: user.id, password: "Changed-pass1", currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect((await meOf(jwt)).status).toBe(200);
    expect((await meOf(other)).status).toBe(401);
    expect((await signIn({ username: user.username, password: "Changed-pass1" })).status).toBe(200);
    expect((await put(jwt, { id: user.id, password: "weak" })).body.message).toBe("Password must be 8 to 30 characters long");
  });

  it("refuses another user's id (even in the same tenant), bad input, and a password change while impersonating", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const user = await makeAccount(a.id, { roles: ["ROLE_ADMIN"] });
    const neighbour = await makeAccount(a.id);
    const foreigner = await makeAccount(b.id);
    const jwt = await jwtOf(user);
    // An admin edits other users only within their reach (docs/users.md): beyond it, and in another tenant, 404.
    for (const id of [neighbour.id, foreigner.id]) {
      expect(await put(jwt, { id, firstName: "Mallory" })).toMatchObject({ status: 404, body: { message: "User not found" } });
    }
    // Someone who manages no users may not edit another's profile at all.
    const teacher = await makeAccount(a.id, { roles: ["ROLE_TEACHER"] });
    expect(await put(await jwtOf(teacher), { id: neighbour.id, firstName: "Mallory" })).toMatchObject({
      status: 403,
      body: { message: "Token does not have the required permissions" },
    });
    const [neighbourRow] = await db().select().from(users).where(eq(users.id, neighbour.id));
    expect(neighbourRow.firstName).toBe(neighbour.firstName);
    const [untouched] = await db().select().from(users).where(eq(users.id, foreigner.id));
    expect(untouched.firstName).toBe(foreigner.firstName);
    expect((await put(jwt, { firstName: "x" })).body.message).toBe("User id is required");
    expect((await put(jwt, { id: user.id, firstName: "" })).body.message).toBe("First name is required");
    expect((await put(jwt, { id: user.id, email: "nope" })).body.message).toBe("Invalid email format");
    expect((await put(jwt, { id: user.id, lastName: "x".repeat(500) })).status).toBe(400);
    expect((await put(jwt, { id: user.id, disableTransferEmails: "yes" })).status).toBe(400);
    expect((await call(putUsers, "PUT", "/x", { body: { id: user.id } })).status).toBe(401);

    const admin = await makeAccount(a.id, { roles: ["ROLE_TENANT_ADMIN"] });
    const started = await startAs(await jwtOf(admin), neighbour.id);
    const refused = await put(started.body.jwt, { id: neighbour.id, password: "Hijack-pass1" });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Email and password cannot be changed while impersonating. End the impersonation to change your own." },
    });
  });
});

describe("active role switch", () => {
  it("keeps a held role on the session and refuses one not held", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TEACHER"] });
    const jwt = await jwtOf(user);
    const claims = (await decodeToken(jwt))!;
    const actor = (await actorForSession(claims, "cookie"))!;
    expect(actor.activeRole).toBe("ROLE_ADMIN");
    expect(await switchActiveRole(actor, { role: "ROLE_TEACHER" })).toEqual({ activeRole: "ROLE_TEACHER", dashboard: "/teacher/dashboard" });
    const [session] = await db().select().from(authSessions).where(eq(authSessions.id, claims.sid));
    expect(session.activeRole).toBe("ROLE_TEACHER");
    expect((await meOf(jwt)).body.profileData.activeRole).toBe("ROLE_TEACHER");
    await expect(switchActiveRole(actor, { role: "ROLE_SYSTEM_ADMIN" })).rejects.toMatchObject({ status: 403 });
  });
});
