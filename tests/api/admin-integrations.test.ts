import { and, desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, districtDataIntegrations } from "@/db/schema";
import { DELETE as integrationDelete, GET as integrationGet, POST as integrationPost } from "@/app/en/api/v1/data-integrations/route";
import { GET as usersGet } from "@/app/en/api/v1/data-integrations/users/route";
import { GET as ftpGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/integration/ftp.json/route";
import { GET as regionMemberGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/users/[userId]/region/member.json/route";
import { GET as districtMemberGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/users/[userId]/district/member.json/route";
import { GET as locationMemberGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/users/[userId]/location/member.json/route";
import { decryptSecret } from "@/lib/organisations/integration-secret";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeOrgTree, makeTenant, makeUser } from "../support/factories";

/**
 * District data integrations and the member.json listings. A tenant with two districts of one region:
 * a tenant admin, D1's admin, D2's admin, a teacher at D1's school; another tenant with its own admin.
 * Each test gets its own pair of tenants, and saves the integration it needs.
 */
const p = {} as Record<"tenantAdmin" | "d1Admin" | "d2Admin" | "teacher" | "otherTenant", string>;
let t: number;
let tree: Awaited<ReturnType<typeof makeOrgTree>>;
let D2: { id: number; regionId: number };
let ids: { d1Admin: number; teacher: number; d2Admin: number; otherUser: number };
let otherTenant: number;
let otherDistrict: { id: number; regionId: number };

beforeEach(async () => {
  const tenant = await makeTenant();
  t = tenant.id;
  tree = await makeOrgTree(t);
  D2 = await makeDistrict(t, tree.region.id);
  const d2School = await makeLocation(t, D2.id);
  const tenantAdmin = await makeUser(t, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const d1Admin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: tree.district.id, administrative: true }] });
  const d2Admin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: D2.id, administrative: true }] });
  const teacher = await makeUser(t, {
    roles: ["ROLE_TEACHER"],
    orgs: [
      { orgType: "location", id: tree.location.id },
      { orgType: "location", id: d2School.id },
    ],
  });
  Object.assign(p, {
    tenantAdmin: await tokenFor(tenantAdmin),
    d1Admin: await tokenFor(d1Admin),
    d2Admin: await tokenFor(d2Admin),
    teacher: await tokenFor(teacher),
  });
  const other = await makeTenant();
  otherTenant = other.id;
  const otherTree = await makeOrgTree(other.id);
  otherDistrict = otherTree.district;
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  p.otherTenant = await tokenFor(otherAdmin);
  ids = { d1Admin: d1Admin.id, teacher: teacher.id, d2Admin: d2Admin.id, otherUser: otherAdmin.id };
});

const ftp = { protocol: "sftp", host: "sftp.district.example", port: 2222, directory: "/rosters", username: "kra-feed" };
const save = (token: string, body: Record<string, unknown>) => call(integrationPost, "POST", "/en/api/v1/data-integrations", { token, body });
const list = (token: string, query: Record<string, string | number> = {}) => call(integrationGet, "GET", "/en/api/v1/data-integrations", { token, query });
const remove = (token: string, districtId: number | string) =>
  call(integrationDelete, "DELETE", "/en/api/v1/data-integrations", { token, query: { districtId } });
const users = (token: string, districtId: number) => call(usersGet, "GET", "/en/api/v1/data-integrations/users", { token, query: { districtId } });
const status = (token: string, tenantId: number, regionId: number, districtId: number) =>
  call(ftpGet, "GET", `/en/api/v1/admin/tenants/${tenantId}/regions/${regionId}/districts/${districtId}/integration/ftp.json`, {
    token,
    params: { tenantId: String(tenantId), regionId: String(regionId), districtId: String(districtId) },
    query: { time: Date.now() },
  });
const auditOf = (districtId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "district"), eq(auditLog.entityId, districtId)))
    .orderBy(desc(auditLog.id));

