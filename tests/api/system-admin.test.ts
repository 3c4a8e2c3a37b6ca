import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, mailOutbox, tenantIntegrationLicenses, userRoles, users } from "@/db/schema";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { POST as assessmentPost, PUT as assessmentPut } from "@/app/en/api/v1/assessments/route";
import { GET as assessmentGet } from "@/app/en/api/v1/assessments/[id]/route";
import { GET as exportGet } from "@/app/en/api/v1/assessments/[id]/export/route";
import { POST as importPost } from "@/app/en/api/v1/assessments/import/route";
import * as hierarchy from "@/app/en/api/v1/assessments/[id]/hierarchy-items/route";
import * as items from "@/app/en/api/v1/assessments/[id]/items/route";
import * as scales from "@/app/en/api/v1/assessments/[id]/scales/route";
import * as scaleEntries from "@/app/en/api/v1/assessments/[id]/scales/[scaleId]/entries/route";
import * as itemEntries from "@/app/en/api/v1/assessments/[id]/items/[itemId]/entries/route";
import * as resources from "@/app/en/api/v1/assessments/[id]/items/[itemId]/resources/route";
import { GET as resourceDownload } from "@/app/en/api/v1/assessments/[id]/items/[itemId]/resources/[resourceId]/download/route";
import * as tenantsRoute from "@/app/en/api/v1/tenants/route";
import * as tenantAdmins from "@/app/en/api/v1/tenant-admins/route";
import * as acks from "@/app/en/api/v1/acknowledgements/route";
import { GET as ackGet } from "@/app/en/api/v1/acknowledgements/[id]/route";
import * as schoolYears from "@/app/en/api/v1/school-years/route";
import * as integrations from "@/app/en/api/v1/tenant-integrations/route";
import { PUT as integrationPut } from "@/app/en/api/v1/tenant-integrations/[id]/route";
import { POST as licensePost } from "@/app/en/api/v1/tenant-integration-licenses/route";
import { DELETE as licenseDelete } from "@/app/en/api/v1/tenant-integration-licenses/[id]/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { appFetch, asKind, useLocalStorage, type StorageUnderTest } from "../support/storage";

let store: StorageUnderTest;
let home: { id: number };
let system: string;
let systemUserId: number;
let tenantAdmin: string;
let teacher: string;

