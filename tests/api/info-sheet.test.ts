import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, files } from "@/db/schema";
import { GET as infoGet, POST as infoPost } from "@/app/en/api/v1/info-sheet/route";
import { GET as tenantSheetGet, POST as tenantSheetPost } from "@/app/en/api/v1/tenants/[id]/info-sheet/route";
import { infoSheetKey } from "@/lib/info-sheet/service";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { appFetch, useLocalStorage, type StorageUnderTest } from "../support/storage";

/** Tenant A: a tenant admin, a system admin, a teacher, a helpdesk user. Tenant B: a tenant admin and a teacher. */
let store: StorageUnderTest;
let tenantA: number;
let tenantB: number;
const T: Record<string, string> = {};

const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

beforeAll(async () => {
  store = await useLocalStorage();
});

// Each test its own two tenants, with no sheet until the test publishes one.
beforeEach(async () => {
  const a = await makeTenant();
  const b = await makeTenant();
  tenantA = a.id;
  tenantB = b.id;
  T.admin = await tokenFor(await makeUser(a.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
  T.system = await tokenFor(await makeUser(a.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
  T.teacher = await tokenFor(await makeUser(a.id, { roles: ["ROLE_TEACHER"] }));
  T.helpdesk = await tokenFor(await makeUser(a.id, { roles: ["ROLE_HELPDESK"] }));
  T.otherAdmin = await tokenFor(await makeUser(b.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
  T.otherTeacher = await tokenFor(await makeUser(b.id, { roles: ["ROLE_TEACHER"] }));
});

afterAll(async () => {
  await store.stop();
});

const NOT_A_RESOURCE = "A tenant resource must be a PDF or an installer";
const ZIP = "PK\u0003\u0004 archive";
const upload = (token: string, fileName: string, content: string, purpose: "tenant-resource" | "bulk-load" = "tenant-resource") =>
  uploadFile(new Blob([content]), { purpose, fileName, fetch: appFetch, headers: { authorization: `Bearer ${token}` } });
const publish = (token: string, fileId: unknown) => call(infoPost, "POST", "/en/api/v1/info-sheet", { token, body: { fileId } });
const fetchSheet = (token: string) => call(infoGet, "GET", "/en/api/v1/info-sheet", { token });
/** A sheet published by a tenant's admin, as a test's starting point. */
const published = async (adminToken: string, content: string) => {
  const file = await upload(adminToken, "sheet.pdf", content);
  expect((await publish(adminToken, file.id)).status).toBe(200);
};

describe("the info sheet", () => {
  it("answers 404 with a clear message while none has been uploaded", async () => {
    const res = await fetchSheet(T.teacher);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No info sheet has been uploaded yet");
  });

  it("is published by a tenant admin under the tenant's resources path and downloaded by a teacher", async () => {
    const file = await upload(T.admin, "Info Sheet.pdf", PDF);
    const res = await publish(T.admin, file.id);
    expect(res.status).toBe(200);
    expect(res.body.size).toBe(Buffer.byteLength(PDF));
    expect(infoSheetKey(tenantA)).toBe(`tenants/${tenantA}/tenant-resources/info-sheet.pdf`);
    expect(await store.driver.exists(infoSheetKey(tenantA))).toBe(true);
    // The upload was only the way in.
    expect(await db().select().from(files).where(eq(files.id, file.id))).toEqual([]);
    const sheet = await fetchSheet(T.teacher);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toBe("application/pdf");
    expect(sheet.headers.get("content-disposition")).toContain("info-sheet.pdf");
    expect(sheet.body).toBe(PDF);
  });

  it("is replaced by a system admin's upload", async () => {
    await published(T.admin, PDF);
    expect((await fetchSheet(T.admin)).body).toBe(PDF);
    const next = PDF.replace("1.4", "1.7");
    const file = await upload(T.system, "newer.PDF", next);
    expect((await publish(T.system, file.id)).status).toBe(200);
    expect((await fetchSheet(T.admin)).body).toBe(next);
  });

  it("refuses a file that is not a PDF, one over 10 MB, and another purpose's upload (400), changing nothing", async () => {
    await published(T.admin, PDF);
    const before = (await fetchSheet(T.teacher)).body;
    expect(before).toBe(PDF);
    // A tenant resource is a PDF or an installer, by name and by first bytes: the upload itself refuses others.
    await expect(upload(T.admin, "notes.pdf", "just text, not a PDF")).rejects.toThrow(NOT_A_RESOURCE);
    await expect(upload(T.admin, "sheet.docx", PDF)).rejects.toThrow(NOT_A_RESOURCE);
    const named = await upload(T.admin, "sheet.zip", ZIP);
    expect((await publish(T.admin, named.id)).body.errors[0].message).toBe("The info sheet must be a PDF file");
    const big = await upload(T.admin, "big.pdf", PDF);
    await db()
      .update(files)
      .set({ size: 10 * 1024 * 1024 + 1 })
      .where(eq(files.id, big.id));
    expect((await publish(T.admin, big.id)).body.errors[0].message).toBe("The info sheet may not exceed 10 MB");
    const load = await upload(T.admin, "roster.csv", "stateId\n1\n", "bulk-load");
    expect((await publish(T.admin, load.id)).body.errors[0].message).toBe("This file was not uploaded as a tenant resource");
    expect((await publish(T.admin, "x")).status).toBe(400);
    expect((await fetchSheet(T.teacher)).body).toBe(before);
  });

  it("answers 403 to a teacher publishing and to a helpdesk user downloading", async () => {
    const file = await upload(T.admin, "sheet.pdf", PDF);
    expect((await publish(T.teacher, file.id)).status).toBe(403);
    expect((await fetchSheet(T.helpdesk)).status).toBe(403);
  });

  it("keeps tenants apart: another tenant's upload id is 404, its teachers see no sheet", async () => {
    const file = await upload(T.admin, "sheet.pdf", PDF);
    expect((await publish(T.otherAdmin, file.id)).status).toBe(404);
    expect((await fetchSheet(T.otherTeacher)).status).toBe(404);
  });
});

describe("a tenant's info sheet from the system pages", () => {
  const publishFor = (token: string, tenantId: number | string, fileId: unknown) =>
    call(tenantSheetPost, "POST", `/en/api/v1/tenants/${tenantId}/info-sheet`, { token, params: { id: String(tenantId) }, body: { fileId } });
  const fetchFor = (token: string, tenantId: number | string) =>
    call(tenantSheetGet, "GET", `/en/api/v1/tenants/${tenantId}/info-sheet`, { token, params: { id: String(tenantId) } });

  it("lets a system admin publish their upload as another tenant's sheet, audited, and download it", async () => {
    const marked = PDF.replace("1.4", "1.6");
    await published(T.admin, PDF);
    expect((await fetchFor(T.system, tenantB)).status).toBe(404);
    const file = await upload(T.system, "tenant-b.pdf", marked);
    const res = await publishFor(T.system, tenantB, file.id);
    expect(res.status).toBe(200);
    expect(res.body.size).toBe(Buffer.byteLength(marked));
    // Tenant B's teachers get it; tenant A's sheet is untouched.
    expect((await fetchSheet(T.otherTeacher)).body).toBe(marked);
    expect((await fetchSheet(T.teacher)).body).toBe(PDF);
    expect((await fetchFor(T.system, tenantB)).body).toBe(marked);
    // Audited in the system admin's own tenant, naming the tenant changed.
    const audits = await db().select().from(auditLog).where(eq(auditLog.tenantId, tenantA));
    expect(audits.find((a) => a.entityType === "tenant" && a.entityId === tenantB)).toMatchObject({ action: "update", details: { fields: ["infoSheet"] } });
  });

  it("refuses other roles (403), an unknown tenant (404) and a bad upload (400), changing nothing", async () => {
    const file = await upload(T.admin, "sheet.pdf", PDF);
    expect((await publishFor(T.admin, tenantB, file.id)).status).toBe(403);
    expect((await fetchFor(T.admin, tenantB)).status).toBe(403);
    expect((await publishFor(T.otherAdmin, tenantB, file.id)).status).toBe(403);
    const mine = await upload(T.system, "sheet.pdf", PDF);
    expect((await publishFor(T.system, 99_999_999, mine.id)).status).toBe(404);
    expect((await publishFor(T.system, 99_999_999, mine.id)).body.message).toBe("Tenant not found");
    await published(T.otherAdmin, PDF);
    const before = (await fetchSheet(T.otherTeacher)).body;
    expect(before).toBe(PDF);
    const archive = await upload(T.system, "notes.zip", ZIP);
    expect(await publishFor(T.system, tenantB, archive.id)).toMatchObject({
      status: 400,
      body: { errors: [{ field: "fileId", message: "The info sheet must be a PDF file" }] },
    });
    expect((await publishFor(T.system, "x", mine.id)).status).toBe(400);
    expect((await fetchSheet(T.otherTeacher)).body).toBe(before);
  });
});