describe("POST /data-integrations", () => {
  it("refuses bad input with 400 and the fields' messages, and a first save without a password", async () => {
    const bad = await save(p.d1Admin, { tenantsDistrictsId: "x", active: "yes", ftp: { host: "bad host!", port: 70000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["active", "ftp.host", "ftp.port", "ftp.username", "tenantsDistrictsId"]);
    const noPassword = await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, ftp });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual([{ field: "ftp.password", message: "Password is required" }]);
  });

  it("is 404 for a district outside the admin's administration or tenant, 403 for a teacher", async () => {
    expect((await save(p.d2Admin, { tenantsDistrictsId: tree.district.id, ftp: { ...ftp, password: "pw" } })).status).toBe(404);
    expect((await save(p.otherTenant, { tenantsDistrictsId: tree.district.id, ftp: { ...ftp, password: "pw" } })).status).toBe(404);
    expect((await save(p.d1Admin, { tenantsDistrictsId: otherDistrict.id, ftp: { ...ftp, password: "pw" } })).status).toBe(404);
    expect((await save(p.teacher, { tenantsDistrictsId: tree.district.id, ftp: { ...ftp, password: "pw" } })).status).toBe(403);
    expect(await db().select().from(districtDataIntegrations).where(eq(districtDataIntegrations.districtId, tree.district.id))).toHaveLength(0);
  });

  it("saves with 'Integration Saved': the password sealed, never answered nor audited; integration users within reach", async () => {
    const res = await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, active: true, ftp: { ...ftp, password: "s3cret-Pass" }, userIds: [ids.teacher] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Integration Saved");
    expect(res.body.dataIntegration).toMatchObject({
      tenantsDistrictsId: tree.district.id,
      active: true,
      ftp: { ...ftp, passwordSet: true },
      users: [{ id: ids.teacher, firstName: "Test" }],
    });
    expect(JSON.stringify(res.body)).not.toContain("s3cret");
    const [row] = await db().select().from(districtDataIntegrations).where(eq(districtDataIntegrations.districtId, tree.district.id));
    expect(row.ftpPasswordEncrypted).not.toContain("s3cret");
    expect(JSON.stringify(row.ftpInfo)).not.toContain("s3cret");
    expect(decryptSecret(row.ftpPasswordEncrypted!)).toBe("s3cret-Pass");
    const [audit] = await auditOf(tree.district.id);
    expect(audit).toMatchObject({ action: "integration_create", details: { integrationId: row.id, usersAdded: [ids.teacher], usersRemoved: [] } });
    expect((audit.details as { fields: string[] }).fields).toContain("password");
    expect(JSON.stringify(audit.details)).not.toContain("s3cret");

    // An edit without a password keeps it; a user out of reach (another tenant's) is refused, nothing changes.
    const outside = await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, ftp: { ...ftp, host: "other.example" }, userIds: [ids.otherUser] });
    expect(outside.status).toBe(400);
    expect(outside.body.errors[0].field).toBe("userIds");
    const edit = await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, active: false, ftp: { ...ftp, port: 22 }, userIds: [] });
    expect(edit.body.dataIntegration).toMatchObject({ active: false, ftp: { port: 22, passwordSet: true }, users: [] });
    const [after] = await db().select().from(districtDataIntegrations).where(eq(districtDataIntegrations.districtId, tree.district.id));
    expect(after.ftpPasswordEncrypted).toBe(row.ftpPasswordEncrypted);
    const [audit2] = await auditOf(tree.district.id);
    expect(audit2).toMatchObject({
      action: "integration_update",
      details: { fields: ["active", "port"], before: { active: true, port: 2222 }, after: { active: false, port: 22 }, usersRemoved: [ids.teacher] },
    });

    // Left out, the protocol is FTPS (as the page starts) and the port the protocol's own.
    const bare = { host: "files.district.example", username: "kra-feed" };
    const ftps = await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, active: false, ftp: bare });
    expect(ftps.body.dataIntegration.ftp).toMatchObject({ protocol: "ftps", port: 21 });
    const sftp = await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, active: false, ftp: { ...bare, protocol: "sftp" } });
    expect(sftp.body.dataIntegration.ftp).toMatchObject({ protocol: "sftp", port: 22 });
  });

  it("rolls back when a step fails (the audit insert refused): nothing saved", async () => {
    await db().execute(sql`create function refuse_integration_audit() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db().execute(sql`create trigger refuse_integration_audit before insert on audit_log for each row execute function refuse_integration_audit()`);
    try {
      expect((await save(p.d2Admin, { tenantsDistrictsId: D2.id, ftp: { ...ftp, password: "pw" }, userIds: [ids.teacher] })).status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_integration_audit on audit_log`);
      await db().execute(sql`drop function refuse_integration_audit()`);
    }
    expect(await db().select().from(districtDataIntegrations).where(eq(districtDataIntegrations.districtId, D2.id))).toHaveLength(0);
  });
});