beforeAll(async () => {
  store = await useLocalStorage();
  home = await makeTenant();
  const sys = await makeUser(home.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
  systemUserId = sys.id;
  system = await tokenFor(sys);
  tenantAdmin = await tokenFor(await makeUser(home.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
  teacher = await tokenFor(await makeUser(home.id, { roles: ["ROLE_TEACHER"] }));
});
afterAll(async () => {
  await store.stop();
});

const audits = (entityType: string, entityId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, home.id), eq(auditLog.userId, systemUserId), eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));

/** An assessment with two domains (one with a sub-domain), a scale of three entries and two items. */
async function buildAssessment(name = `KRA ${randomBytes(3).toString("hex")}`) {
  const created = await call(assessmentPost, "POST", "/x", {
    token: system,
    body: { name, description: "Fall window", author: "State office", taxonomy: "summative" },
  });
  expect(created.status).toBe(200);
  const id = created.body.assessment.id as number;
  const p = { id: String(id) };
  const ll = (await call(hierarchy.POST, "POST", "/x", { token: system, params: p, body: { code: "LL", label: "Language and Literacy", sortOrder: 1 } })).body
    .hierarchyItem;
  const ma = (await call(hierarchy.POST, "POST", "/x", { token: system, params: p, body: { code: "MA", label: "Mathematics", sortOrder: 2 } })).body
    .hierarchyItem;
  const llPa = (
    await call(hierarchy.POST, "POST", "/x", { token: system, params: p, body: { code: "LL.PA", label: "Phonological awareness", parentId: ll.id } })
  ).body.hierarchyItem;
  const scale = (await call(scales.POST, "POST", "/x", { token: system, params: p, body: { code: "PT", label: "Performance task" } })).body.scale;
  const sp = { ...p, scaleId: String(scale.id) };
  for (const [i, [code, label, score, color]] of (
    [
      ["0", "No credit", 0, "#d32f2f"],
      ["1", "Partial credit", 1, ""],
      ["2", "Full credit", 2, "#388e3c"],
    ] as const
  ).entries()) {
    const res = await call(scaleEntries.POST, "POST", "/x", { token: system, params: sp, body: { code, label, score, color, sortOrder: i + 1 } });
    expect(res.status).toBe(200);
  }
  const rhyme = (
    await call(items.POST, "POST", "/x", {
      token: system,
      params: p,
      body: {
        code: "LL01",
        label: "Produces a rhyming word",
        description: "Say a word that rhymes with cat",
        assessmentItemHierarchyId: llPa.id,
        scaleId: scale.id,
        itemType: "performance-task",
        sortOrder: 1,
      },
    })
  ).body.assessmentItem;
  const count = (
    await call(items.POST, "POST", "/x", {
      token: system,
      params: p,
      body: { code: "MA01", label: "Counts to 20", assessmentItemHierarchyId: ma.id, scaleId: scale.id, sortOrder: 2 },
    })
  ).body.assessmentItem;
  await call(itemEntries.POST, "POST", "/x", {
    token: system,
    params: { ...p, itemId: String(rhyme.id) },
    body: { kind: "directions", label: "Say", content: "Tell me a word that rhymes with cat.", sortOrder: 1 },
  });
  return { id, p, ll, ma, llPa, scale, rhyme, count };
}

/** Upload bytes as an item resource through the multipart protocol, as the browser does. */
async function upload(bytes: Buffer, fileName: string) {
  return uploadFile(new Blob([new Uint8Array(asKind(fileName, bytes))], { type: fileName.endsWith(".mp3") ? "audio/mpeg" : "image/png" }), {
    purpose: "item-resource",
    fileName,
    headers: { authorization: `Bearer ${system}` },
    fetch: appFetch,
  });
}

describe("assessments", () => {
  it("creates and edits an assessment with its hierarchy, scale entries, items and entries, every change audited", async () => {
    const a = await buildAssessment();
    const detail = await call(assessmentGet, "GET", "/x", { token: system, params: a.p });
    expect(detail.status).toBe(200);
    expect(detail.body.assessment).toMatchObject({ taxonomy: "SUMMATIVE", isKra: true, tenantId: null, isEncapsulated: false });
    expect(detail.body.hierarchyItems.map((h: { code: string; parentId: number | null }) => [h.code, h.parentId])).toEqual(
      expect.arrayContaining([
        ["LL", null],
        ["MA", null],
        ["LL.PA", a.ll.id],
      ]),
    );
    expect(detail.body.scales[0].entries.map((e: { code: string; score: number; color: string | null }) => [e.code, e.score, e.color])).toEqual([
      ["0", 0, "#d32f2f"],
      ["1", 1, null],
      ["2", 2, "#388e3c"],
    ]);
    expect(detail.body.assessmentItems).toHaveLength(2);

    const updated = await call(assessmentPut, "PUT", "/x", { token: system, body: { id: a.id, name: "Renamed", isEncapsulated: true } });
    expect(updated.body.assessment).toMatchObject({ name: "Renamed", isEncapsulated: true, author: "State office" });
    const item = await call(items.PUT, "PUT", "/x", {
      token: system,
      params: a.p,
      body: { id: a.rhyme.id, label: "Rhymes", assessmentItemHierarchyId: a.ll.id },
    });
    expect(item.body.assessmentItem).toMatchObject({ label: "Rhymes", assessmentItemHierarchyId: a.ll.id, code: "LL01" });
    expect((await call(hierarchy.PUT, "PUT", "/x", { token: system, params: a.p, body: { id: a.ma.id, label: "Math" } })).body.hierarchyItem.label).toBe(
      "Math",
    );

    expect(await audits("assessment", a.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "create" }),
        expect.objectContaining({ action: "update", details: { fields: ["name", "isEncapsulated"] } }),
      ]),
    );
    expect((await audits("assessment_item", a.rhyme.id)).map((r) => r.action)).toEqual(expect.arrayContaining(["create", "update"]));
    expect((await audits("assessment_hierarchy_item", a.ma.id)).map((r) => r.action)).toEqual(expect.arrayContaining(["create", "update"]));

    expect((await call(items.DELETE, "DELETE", "/x", { token: system, params: a.p, body: { id: a.count.id } })).body).toEqual({ id: a.count.id });
    expect((await call(hierarchy.DELETE, "DELETE", "/x", { token: system, params: a.p, body: { id: a.ll.id } })).status).toBe(200);
    const after = await call(assessmentGet, "GET", "/x", { token: system, params: a.p });
    expect(after.body.hierarchyItems.map((h: { code: string }) => h.code)).toEqual(["MA"]);
    expect(after.body.assessmentItems).toEqual([expect.objectContaining({ code: "LL01", assessmentItemHierarchyId: null })]);
    expect((await audits("assessment_item", a.count.id)).map((r) => r.action)).toContain("delete");
  });

  it("validates with field messages and writes nothing", async () => {
    const blank = await call(assessmentPost, "POST", "/x", { token: system, body: { name: " ", taxonomy: "" } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { field: "name", message: "Name is required" },
      { field: "taxonomy", message: "Taxonomy is required" },
    ]);
    const a = await buildAssessment();
    const dup = await call(items.POST, "POST", "/x", { token: system, params: a.p, body: { code: "LL01", label: "Again" } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: "code", message: "This code is already used in this assessment" }]);
    const other = await buildAssessment();
    const foreign = await call(items.POST, "POST", "/x", { token: system, params: a.p, body: { code: "X1", label: "X", scaleId: other.scale.id } });
    expect(foreign.body.errors).toEqual([{ field: "scaleId", message: "The scale is not part of this assessment" }]);
    const cycle = await call(hierarchy.PUT, "PUT", "/x", { token: system, params: a.p, body: { id: a.ll.id, parentId: a.llPa.id } });
    expect(cycle.body.errors).toEqual([{ field: "parentId", message: "A hierarchy item cannot sit under itself" }]);
    const badColour = await call(scaleEntries.POST, "POST", "/x", {
      token: system,
      params: { ...a.p, scaleId: String(a.scale.id) },
      body: { code: "3", label: "x", color: "red" },
    });
    expect(badColour.body.errors).toEqual([{ field: "color", message: "Colour must look like #1a2b3c" }]);
    expect((await call(assessmentGet, "GET", "/x", { token: system, params: a.p })).body.assessmentItems).toHaveLength(2);
  });

  it("answers 404 for a row of another assessment and for an unknown assessment", async () => {
    const a = await buildAssessment();
    const b = await buildAssessment();
    expect((await call(items.PUT, "PUT", "/x", { token: system, params: a.p, body: { id: b.rhyme.id, label: "x" } })).status).toBe(404);
    expect((await call(itemEntries.GET, "GET", "/x", { token: system, params: { ...a.p, itemId: String(b.rhyme.id) } })).status).toBe(404);
    expect((await call(scaleEntries.GET, "GET", "/x", { token: system, params: { ...a.p, scaleId: String(b.scale.id) } })).status).toBe(404);
    expect((await call(assessmentGet, "GET", "/x", { token: system, params: { id: "999999" } })).body).toEqual({ message: "Assessment not found" });
  });

  it("attaches a resource uploaded through the multipart protocol and downloads it byte for byte", async () => {
    const a = await buildAssessment();
    const ip = { ...a.p, itemId: String(a.rhyme.id) };
    const bytes = randomBytes(70_000);
    const uploaded = await upload(bytes, "cat picture.png");
    const wrongSize = await call(resources.POST, "POST", "/x", { token: system, params: ip, body: { fileName: uploaded.s3FileName, sizeBytes: 5 } });
    expect(wrongSize.body.errors).toEqual([{ field: "sizeBytes", message: "The size does not match the uploaded file" }]);
    const added = await call(resources.POST, "POST", "/x", { token: system, params: ip, body: { fileName: uploaded.s3FileName, sizeBytes: bytes.length } });
    expect(added.body.resource).toMatchObject({ originalFileName: "cat picture.png", sizeBytes: bytes.length, assessmentItemId: a.rhyme.id });
    const listed = await call(resources.GET, "GET", "/x", { token: system, params: ip });
    expect(listed.body.resources).toHaveLength(1);
    const redirect = await call(resourceDownload, "GET", "/x", { token: system, params: { ...ip, resourceId: String(added.body.resource.id) } });
    expect(redirect.status).toBe(302);
    const file = await appFetch(redirect.headers.get("location")!);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await audits("assessment_item_resource", added.body.resource.id))[0]).toMatchObject({ action: "create" });
    expect((await call(resources.DELETE, "DELETE", "/x", { token: system, params: ip, body: { id: added.body.resource.id } })).status).toBe(200);
  });

  it("exports to a file and imports it as a new copy identical field by field", async () => {
    const a = await buildAssessment();
    const bytes = randomBytes(1000);
    const uploaded = await upload(bytes, "prompt.mp3");
    await call(resources.POST, "POST", "/x", {
      token: system,
      params: { ...a.p, itemId: String(a.rhyme.id) },
      body: { fileName: uploaded.s3FileName, sizeBytes: 1000 },
    });
    const exported = await call(exportGet, "GET", "/x", { token: system, params: a.p });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    const doc = exported.body;
    expect(doc).toMatchObject({ format: "assessment-export", version: 1 });

    const imported = await call(importPost, "POST", "/x", { token: system, body: doc });
    expect(imported.status).toBe(201);
    const copyId = imported.body.assessment.id;
    expect(copyId).not.toBe(a.id);
    const again = await call(exportGet, "GET", "/x", { token: system, params: { id: String(copyId) } });
    expect(again.body).toEqual(doc);
    expect((await audits("assessment", copyId))[0]).toMatchObject({ action: "import" });

    const bad = await call(importPost, "POST", "/x", {
      token: system,
      body: { ...doc, items: [...doc.items, { ...doc.items[0], scaleCode: "NOPE", code: "Z9" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Item Z9 names an unknown scale NOPE");
    const stolen = structuredClone(doc);
    stolen.items[0].resources = [{ fileName: "tenants/1/evidence/x/secret.jpg", originalFileName: "x.jpg", sizeBytes: 1, contentType: null }];
    expect((await call(importPost, "POST", "/x", { token: system, body: stolen })).body.message).toBe(
      "The resource file tenants/1/evidence/x/secret.jpg is not held by the platform",
    );
    expect((await call(importPost, "POST", "/x", { token: system, body: { format: "other" } })).status).toBe(400);
  });
});

describe("tenants and tenant admins", () => {
  it("creates a tenant, then a new user as its tenant admin, mailed the registration link", async () => {
    const slug = `state-${randomBytes(3).toString("hex")}`;
    const created = await call(tenantsRoute.POST, "POST", "/x", { token: system, body: { name: "New State", slug, logoUrl: "https://example.org/logo.png" } });
    expect(created.body.tenant).toMatchObject({ name: "New State", nameLabel: "New State", slug, logoUrl: "https://example.org/logo.png" });
    const tenantId = created.body.tenant.id;
    expect((await call(tenantsRoute.POST, "POST", "/x", { token: system, body: { name: "Again", slug } })).status).toBe(409);
    const email = `admin-${slug}@example.org`;
    const admin = await call(tenantAdmins.POST, "POST", "/x", { token: system, body: { tenantId, firstName: "Ada", lastName: "Admin", email } });
    expect(admin.status).toBe(200);
    expect(admin.body.tenantAdmin).toMatchObject({ tenantId, tenantName: "New State", email, isActive: "Active", registered: false });
    const roles = await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, admin.body.tenantAdmin.id));
    expect(roles.map((r) => r.role).sort()).toEqual(["ROLE_ADMIN", "ROLE_TENANT_ADMIN"]);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail.textBody).toContain("/user-registration?token=");
    expect((await audits("tenant", tenantId))[0]).toMatchObject({ action: "create" });
    expect((await audits("tenant_admin", admin.body.tenantAdmin.id))[0]).toMatchObject({ action: "create" });

    const dup = await call(tenantAdmins.POST, "POST", "/x", { token: system, body: { tenantId, firstName: "B", lastName: "C", email: email.toUpperCase() } });
    expect(dup.body.errors).toEqual([{ field: "email", message: "A user with this email already exists" }]);
    const badEmail = await call(tenantAdmins.POST, "POST", "/x", { token: system, body: { tenantId, firstName: "B", lastName: "C", email: "nope" } });
    expect(badEmail.body.errors).toEqual([{ field: "email", message: "Invalid email format" }]);
    expect(
      (await call(tenantAdmins.POST, "POST", "/x", { token: system, body: { tenantId: 999999, firstName: "B", lastName: "C", email: "b@c.org" } })).status,
    ).toBe(404);

    const list = await call(tenantAdmins.GET, "GET", "/x", { token: system, query: { tenantId } });
    expect(list.body.tenantAdmins.map((t: { email: string }) => t.email)).toEqual([email]);
    const edited = await call(tenantAdmins.PUT, "PUT", "/x", { token: system, body: { id: admin.body.tenantAdmin.id, lastName: "Lovelace", enabled: false } });
    expect(edited.body.tenantAdmin).toMatchObject({ lastName: "Lovelace", isActive: "Inactive" });
    const renamed = await call(tenantsRoute.PUT, "PUT", "/x", { token: system, body: { id: String(tenantId), name: "Newer State" } });
    expect(renamed.body.tenant.name).toBe("Newer State");
    expect((await call(tenantsRoute.GET, "GET", "/x", { token: system })).body.tenants.map((t: { id: number }) => t.id)).toContain(tenantId);
    const [user] = await db().select({ username: users.username }).from(users).where(eq(users.id, admin.body.tenantAdmin.id));
    expect(user.username).toBe(email);
  });
});

