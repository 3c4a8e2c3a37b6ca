import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, authSessions, userOrganizations, userRoles, users } from "@/db/schema";
import { GET as meGet } from "@/app/en/api/v1/login/me/route";
import { GET as membersGet } from "@/app/en/api/v1/locations/[id]/members/route";
import { DELETE as linkDelete, POST as linkPost, PUT as linkPut } from "@/app/en/api/v1/users/[id]/organizations/route";
import { GET as oneGet } from "@/app/en/api/v1/users/[id]/route";
import { GET as locationLinkGet } from "@/app/en/api/v1/users/[id]/organizations/locations/[locationId]/route";
import { GET as listGet, POST as createPost, PUT as updatePut } from "@/app/en/api/v1/users/route";
import { POST as register } from "@/app/en/api/v1/user-registration/route";
import { call, tokenFor } from "../support/api";
import { jwtOf, linkToken, makeAccount, mailsTo, PASSWORD, signIn } from "../support/auth";
import { makeDistrict, makeLocation, makeOrgTree, makeRegion, makeTenant, makeUser } from "../support/factories";

/**
 * Tenant A: region R > districts D1 (locations L1, L2) and D2 (L3). People: a tenant admin, a district
 * admin of D1, a location admin of L2, teachers Ann Archer (L1), Ben Baker (L2), Cal Carter (L3) and
 * Dot Dunn (L1 and L3). Tenant B: one chain and a teacher.
 */
let A: Awaited<ReturnType<typeof buildA>>;
let B: { token: string; teacherId: number; locationId: number };
const HEADERS = { "user-agent": "vitest", "x-forwarded-for": "10.78.0.1" };