describe("GET /data-integrations, /data-integrations/users, ftp.json", () => {
  it("lists the integrations of administered districts only", async () => {
    expect((await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, active: false, ftp: { ...ftp, password: "pw" } })).status).toBe(200);
    const mine = await list(p.d1Admin);
    expect(mine.status).toBe(200);
    expect(mine.body.dataIntegrations.map((i: { tenantsDistrictsId: number }) => i.tenantsDistrictsId)).toEqual([tree.district.id]);
    expect((await list(p.d2Admin)).body.dataIntegrations).toEqual([]);
    expect((await list(p.otherTenant)).body.dataIntegrations).toEqual([]);
    expect((await list(p.tenantAdmin, { tenantsDistrictsId: tree.district.id, active: 0 })).body.dataIntegrations).toHaveLength(1);
    expect((await list(p.tenantAdmin, { active: 1 })).body.dataIntegrations).toEqual([]);
    expect((await list(p.tenantAdmin, { active: "maybe" })).status).toBe(400);
    expect((await list(p.teacher)).status).toBe(403);
  });

  it("lists integration users by district: 404 out of reach or tenant, 400 without a district", async () => {
    const saved = await save(p.tenantAdmin, { tenantsDistrictsId: tree.district.id, ftp: { ...ftp, password: "pw" }, userIds: [ids.teacher, ids.d1Admin] });
    expect(saved.status).toBe(200);
    const res = await users(p.d1Admin, tree.district.id);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { id: number }) => u.id).sort()).toEqual([ids.d1Admin, ids.teacher].sort());
    expect(Object.keys(res.body.users[0]).sort()).toEqual(["email", "firstName", "id", "lastName"]);
    expect((await users(p.d2Admin, tree.district.id)).status).toBe(404);
    expect((await users(p.otherTenant, tree.district.id)).status).toBe(404);
    expect((await users(p.teacher, tree.district.id)).status).toBe(403);
    expect((await call(usersGet, "GET", "/en/api/v1/data-integrations/users", { token: p.d1Admin })).status).toBe(400);
  });

  it("answers ftp.json: settings without the password and the last run; 404 for the wrong region, tenant or district", async () => {
    expect((await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, active: true, ftp: { ...ftp, password: "pw" } })).status).toBe(200);
    const res = await status(p.d1Admin, t, tree.region.id, tree.district.id);
    expect(res.status).toBe(200);
    expect(res.body.integration).toEqual({
      configured: true,
      active: true,
      ftp: { ...ftp, passwordSet: true, hostKey: null },
      lastRunAt: null,
      lastRunStatus: null,
      lastRunMessage: null,
      runs: [],
    });
    const none = await status(p.d2Admin, t, tree.region.id, D2.id);
    expect(none.body.integration).toMatchObject({ configured: false, ftp: null });
    expect((await status(p.d2Admin, t, tree.region.id, tree.district.id)).status).toBe(404);
    expect((await status(p.d1Admin, otherTenant, tree.region.id, tree.district.id)).status).toBe(404);
    expect((await status(p.d1Admin, t, tree.region.id + 100_000, tree.district.id)).status).toBe(404);
    expect((await status(p.otherTenant, otherTenant, otherDistrict.regionId, tree.district.id)).status).toBe(404);
    expect((await status(p.teacher, t, tree.region.id, tree.district.id)).status).toBe(403);
  });
});