describe("acknowledgements and school years", () => {
  it("creates, reads and updates acknowledgements, shared or for one tenant", async () => {
    const created = await call(acks.POST, "POST", "/x", { token: system, body: { text: "I will keep scores confidential.", dataCollection: true } });
    expect(created.body.acknowledgement).toMatchObject({ tenantId: null, dataCollection: true, active: true });
    const id = created.body.acknowledgement.id;
    const updated = await call(acks.PUT, "PUT", "/x", { token: system, body: { id, tenantId: home.id, text: "Updated text" } });
    expect(updated.body.acknowledgement).toMatchObject({ tenantId: home.id, text: "Updated text" });
    expect((await call(ackGet, "GET", "/x", { token: system, params: { id: String(id) } })).body.acknowledgement.text).toBe("Updated text");
    expect((await call(acks.POST, "POST", "/x", { token: system, body: { text: "" } })).body.errors).toEqual([{ field: "text", message: "Text is required" }]);
    expect((await audits("acknowledgement", id)).map((r) => r.action)).toEqual(expect.arrayContaining(["create", "update"]));
  });

  it("creates and updates a school year; an end before the start is refused", async () => {
    const start = Date.UTC(2091, 6, 1) / 1000;
    const end = Date.UTC(2092, 5, 30) / 1000;
    const created = await call(schoolYears.POST, "POST", "/x", { token: system, body: { startDate: start, endDate: end } });
    expect(created.status).toBe(201);
    const id = created.body.schoolYear.id;
    const updated = await call(schoolYears.PUT, "PUT", "/x", { token: system, body: { id, label: "2091-92", endDate: Date.UTC(2092, 6, 15) / 1000 } });
    expect(updated.body.schoolYear).toMatchObject({ id, label: "2091-92", startDate: start, endDate: Date.UTC(2092, 6, 15) / 1000 });
    const bad = await call(schoolYears.PUT, "PUT", "/x", { token: system, body: { id, endDate: start - 86400 } });
    expect(bad.body.errors).toEqual([{ field: "endDate", message: "End date must be after the start date" }]);
    expect((await call(schoolYears.PUT, "PUT", "/x", { token: system, body: { id: 999999, label: "x" } })).status).toBe(404);
    expect((await audits("school_year", id)).map((r) => r.action)).toEqual(expect.arrayContaining(["create", "update"]));
  });
});