async function buildA() {
  const tenant = await makeTenant();
  const r = await makeRegion(tenant.id);
  const d1 = await makeDistrict(tenant.id, r.id);
  const d2 = await makeDistrict(tenant.id, r.id);
  const l1 = await makeLocation(tenant.id, d1.id, { name: "Alder School" });
  const l2 = await makeLocation(tenant.id, d1.id, { name: "Birch School" });
  const l3 = await makeLocation(tenant.id, d2.id, { name: "Cedar School" });
  const teacher = (firstName: string, lastName: string, locations: number[]) =>
    makeAccount(tenant.id, {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${tenant.id}@school.example`,
      username: `${firstName.toLowerCase()}.${tenant.id}@school.example`,
      roles: ["ROLE_TEACHER"],
      orgs: locations.map((id) => ({ orgType: "location" as const, id })),
    });
  const ann = await teacher("Ann", "Archer", [l1.id]);
  const ben = await teacher("Ben", "Baker", [l2.id]);
  const cal = await teacher("Cal", "Carter", [l3.id]);
  const dot = await teacher("Dot", "Dunn", [l1.id, l3.id]);
  const tenantAdminUser = await makeUser(tenant.id, { firstName: "Tia", lastName: "Zed", roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] });
  const districtAdminUser = await makeUser(tenant.id, {
    firstName: "Dan",
    lastName: "Yates",
    roles: ["ROLE_ADMIN"],
    orgs: [{ orgType: "district", id: d1.id, administrative: true }],
  });
  const locationAdminUser = await makeUser(tenant.id, {
    firstName: "Lou",
    lastName: "Young",
    roles: ["ROLE_ADMIN"],
    orgs: [{ orgType: "location", id: l2.id, administrative: true }],
  });
  return {
    tenant,
    r,
    d1,
    d2,
    l1,
    l2,
    l3,
    ann,
    ben,
    cal,
    dot,
    tenantAdminUser,
    districtAdminUser,
    l2Admin: locationAdminUser,
    tenantAdmin: await tokenFor(tenantAdminUser),
    districtAdmin: await tokenFor(districtAdminUser),
    locationAdmin: await tokenFor(locationAdminUser),
    teacherToken: await tokenFor(ann),
  };
}

// Each test its own two tenants: the people it lists are only the ones made for it.
beforeEach(async () => {
  A = await buildA();
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const t = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  B = { token: await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] })), teacherId: t.id, locationId: tree.location.id };
});

const list = (token: string, query: Record<string, string | number> = {}) => call(listGet, "GET", "/en/api/v1/users", { token, query });
const lastNames = (body: { users: { lastName: string }[] }) => body.users.map((u) => u.lastName);
const audits = (entityType: string, entityId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, A.tenant.id), eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));

describe("GET /users", () => {
  it("lists the whole tenant for a tenant admin, sorted by last name, paged, with roles and status", async () => {
    const res = await list(A.tenantAdmin);
    expect(res.status).toBe(200);
    expect(lastNames(res.body)).toEqual(["Archer", "Baker", "Carter", "Dunn", "Yates", "Young", "Zed"]);
    expect(res.body).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(res.body.users[0]).toMatchObject({
      id: A.ann.id,
      roles: ["ROLE_TEACHER"],
      isActive: "Active",
      enabled: true,
      registered: true,
      administrative: false,
      organizationCount: 1,
    });
    const page2 = await list(A.tenantAdmin, { pageSize: 3, page: 2, sort: "firstName", order: "desc" });
    expect(page2.body.users.map((u: { firstName: string }) => u.firstName)).toEqual(["Dan", "Cal", "Ben"]);
    expect(page2.body.total).toBe(7);
  });

  it("searches names (either order) and email starts, any case", async () => {
    expect(lastNames((await list(A.tenantAdmin, { search: "bak" })).body)).toEqual(["Baker"]);
    expect(lastNames((await list(A.tenantAdmin, { search: "dunn, DOT" })).body)).toEqual(["Dunn"]);
    expect(lastNames((await list(A.tenantAdmin, { search: "cal carter" })).body)).toEqual(["Carter"]);
    expect(lastNames((await list(A.tenantAdmin, { search: `ann.${A.tenant.id}@` })).body)).toEqual(["Archer"]);
    expect(lastNames((await list(A.tenantAdmin, { search: "%" })).body)).toEqual([]);
  });

  it("filters by role, admin flag and organisation", async () => {
    expect(lastNames((await list(A.tenantAdmin, { admin: 1 })).body)).toEqual(["Yates", "Young", "Zed"]);
    expect(lastNames((await list(A.tenantAdmin, { role: "ROLE_TEACHER" })).body)).toEqual(["Archer", "Baker", "Carter", "Dunn"]);
    expect(lastNames((await list(A.tenantAdmin, { orgType: "location", orgId: A.l1.id })).body)).toEqual(["Archer", "Dunn"]);
  });

  it("shows a district admin only the users linked under their district, a location admin only theirs", async () => {
    expect(lastNames((await list(A.districtAdmin)).body)).toEqual(["Archer", "Baker", "Dunn", "Yates", "Young"]);
    expect(lastNames((await list(A.locationAdmin)).body)).toEqual(["Baker", "Young"]);
  });

  it("refuses bad input with 400 and teachers with 403", async () => {
    const bad = await list(A.tenantAdmin, { sort: "password", pageSize: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: "sort", message: "Must be one of: lastName, firstName, email, status" },
        { field: "pageSize", message: "Must be 100 or fewer" },
      ]),
    );
    expect((await list(A.teacherToken)).status).toBe(403);
  });
});

describe("GET /users/{id}", () => {
  it("answers a user within reach, 404 outside the district and for another tenant's user", async () => {
    expect((await call(oneGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(A.ann.id) } })).body.user).toMatchObject({
      id: A.ann.id,
      firstName: "Ann",
    });
    expect(await call(oneGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(A.cal.id) } })).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
    expect((await call(oneGet, "GET", "/x", { token: A.tenantAdmin, params: { id: String(B.teacherId) } })).status).toBe(404);
  });
});

describe("POST /users", () => {
  it("creates a teacher at a location with the invitation mail, audited; the person registers and signs in", async () => {
    const email = `new.teacher.${A.tenant.id}@school.example`;
    const res = await call(createPost, "POST", "/en/api/v1/users", {
      token: A.districtAdmin,
      headers: HEADERS,
      body: {
        firstName: "Nia",
        lastName: "North",
        email: email.toUpperCase(),
        tenantMemberId: "T-77",
        organizations: [{ orgType: "location", parentId: A.l1.id }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      firstName: "Nia",
      email,
      username: email,
      roles: ["ROLE_TEACHER"],
      registered: false,
      tenantMemberId: "T-77",
      organizationCount: 1,
    });
    const id = res.body.user.id;
    const [created] = await audits("user", id);
    expect(created).toMatchObject({ action: "create", userId: A.districtAdminUser.id, ipAddress: "10.78.0.1" });
    expect(JSON.stringify(created.details)).not.toContain("Nia");
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Complete your registration");
    const done = await call(register, "POST", "/en/api/v1/user-registration", { body: { confirmationToken: linkToken(mail.textBody), password: PASSWORD } });
    expect(done.status).toBe(200);
    const signed = await signIn({ username: email, password: PASSWORD });
    expect(signed.status).toBe(200);
    expect(signed.body.profileData.roles).toEqual(["ROLE_TEACHER"]);
  });

  it("grants ROLE_ADMIN with an administrative link and sends no mail when asked not to", async () => {
    const email = `new.admin.${A.tenant.id}@school.example`;
    const res = await call(createPost, "POST", "/x", {
      token: A.tenantAdmin,
      body: {
        firstName: "Ora",
        lastName: "Olsen",
        email,
        roles: [],
        sendInvite: false,
        organizations: [{ orgType: "district", parentId: A.d2.id, administrative: true }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ roles: ["ROLE_ADMIN"], administrative: true });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("refuses bad input with the field messages and writes nothing", async () => {
    const res = await call(createPost, "POST", "/x", { token: A.tenantAdmin, body: { firstName: " ", email: "nope", roles: ["ROLE_TENANT_ADMIN"] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: "firstName", message: "First name is required" },
        { field: "lastName", message: "Last name is required" },
        { field: "email", message: "Invalid email format" },
        { field: "roles.0", message: "Roles may be ROLE_TEACHER or ROLE_DATA_MANAGER" },
      ]),
    );
    const noOrg = await call(createPost, "POST", "/x", {
      token: A.districtAdmin,
      body: { firstName: "A", lastName: "B", email: `x.${A.tenant.id}@s.example` },
    });
    expect(noOrg).toMatchObject({ status: 400, body: { message: "Choose at least one organization within your administration" } });
  });

  it("answers 409 for a taken email and 404 for an organisation outside reach, leaving no account behind", async () => {
    const taken = await call(createPost, "POST", "/x", { token: A.tenantAdmin, body: { firstName: "A", lastName: "B", email: A.ann.email } });
    expect(taken).toMatchObject({ status: 409, body: { message: "A user with this email already exists" } });
    const email = `outside.${A.tenant.id}@school.example`;
    const outside = await call(createPost, "POST", "/x", {
      token: A.districtAdmin,
      body: { firstName: "A", lastName: "B", email, organizations: [{ orgType: "location", parentId: A.l3.id }] },
    });
    expect(outside).toMatchObject({ status: 404, body: { message: "Organization not found" } });
    const otherTenant = await call(createPost, "POST", "/x", {
      token: A.tenantAdmin,
      body: { firstName: "A", lastName: "B", email, organizations: [{ orgType: "location", parentId: B.locationId }] },
    });
    expect(otherTenant.status).toBe(404);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await call(createPost, "POST", "/x", { token: A.teacherToken, body: { firstName: "A", lastName: "B", email } })).status).toBe(403);
  });
});

describe("PUT /users (administrators)", () => {
  it("edits names, email and roles of a user within reach, audited by field names", async () => {
    const u = await makeUser(A.tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: A.l2.id }] });
    const email = `renamed.${u.id}@school.example`;
    const res = await call(updatePut, "PUT", "/x", {
      token: A.locationAdmin,
      headers: HEADERS,
      body: { id: u.id, firstName: "Renamed", email, roles: ["ROLE_TEACHER", "ROLE_DATA_MANAGER"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: "Renamed", email, username: email, roles: ["ROLE_TEACHER", "ROLE_DATA_MANAGER"] });
    const [row] = await audits("user", u.id);
    expect(row).toMatchObject({ action: "update", details: { fields: ["firstName", "email"], rolesAdded: ["ROLE_DATA_MANAGER"], rolesRemoved: [] } });
  });

  it("deactivates: the user's live session ends at once, sign-in is refused; activating lets them in again", async () => {
    const u = await makeAccount(A.tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: A.l1.id }] });
    const jwt = await jwtOf(u);
    expect((await call(meGet, "GET", "/x", { token: jwt })).status).toBe(200);
    const off = await call(updatePut, "PUT", "/x", { token: A.districtAdmin, body: { id: u.id, enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.user).toMatchObject({ enabled: false, isActive: "Inactive" });
    const sessions = await db().select().from(authSessions).where(eq(authSessions.userId, u.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await call(meGet, "GET", "/x", { token: jwt })).status).toBe(401);
    expect(await signIn({ username: u.username, password: PASSWORD })).toMatchObject({
      status: 403,
      body: { message: "Your account is disabled. Contact your administrator." },
    });
    expect((await audits("user", u.id)).map((a) => a.action)).toContain("deactivate");
    expect((await audits("user", u.id)).find((a) => a.action === "session_end")).toMatchObject({ details: { reason: "user_disabled" } });

    const on = await call(updatePut, "PUT", "/x", { token: A.districtAdmin, body: { id: u.id, enabled: true } });
    expect(on.body.user.isActive).toBe("Active");
    expect((await signIn({ username: u.username, password: PASSWORD })).status).toBe(200);
  });

  it("refuses: 404 outside the district or tenant, 403 for a user also linked elsewhere and for teachers, 400 for one's own status", async () => {
    expect((await call(updatePut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.cal.id, enabled: false } })).status).toBe(404);
    expect((await call(updatePut, "PUT", "/x", { token: A.tenantAdmin, body: { id: B.teacherId, enabled: false } })).status).toBe(404);
    const beyond = await call(updatePut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.dot.id, enabled: false } });
    expect(beyond).toMatchObject({
      status: 403,
      body: { message: "This user also belongs to organizations outside your administration, or holds a role above yours" },
    });
    expect((await call(updatePut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.tenantAdminUser.id, enabled: false } })).status).toBe(404);
    expect((await call(updatePut, "PUT", "/x", { token: A.teacherToken, body: { id: A.ben.id, enabled: false } })).status).toBe(403);
    expect(await call(updatePut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.districtAdminUser.id, enabled: false } })).toMatchObject({
      status: 400,
      body: { message: "You cannot change your own status, roles or organizations" },
    });
    const [dot] = await db().select().from(users).where(eq(users.id, A.dot.id));
    expect(dot.enabled).toBe(true);
  });

  it("takes a user's roles back as read, an administrator's held role included, and grants no administrator's role through them", async () => {
    const read = async (id: number) => (await call(oneGet, "GET", "/x", { token: A.tenantAdmin, params: { id: String(id) } })).body.user;
    const locationAdmin = await read(A.l2Admin.id);
    expect(locationAdmin.roles).toEqual(["ROLE_ADMIN"]);
    const back = await call(updatePut, "PUT", "/x", { token: A.tenantAdmin, body: { id: locationAdmin.id, roles: [...locationAdmin.roles, "ROLE_TEACHER"] } });
    expect(back.status).toBe(200);
    expect(back.body.user.roles).toEqual(["ROLE_ADMIN", "ROLE_TEACHER"]);

    const promote = await call(updatePut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.cal.id, roles: ["ROLE_TEACHER", "ROLE_ADMIN"] } });
    expect(promote).toMatchObject({ status: 400, body: { errors: [{ field: "roles", message: "Roles may be ROLE_TEACHER or ROLE_DATA_MANAGER" }] } });
    expect((await read(A.cal.id)).roles).toEqual(["ROLE_TEACHER"]);
  });

  it("takes one's own record back unchanged, status and roles as held, and still refuses changing them", async () => {
    const own = (await call(oneGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(A.districtAdminUser.id) } })).body.user;
    const { id, firstName, lastName, email, enabled, locked, roles, tenantMemberId } = own;
    const same = await call(updatePut, "PUT", "/x", {
      token: A.districtAdmin,
      body: { id, firstName, lastName, email, enabled, locked, roles, tenantMemberId },
    });
    expect(same.status).toBe(200);
    const more = await call(updatePut, "PUT", "/x", { token: A.districtAdmin, body: { id, roles: [...roles, "ROLE_DATA_MANAGER"] } });
    expect(more).toMatchObject({ status: 400, body: { message: "You cannot change your own status, roles or organizations" } });
  });

  it("refuses an admin's setting another's password, and bad flags, with 400", async () => {
    expect(await call(updatePut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.ben.id, password: "Another-pass1" } })).toMatchObject({
      status: 400,
      body: { message: "Administrators cannot set another user's password; send a registration link instead" },
    });
    const bad = await call(updatePut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.ben.id, enabled: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "enabled", message: "enabled must be true or false" }]);
  });
});

describe("/users/{id}/organizations: associate, promote, demote, disassociate", () => {
  const link = (handler: typeof linkPost, method: string, token: string, userId: number, body?: unknown, query?: Record<string, string | number>) =>
    call(handler, method, "/x", { token, params: { id: String(userId) }, body, query, headers: HEADERS });

  it("promotes a teacher to admin of their location (ROLE_ADMIN granted), demotes (taken), audited", async () => {
    const u = await makeUser(A.tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: A.l1.id }] });
    const up = await link(linkPut, "PUT", A.districtAdmin, u.id, { orgType: "location", parentId: A.l1.id, administrative: true });
    expect(up.status).toBe(200);
    expect(up.body.organization).toMatchObject({ userId: u.id, orgType: "location", parentId: A.l1.id, administrative: true });
    const roles = async () => (await db().select().from(userRoles).where(eq(userRoles.userId, u.id))).map((r) => r.role).sort();
    expect(await roles()).toEqual(["ROLE_ADMIN", "ROLE_TEACHER"]);
    const down = await link(linkPut, "PUT", A.districtAdmin, u.id, { orgType: "location", parentId: A.l1.id, administrative: false });
    expect(down.body.organization.administrative).toBe(false);
    expect(await roles()).toEqual(["ROLE_TEACHER"]);
    const rows = await audits("user_organization", up.body.organization.id);
    expect(rows.map((r) => r.action).sort()).toEqual(["demote", "promote"]);
    expect(rows.find((r) => r.action === "promote")?.details).toMatchObject({ adminRole: "granted", fields: ["administrative"] });
  });

  it("associates with another location in reach, refuses a repeat (409), disassociates", async () => {
    const u = await makeUser(A.tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: A.l1.id }] });
    const added = await link(linkPost, "POST", A.districtAdmin, u.id, { orgType: "location", parentId: A.l2.id, memberUniqueId: "M-2" });
    expect(added.body.organization).toMatchObject({ parentId: A.l2.id, administrative: false, memberUniqueId: "M-2" });
    expect(await link(linkPost, "POST", A.districtAdmin, u.id, { orgType: "location", parentId: A.l2.id })).toMatchObject({
      status: 409,
      body: { message: "The user is already linked to this organization" },
    });
    const removed = await link(linkDelete, "DELETE", A.districtAdmin, u.id, undefined, { orgType: "location", parentId: A.l2.id });
    expect(removed).toMatchObject({ status: 200, body: { deleted: true } });
    const left = await db().select().from(userOrganizations).where(eq(userOrganizations.userId, u.id));
    expect(left.map((l) => l.parentId)).toEqual([A.l1.id]);
    expect((await audits("user_organization", added.body.organization.id)).map((r) => r.action).sort()).toEqual(["create", "delete"]);
  });

  it("refuses: 404 for an organisation outside reach or another tenant's, 404 for a missing link, 400 bad input, 403 teachers", async () => {
    expect(await link(linkPost, "POST", A.districtAdmin, A.ann.id, { orgType: "location", parentId: A.l3.id })).toMatchObject({
      status: 404,
      body: { message: "Organization not found" },
    });
    expect(await link(linkPost, "POST", A.districtAdmin, A.ann.id, { orgType: "district", parentId: A.d2.id })).toMatchObject({ status: 404 });
    expect((await link(linkPost, "POST", A.tenantAdmin, A.ann.id, { orgType: "location", parentId: B.locationId })).status).toBe(404);
    expect((await link(linkPost, "POST", A.tenantAdmin, B.teacherId, { orgType: "location", parentId: A.l1.id })).status).toBe(404);
    expect(await link(linkPut, "PUT", A.districtAdmin, A.ann.id, { orgType: "location", parentId: A.l2.id, administrative: true })).toMatchObject({
      status: 404,
      body: { message: "The user is not linked to this organization" },
    });
    const bad = await link(linkPost, "POST", A.districtAdmin, A.ann.id, { orgType: "school", parentId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: "orgType", message: "Organization type must be region, district or location" },
        { field: "parentId", message: "Organization is required" },
      ]),
    );
    expect((await link(linkPost, "POST", A.teacherToken, A.ben.id, { orgType: "location", parentId: A.l2.id })).status).toBe(403);
  });
});

describe("GET /locations/{id}/members", () => {
  it("lists a location's teachers (roles=ROLE_TEACHER) and its admins (admin=1), within reach only", async () => {
    const members = (token: string, id: number, query: Record<string, string> = {}) =>
      call(membersGet, "GET", "/x", { token, params: { id: String(id) }, query });
    const teachers = await members(A.districtAdmin, A.l1.id, { roles: "ROLE_TEACHER" });
    expect(teachers.status).toBe(200);
    expect(teachers.body.members.map((m: { lastName: string }) => m.lastName)).toEqual(expect.arrayContaining(["Archer", "Dunn"]));
    expect(teachers.body.members.every((m: { roles: string[] }) => m.roles.includes("ROLE_TEACHER"))).toBe(true);
    const admins = await members(A.tenantAdmin, A.l2.id, { admin: "1" });
    expect(admins.body.members.map((m: { lastName: string }) => m.lastName)).toEqual(["Young"]);
    expect((await members(A.districtAdmin, A.l3.id)).status).toBe(404);
    expect((await members(A.tenantAdmin, B.locationId)).status).toBe(404);
    expect((await members(A.teacherToken, A.l1.id)).status).toBe(403);
    expect((await members(A.tenantAdmin, A.l1.id, { roles: "ROLE_KING" })).status).toBe(400);
  });
});

describe("GET /users/{id}/organizations/locations/{locationId}", () => {
  it("answers the user's link to a location (admin=true: only an administrative one), 404 otherwise", async () => {
    const get = (token: string, userId: number, locationId: number, query: Record<string, string> = {}) =>
      call(locationLinkGet, "GET", "/x", { token, params: { id: String(userId), locationId: String(locationId) }, query });
    expect((await get(A.districtAdmin, A.ann.id, A.l1.id)).body.organization).toMatchObject({
      userId: A.ann.id,
      orgType: "location",
      parentId: A.l1.id,
      administrative: false,
      nameLabel: "Alder School",
    });
    expect(await get(A.districtAdmin, A.ann.id, A.l1.id, { admin: "true" })).toMatchObject({
      status: 404,
      body: { message: "The user is not linked to this organization" },
    });
    expect((await get(A.teacherToken, A.ann.id, A.l1.id)).status).toBe(200);
    expect((await get(A.districtAdmin, A.cal.id, A.l3.id)).status).toBe(404);
    expect((await get(A.tenantAdmin, B.teacherId, B.locationId)).status).toBe(404);
  });
});