describe("DELETE /data-integrations", () => {
  it("is 404 out of reach and for a district without one, 403 for a teacher, 400 without a district; removes and audits", async () => {
    const saved = await save(p.d1Admin, { tenantsDistrictsId: tree.district.id, ftp: { ...ftp, password: "pw" }, userIds: [ids.teacher] });
    expect(saved.status).toBe(200);
    expect((await users(p.d1Admin, tree.district.id)).body.users).toHaveLength(1);
    expect((await remove(p.d2Admin, tree.district.id)).status).toBe(404);
    expect((await remove(p.otherTenant, tree.district.id)).status).toBe(404);
    expect((await remove(p.teacher, tree.district.id)).status).toBe(403);
    expect((await remove(p.d1Admin, "x")).status).toBe(400);
    const res = await remove(p.d1Admin, tree.district.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await auditOf(tree.district.id))[0]).toMatchObject({ action: "integration_delete" });
    expect((await remove(p.d1Admin, tree.district.id)).status).toBe(404);
    expect((await users(p.d1Admin, tree.district.id)).body.users).toEqual([]);
  });
});

describe("GET /admin/tenants/{t}/users/{u}/{level}/member.json", () => {
  const member = (
    handler: typeof regionMemberGet,
    level: string,
    token: string,
    tenantId: number,
    userId: number,
    query: Record<string, string | number> = {},
  ) =>
    call(handler, "GET", `/en/api/v1/admin/tenants/${tenantId}/users/${userId}/${level}/member.json`, {
      token,
      params: { tenantId: String(tenantId), userId: String(userId) },
      query: { time: 1, ...query },
    });

  it("answers the user's links at that level within the caller's reach", async () => {
    const loc = await member(locationMemberGet, "location", p.d1Admin, t, ids.teacher);
    expect(loc.status).toBe(200);
    // The teacher's second school is in D2: D1's admin sees only theirs.
    expect(loc.body.organizations.map((o: { parentId: number }) => o.parentId)).toEqual([tree.location.id]);
    expect((await member(locationMemberGet, "location", p.tenantAdmin, t, ids.teacher)).body.organizations).toHaveLength(2);
    expect((await member(districtMemberGet, "district", p.d1Admin, t, ids.teacher)).body.organizations).toEqual([]);
    const district = await member(districtMemberGet, "district", p.tenantAdmin, t, ids.d1Admin, { admin: 1 });
    expect(district.body.organizations).toMatchObject([
      { orgType: "district", parentId: tree.district.id, administrative: true, nameLabel: tree.district.name },
    ]);
    expect((await member(regionMemberGet, "region", p.tenantAdmin, t, ids.d1Admin)).body.organizations).toEqual([]);
    // One's own links, whatever one's role.
    expect((await member(locationMemberGet, "location", p.teacher, t, ids.teacher)).body.organizations).toHaveLength(2);
  });

  it("is 404 for another tenant's id or user and a user out of reach, 403 for a teacher asking about someone else, 400 for a bad flag", async () => {
    expect((await member(locationMemberGet, "location", p.d1Admin, otherTenant, ids.teacher)).status).toBe(404);
    expect((await member(locationMemberGet, "location", p.otherTenant, otherTenant, ids.teacher)).status).toBe(404);
    expect((await member(districtMemberGet, "district", p.d1Admin, t, ids.d2Admin)).status).toBe(404);
    expect((await member(locationMemberGet, "location", p.teacher, t, ids.d1Admin)).status).toBe(403);
    expect((await member(locationMemberGet, "location", p.d1Admin, t, ids.teacher, { admin: "maybe" })).status).toBe(400);
  });
});
