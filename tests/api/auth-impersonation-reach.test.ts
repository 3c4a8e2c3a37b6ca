import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, authSessions } from "@/db/schema";
import { POST as impersonate } from "@/app/en/api/v1/login/impersonate/route";
import { POST as endImpersonation } from "@/app/en/api/v1/logout/impersonate/route";
import { IMPERSONATION_ABOVE_OWN } from "@/lib/auth/messages";
import { decodeToken } from "@/lib/platform/session-token";
import { call } from "../support/api";
import { jwtOf, makeAccount } from "../support/auth";
import { makeDistrict, makeLocation, makeOrgTree, makeTenant } from "../support/factories";

const startAs = (token: string, userIdToImpersonate: number) =>
  call(impersonate, "POST", "/en/api/v1/login/impersonate", { token, body: { userIdToImpersonate } });
const refused = { status: 403, body: { message: IMPERSONATION_ABOVE_OWN } };

/** Two regions; the first holds two districts, the first of those two locations. */
async function world() {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const sibling = await makeLocation(tenant.id, tree.district.id);
  const neighbourDistrict = await makeDistrict(tenant.id, tree.region.id);
  const neighbourLocation = await makeLocation(tenant.id, neighbourDistrict.id);
  const far = await makeOrgTree(tenant.id);
  const locationAdmin = await makeAccount(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: tree.location.id, administrative: true }] });
  const districtAdmin = await makeAccount(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: tree.district.id, administrative: true }] });
  const teacherAt = (...orgs: { orgType: "location" | "district" | "region"; id: number }[]) => makeAccount(tenant.id, { roles: ["ROLE_TEACHER"], orgs });
  return { tenant, tree, sibling, neighbourDistrict, neighbourLocation, far, locationAdmin, districtAdmin, teacherAt };
}

describe("impersonation within the admin's organisation reach", () => {
  it("a location admin reaches users of their own location only, not those also linked elsewhere or above", async () => {
    const w = await world();
    const jwt = await jwtOf(w.locationAdmin);
    const own = await w.teacherAt({ orgType: "location", id: w.tree.location.id });
    expect((await startAs(jwt, own.id)).status).toBe(200);

    const alsoSibling = await w.teacherAt({ orgType: "location", id: w.tree.location.id }, { orgType: "location", id: w.sibling.id });
    const alsoDistrict = await w.teacherAt({ orgType: "location", id: w.tree.location.id }, { orgType: "district", id: w.tree.district.id });
    const alsoRegion = await w.teacherAt({ orgType: "location", id: w.tree.location.id }, { orgType: "region", id: w.tree.region.id });
    for (const target of [alsoSibling, alsoDistrict, alsoRegion]) expect(await startAs(jwt, target.id)).toMatchObject(refused);

    // A district or tenant admin who also works at the location: above by role and by reach.
    const districtAdminHere = await makeAccount(w.tenant.id, {
      roles: ["ROLE_ADMIN"],
      orgs: [
        { orgType: "location", id: w.tree.location.id, administrative: true },
        { orgType: "district", id: w.tree.district.id, administrative: true },
      ],
    });
    expect(await startAs(jwt, districtAdminHere.id)).toMatchObject(refused);
    const tenantAdminHere = await makeAccount(w.tenant.id, { roles: ["ROLE_TENANT_ADMIN"], orgs: [{ orgType: "location", id: w.tree.location.id }] });
    expect(await startAs(jwt, tenantAdminHere.id)).toMatchObject(refused);

    // Nobody of the sibling location is visible at all.
    expect((await startAs(jwt, (await w.teacherAt({ orgType: "location", id: w.sibling.id })).id)).status).toBe(404);
  });

  it("a district admin reaches their district's users, not those of another district or of a region", async () => {
    const w = await world();
    const jwt = await jwtOf(w.districtAdmin);
    const atSibling = await w.teacherAt({ orgType: "location", id: w.sibling.id });
    expect((await startAs(jwt, atSibling.id)).status).toBe(200);
    const peer = await makeAccount(w.tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: w.tree.district.id, administrative: true }] });
    expect((await startAs(jwt, peer.id)).status).toBe(200);

    const alsoNeighbour = await w.teacherAt({ orgType: "location", id: w.sibling.id }, { orgType: "location", id: w.neighbourLocation.id });
    const alsoNeighbourDistrict = await w.teacherAt({ orgType: "district", id: w.tree.district.id }, { orgType: "district", id: w.neighbourDistrict.id });
    const regionAdmin = await makeAccount(w.tenant.id, {
      roles: ["ROLE_ADMIN"],
      orgs: [
        { orgType: "district", id: w.tree.district.id, administrative: true },
        { orgType: "region", id: w.tree.region.id, administrative: true },
      ],
    });
    const alsoFar = await w.teacherAt({ orgType: "location", id: w.tree.location.id }, { orgType: "location", id: w.far.location.id });
    for (const target of [alsoNeighbour, alsoNeighbourDistrict, regionAdmin, alsoFar]) expect(await startAs(jwt, target.id)).toMatchObject(refused);
  });

  it("counts only the admin's administrative links as reach", async () => {
    const w = await world();
    const admin = await makeAccount(w.tenant.id, {
      roles: ["ROLE_ADMIN"],
      orgs: [
        { orgType: "location", id: w.tree.location.id, administrative: true },
        { orgType: "location", id: w.sibling.id, administrative: false },
      ],
    });
    const both = await w.teacherAt({ orgType: "location", id: w.tree.location.id }, { orgType: "location", id: w.sibling.id });
    expect(await startAs(await jwtOf(admin), both.id)).toMatchObject(refused);
  });

  it("writes an audit row when it starts and when it ends", async () => {
    const w = await world();
    const teacher = await w.teacherAt({ orgType: "location", id: w.tree.location.id });
    const adminJwt = await jwtOf(w.districtAdmin);
    const started = await startAs(adminJwt, teacher.id);
    const sid = (await decodeToken(started.body.jwt))!.sid;
    expect((await call(endImpersonation, "POST", "/x", { token: started.body.jwt })).status).toBe(200);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.userId, teacher.id)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.impersonatorId, r.details.sessionId])).toEqual([
      ["impersonation_start", w.districtAdmin.id, sid],
      ["impersonation_end", w.districtAdmin.id, sid],
    ]);
    const [session] = await db().select().from(authSessions).where(eq(authSessions.id, sid));
    expect(session.revokedAt).not.toBeNull();
  });
});