describe("tenant integrations and licenses", () => {
  it("creates an integration; a license change of several calls keeps what succeeded when one fails", async () => {
    const tenant = await makeTenant();
    const created = await call(integrations.POST, "POST", "/x", {
      token: system,
      body: { tenantId: tenant.id, token: randomBytes(24).toString("hex"), description: "SIS", clientId: "sis-1" },
    });
    expect(created.body).toEqual({ id: expect.any(Number) });
    const integrationId = created.body.id;
    expect(
      (await call(integrationPut, "PUT", "/x", { token: system, params: { id: String(integrationId) }, body: { description: "Student information system" } }))
        .status,
    ).toBe(200);

    // The license editor's three calls: the second repeats the first and fails; the others stand.
    const grant = (licenseId: string, role: string) =>
      call(licensePost, "POST", "/x", { token: system, body: { tenantId: tenant.id, tenantIntegrationId: integrationId, licenseId, role } });
    const results = [await grant("L-1", "ROLE_TEACHER"), await grant("L-1", "ROLE_TEACHER"), await grant("L-2", "ROLE_ADMIN")];
    expect(results.map((r) => r.status)).toEqual([200, 409, 200]);
    expect(results[1].body.message).toBe("License L-1 already grants ROLE_TEACHER");
    const list = await call(integrations.GET, "GET", "/x", { token: system, query: { tenantId: tenant.id } });
    expect(list.body.tenantIntegrations).toEqual([
      expect.objectContaining({
        id: integrationId,
        description: "Student information system",
        clientId: "sis-1",
        licenses: [expect.objectContaining({ licenseId: "L-1" }), expect.objectContaining({ licenseId: "L-2" })],
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain("token");

    const otherTenant = await makeTenant();
    expect(
      (
        await call(licensePost, "POST", "/x", {
          token: system,
          body: { tenantId: otherTenant.id, tenantIntegrationId: integrationId, licenseId: "L-3", role: "ROLE_TEACHER" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(licensePost, "POST", "/x", {
          token: system,
          body: { tenantId: tenant.id, tenantIntegrationId: integrationId, licenseId: "L-3", role: "ROLE_KING" },
        })
      ).body.errors,
    ).toEqual([{ field: "role", message: "Role is not valid" }]);
    const removed = await call(licenseDelete, "DELETE", "/x", { token: system, params: { id: String(results[0].body.tenantIntegrationLicense.id) } });
    expect(removed.status).toBe(200);
    expect(await db().select().from(tenantIntegrationLicenses).where(eq(tenantIntegrationLicenses.tenantIntegrationId, integrationId))).toHaveLength(1);
    expect((await call(licenseDelete, "DELETE", "/x", { token: system, params: { id: String(results[0].body.tenantIntegrationLicense.id) } })).status).toBe(
      404,
    );
    expect((await audits("tenant_integration_license", results[0].body.tenantIntegrationLicense.id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(["create", "delete"]),
    );
  });
});

describe("who may", () => {
  it("refuses every system call to tenant admins and teachers with 403, and to no session with 401", async () => {
    const a = await buildAssessment();
    const calls = [
      (t?: string) => call(assessmentPost, "POST", "/x", { token: t, body: { name: "x", taxonomy: "x" } }),
      (t?: string) => call(assessmentPut, "PUT", "/x", { token: t, body: { id: a.id, name: "x" } }),
      (t?: string) => call(assessmentGet, "GET", "/x", { token: t, params: a.p }),
      (t?: string) => call(exportGet, "GET", "/x", { token: t, params: a.p }),
      (t?: string) => call(importPost, "POST", "/x", { token: t, body: {} }),
      (t?: string) => call(items.POST, "POST", "/x", { token: t, params: a.p, body: { code: "Q", label: "Q" } }),
      (t?: string) => call(hierarchy.DELETE, "DELETE", "/x", { token: t, params: a.p, body: { id: a.ll.id } }),
      (t?: string) => call(scales.GET, "GET", "/x", { token: t, params: a.p }),
      (t?: string) => call(resources.GET, "GET", "/x", { token: t, params: { ...a.p, itemId: String(a.rhyme.id) } }),
      (t?: string) => call(tenantsRoute.POST, "POST", "/x", { token: t, body: { name: "x" } }),
      (t?: string) => call(tenantAdmins.GET, "GET", "/x", { token: t }),
      (t?: string) => call(acks.POST, "POST", "/x", { token: t, body: { text: "x" } }),
      (t?: string) => call(schoolYears.PUT, "PUT", "/x", { token: t, body: { id: 1, label: "x" } }),
      (t?: string) => call(integrations.GET, "GET", "/x", { token: t, query: { tenantId: home.id } }),
      (t?: string) => call(licenseDelete, "DELETE", "/x", { token: t, params: { id: "1" } }),
    ];
    for (const make of calls) {
      expect((await make(tenantAdmin)).body).toEqual({ message: "Token does not have the required permissions" });
      expect((await make(teacher)).status).toBe(403);
      expect((await make()).status).toBe(401);
    }
  });
});
