import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import type { RouteHandler } from "@/lib/platform/api";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import * as assessmentsRoute from "@/app/en/api/v1/assessments/route";
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
import * as tenantLogo from "@/app/en/api/v1/tenants/[id]/logo/route";
import * as tenantAdmins from "@/app/en/api/v1/tenant-admins/route";
import * as acks from "@/app/en/api/v1/acknowledgements/route";
import { GET as ackGet } from "@/app/en/api/v1/acknowledgements/[id]/route";
import * as schoolYears from "@/app/en/api/v1/school-years/route";
import * as integrations from "@/app/en/api/v1/tenant-integrations/route";
import { PUT as integrationPut } from "@/app/en/api/v1/tenant-integrations/[id]/route";
import { POST as licensePost } from "@/app/en/api/v1/tenant-integration-licenses/route";
import { DELETE as licenseDelete } from "@/app/en/api/v1/tenant-integration-licenses/[id]/route";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { appFetch, asKind, useLocalStorage, type StorageUnderTest } from "../support/storage";
import { actorOf } from "../support/school-fixtures";
import { shellModel } from "@/lib/shell/model";

/**
 * Every route of the system area (app/en/api/v1/_registry/routes-system.ts, and the system writes of
 * /assessments and /school-years), each with its own four cases: success, validation (the field's
 * message), a row of another assessment or tenant than the path or body names (404), and a tenant
 * admin, whose role lacks the system permissions (403). Deeper behaviour, the export and import
 * round trip and the licenses' partial failure are in system-admin.test.ts.
 */
type Res = Awaited<ReturnType<typeof call>>;

let store: StorageUnderTest;
let home: { id: number };
let system: string;
let tenantAdmin: string;

beforeAll(async () => {
  store = await useLocalStorage();
  home = await makeTenant();
  system = await tokenFor(await makeUser(home.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
  tenantAdmin = await tokenFor(await makeUser(home.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
});
afterAll(async () => {
  await store.stop();
});

const unique = () => randomBytes(3).toString("hex");

/** An assessment with a domain, a scale with one entry, an item on both, and an entry of the item. */
async function assessment() {
  const id = (await call(assessmentsRoute.POST, "POST", "/x", { token: system, body: { name: `A ${unique()}`, taxonomy: "summative" } })).body.assessment
    .id as number;
  const p = { id: String(id) };
  const domain = (await call(hierarchy.POST, "POST", "/x", { token: system, params: p, body: { code: "LL", label: "Literacy" } })).body.hierarchyItem
    .id as number;
  const scale = (await call(scales.POST, "POST", "/x", { token: system, params: p, body: { code: "AD", label: "A to D" } })).body.scale.id as number;
  const scaleEntry = (
    await call(scaleEntries.POST, "POST", "/x", { token: system, params: { ...p, scaleId: String(scale) }, body: { code: "A", label: "Yes", score: 1 } })
  ).body.entry.id as number;
  const item = (
    await call(items.POST, "POST", "/x", {
      token: system,
      params: p,
      body: { code: "LL01", label: "Rhymes", assessmentItemHierarchyId: domain, scaleId: scale },
    })
  ).body.assessmentItem.id as number;
  const entry = (
    await call(itemEntries.POST, "POST", "/x", { token: system, params: { ...p, itemId: String(item) }, body: { kind: "prompt", content: "Say a rhyme" } })
  ).body.entry.id as number;
  return { id, p, domain, scale, scaleEntry, item, entry, sp: { ...p, scaleId: String(scale) }, ip: { ...p, itemId: String(item) } };
}

async function resource(a: Awaited<ReturnType<typeof assessment>>, bytes = randomBytes(2000)) {
  const uploaded = await uploadFile(new Blob([new Uint8Array(asKind("card.png", bytes))], { type: "image/png" }), {
    purpose: "item-resource",
    fileName: "card.png",
    headers: { authorization: `Bearer ${system}` },
    fetch: appFetch,
  });
  const res = await call(resources.POST, "POST", "/x", { token: system, params: a.ip, body: { fileName: uploaded.s3FileName, sizeBytes: bytes.length } });
  expect(res.status).toBe(200);
  return { id: res.body.resource.id as number, bytes };
}

async function tenant() {
  const res = await call(tenantsRoute.POST, "POST", "/x", { token: system, body: { name: `State ${unique()}` } });
  return res.body.tenant.id as number;
}
async function tenantAdminOf(tenantId: number) {
  const res = await call(tenantAdmins.POST, "POST", "/x", {
    token: system,
    body: { tenantId, firstName: "Ada", lastName: "Admin", email: `ada-${unique()}@example.org` },
  });
  return res.body.tenantAdmin.id as number;
}
async function integration(tenantId: number) {
  const res = await call(integrations.POST, "POST", "/x", {
    token: system,
    body: { tenantId, token: randomBytes(24).toString("hex"), clientId: `sis-${unique()}` },
  });
  return res.body.id as number;
}
async function license(tenantId: number) {
  const integrationId = await integration(tenantId);
  const res = await call(licensePost, "POST", "/x", {
    token: system,
    body: { tenantId, tenantIntegrationId: integrationId, licenseId: `L-${unique()}`, role: "ROLE_TEACHER" },
  });
  return { integrationId, id: res.body.tenantIntegrationLicense.id as number };
}

/** A one-pixel PNG and the logo form that carries it. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
function logoCall(tenantId: number | string, token: string, bytes: Uint8Array, name = "logo.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const req = new NextRequest(new URL(`/en/api/v1/tenants/${tenantId}/logo`, BASE), {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return tenantLogo
    .POST(req, { params: Promise.resolve({ id: String(tenantId) }) })
    .then(async (res) => ({ status: res.status, headers: res.headers, body: await res.json() }));
}

interface Endpoint {
  name: string;
  ok: () => Promise<void>;
  invalid: () => Promise<Res>;
  message: string;
  /** A row another assessment or tenant holds, or none: 404. */
  notFound: () => Promise<Res>;
  /** 404 unless said otherwise. */
  notFoundStatus?: number;
  /** With the tenant admin's token: 403. */
  wrongRole: (token: string) => Promise<Res>;
}

const c = (handler: RouteHandler, method: string, options: Parameters<typeof call>[3]) => call(handler, method, "/x", options);

/** The four verbs of one assessment child list (hierarchy items, items, scales, scale or item entries). */
function childEndpoints(
  label: string,
  route: { GET: RouteHandler; POST: RouteHandler; PUT: RouteHandler; DELETE: RouteHandler },
  listKey: string,
  paramsOf: (a: Awaited<ReturnType<typeof assessment>>) => Record<string, string>,
  rowOf: (a: Awaited<ReturnType<typeof assessment>>) => number,
  create: Record<string, unknown>,
  bad: { body: Record<string, unknown>; message: string },
): Endpoint[] {
  return [
    {
      name: `GET ${label}`,
      ok: async () => {
        const a = await assessment();
        const res = await c(route.GET, "GET", { token: system, params: paramsOf(a) });
        expect(res.status).toBe(200);
        expect(res.body[listKey].map((r: { id: number }) => r.id)).toContain(rowOf(a));
      },
      invalid: async () => c(route.GET, "GET", { token: system, params: { ...paramsOf(await assessment()), id: "x" } }),
      message: "Assessment is not valid",
      notFound: async () => c(route.GET, "GET", { token: system, params: { ...paramsOf(await assessment()), id: "999999" } }),
      wrongRole: async (token) => c(route.GET, "GET", { token, params: paramsOf(await assessment()) }),
    },
    {
      name: `POST ${label}`,
      ok: async () => {
        const a = await assessment();
        const res = await c(route.POST, "POST", { token: system, params: paramsOf(a), body: create });
        expect(res.status).toBe(200);
        expect(Object.values(res.body)[0]).toMatchObject(Object.fromEntries(Object.entries(create).filter(([k]) => k !== "score")));
      },
      invalid: async () => c(route.POST, "POST", { token: system, params: paramsOf(await assessment()), body: bad.body }),
      message: bad.message,
      notFound: async () => c(route.POST, "POST", { token: system, params: { ...paramsOf(await assessment()), id: "999999" }, body: create }),
      wrongRole: async (token) => c(route.POST, "POST", { token, params: paramsOf(await assessment()), body: create }),
    },
    {
      name: `PUT ${label}`,
      ok: async () => {
        const a = await assessment();
        const res = await c(route.PUT, "PUT", { token: system, params: paramsOf(a), body: { id: rowOf(a), sortOrder: 7 } });
        expect(res.status).toBe(200);
        expect(Object.values(res.body)[0]).toMatchObject({ id: rowOf(a), sortOrder: 7 });
      },
      invalid: async () => {
        const a = await assessment();
        return c(route.PUT, "PUT", { token: system, params: paramsOf(a), body: { id: rowOf(a), sortOrder: -1 } });
      },
      message: "Order must be 0 or more",
      // The row of another assessment, through this one's path.
      notFound: async () => {
        const [a, b] = [await assessment(), await assessment()];
        return c(route.PUT, "PUT", { token: system, params: paramsOf(a), body: { id: rowOf(b), sortOrder: 1 } });
      },
      wrongRole: async (token) => {
        const a = await assessment();
        return c(route.PUT, "PUT", { token, params: paramsOf(a), body: { id: rowOf(a), sortOrder: 1 } });
      },
    },
    {
      name: `DELETE ${label}`,
      ok: async () => {
        const a = await assessment();
        const res = await c(route.DELETE, "DELETE", { token: system, params: paramsOf(a), body: { id: rowOf(a) } });
        expect(res.body).toEqual({ id: rowOf(a) });
      },
      invalid: async () => c(route.DELETE, "DELETE", { token: system, params: paramsOf(await assessment()), body: { id: "x" } }),
      message: "Id is not valid",
      notFound: async () => {
        const [a, b] = [await assessment(), await assessment()];
        return c(route.DELETE, "DELETE", { token: system, params: paramsOf(a), body: { id: rowOf(b) } });
      },
      wrongRole: async (token) => {
        const a = await assessment();
        return c(route.DELETE, "DELETE", { token, params: paramsOf(a), body: { id: rowOf(a) } });
      },
    },
  ];
}

const endpoints: Endpoint[] = [
  {
    name: "POST /assessments",
    ok: async () => {
      const res = await c(assessmentsRoute.POST, "POST", { token: system, body: { name: "Created", taxonomy: "summative", author: "State office" } });
      expect(res.body.assessment).toMatchObject({ name: "Created", taxonomy: "SUMMATIVE", isKra: true, tenantId: null, author: "State office" });
    },
    invalid: () => c(assessmentsRoute.POST, "POST", { token: system, body: { name: "", taxonomy: "x" } }),
    message: "Name is required",
    // A create names the tenant in its body: an unknown one is a field error.
    notFoundStatus: 400,
    notFound: async () => {
      const res = await c(assessmentsRoute.POST, "POST", { token: system, body: { name: "For nobody", taxonomy: "x", tenantId: 999999 } });
      expect(res.body.errors).toEqual([{ field: "tenantId", message: "Tenant not found" }]);
      return res;
    },
    wrongRole: (token) => c(assessmentsRoute.POST, "POST", { token, body: { name: "x", taxonomy: "x" } }),
  },
  {
    name: "PUT /assessments",
    ok: async () => {
      const a = await assessment();
      const res = await c(assessmentsRoute.PUT, "PUT", { token: system, body: { id: a.id, description: "Fall" } });
      expect(res.body.assessment).toMatchObject({ id: a.id, description: "Fall" });
    },
    invalid: async () => c(assessmentsRoute.PUT, "PUT", { token: system, body: { id: (await assessment()).id, taxonomy: " " } }),
    message: "Taxonomy is required",
    notFound: () => c(assessmentsRoute.PUT, "PUT", { token: system, body: { id: 999999, name: "x" } }),
    wrongRole: async (token) => c(assessmentsRoute.PUT, "PUT", { token, body: { id: (await assessment()).id, name: "x" } }),
  },
  {
    name: "GET /assessments/{id}",
    ok: async () => {
      const a = await assessment();
      const res = await c(assessmentGet, "GET", { token: system, params: a.p });
      expect(res.body).toMatchObject({
        assessment: { id: a.id },
        hierarchyItems: [{ id: a.domain }],
        scales: [{ id: a.scale }],
        assessmentItems: [{ id: a.item }],
      });
    },
    invalid: () => c(assessmentGet, "GET", { token: system, params: { id: "x" } }),
    message: "Assessment is not valid",
    notFound: () => c(assessmentGet, "GET", { token: system, params: { id: "999999" } }),
    wrongRole: async (token) => c(assessmentGet, "GET", { token, params: (await assessment()).p }),
  },
  {
    name: "GET /assessments/{id}/export",
    ok: async () => {
      const a = await assessment();
      const res = await c(exportGet, "GET", { token: system, params: a.p });
      expect(res.headers.get("content-disposition")).toContain("attachment");
      expect(res.body).toMatchObject({ format: "assessment-export", version: 1, items: [{ code: "LL01", hierarchyCode: "LL", scaleCode: "AD" }] });
    },
    invalid: () => c(exportGet, "GET", { token: system, params: { id: "-1" } }),
    message: "Assessment is not valid",
    notFound: () => c(exportGet, "GET", { token: system, params: { id: "999999" } }),
    wrongRole: async (token) => c(exportGet, "GET", { token, params: (await assessment()).p }),
  },
  {
    name: "POST /assessments/import",
    ok: async () => {
      const a = await assessment();
      const doc = (await c(exportGet, "GET", { token: system, params: a.p })).body;
      const res = await c(importPost, "POST", { token: system, body: doc });
      expect(res.status).toBe(201);
      expect((await c(exportGet, "GET", { token: system, params: { id: String(res.body.assessment.id) } })).body).toEqual(doc);
    },
    invalid: async () => {
      const doc = (await c(exportGet, "GET", { token: system, params: (await assessment()).p })).body;
      return c(importPost, "POST", { token: system, body: { ...doc, format: "assessment-backup" } });
    },
    message: "This is not an assessment export file",
    // The file names another tenant's object (or none) as a resource: the document is refused (400), naming it.
    notFoundStatus: 400,
    notFound: async () => {
      const doc = (await c(exportGet, "GET", { token: system, params: (await assessment()).p })).body;
      doc.items[0].resources = [{ fileName: "tenants/999999/item-resource/x/card.png", originalFileName: "card.png", sizeBytes: 1, contentType: null }];
      const res = await c(importPost, "POST", { token: system, body: doc });
      expect(res.body.message).toBe("The resource file tenants/999999/item-resource/x/card.png is not held by the platform");
      return res;
    },
    wrongRole: (token) => c(importPost, "POST", { token, body: {} }),
  },
  ...childEndpoints(
    "/assessments/{id}/hierarchy-items",
    hierarchy,
    "hierarchyItems",
    (a) => a.p,
    (a) => a.domain,
    { code: "MA", label: "Mathematics" },
    { body: { code: "M A", label: "x" }, message: "Code may hold letters, digits, dot, dash and underscore only" },
  ),
  ...childEndpoints(
    "/assessments/{id}/items",
    items,
    "assessmentItems",
    (a) => a.p,
    (a) => a.item,
    { code: "MA01", label: "Counts" },
    { body: { code: "MA01" }, message: "Label is required" },
  ),
  ...childEndpoints(
    "/assessments/{id}/scales",
    scales,
    "scales",
    (a) => a.p,
    (a) => a.scale,
    { code: "YN", label: "Yes or no" },
    { body: { label: "x" }, message: "Code is required" },
  ).map((e) =>
    // Scales have no order: their PUT changes the label.
    e.name.startsWith("PUT")
      ? {
          ...e,
          ok: async () => {
            const a = await assessment();
            const res = await c(scales.PUT, "PUT", { token: system, params: a.p, body: { id: a.scale, label: "Grades" } });
            expect(res.body.scale).toMatchObject({ id: a.scale, label: "Grades" });
          },
          invalid: async () => {
            const a = await assessment();
            return c(scales.PUT, "PUT", { token: system, params: a.p, body: { id: a.scale, label: "" } });
          },
          message: "Label is required",
          notFound: async () => {
            const [a, b] = [await assessment(), await assessment()];
            return c(scales.PUT, "PUT", { token: system, params: a.p, body: { id: b.scale, label: "Taken" } });
          },
        }
      : e,
  ),
  ...childEndpoints(
    "/assessments/{id}/scales/{scaleId}/entries",
    scaleEntries,
    "entries",
    (a) => a.sp,
    (a) => a.scaleEntry,
    { code: "B", label: "Partly", score: 2 },
    { body: { code: "B", label: "x", score: "lots" }, message: "Score must be a number" },
  ),
  ...childEndpoints(
    "/assessments/{id}/items/{itemId}/entries",
    itemEntries,
    "entries",
    (a) => a.ip,
    (a) => a.entry,
    { kind: "rubric", content: "Two points for two rhymes" },
    { body: { kind: "poem", content: "x" }, message: "Kind must be text, prompt, directions or rubric" },
  ),
  {
    name: "GET /assessments/{id}/items/{itemId}/resources",
    ok: async () => {
      const a = await assessment();
      const r = await resource(a);
      const res = await c(resources.GET, "GET", { token: system, params: a.ip });
      expect(res.body.resources).toEqual([expect.objectContaining({ id: r.id, originalFileName: "card.png", sizeBytes: 2000 })]);
    },
    invalid: async () => c(resources.GET, "GET", { token: system, params: { ...(await assessment()).ip, itemId: "i" } }),
    message: "Item is not valid",
    notFound: async () => {
      const [a, b] = [await assessment(), await assessment()];
      return c(resources.GET, "GET", { token: system, params: { ...a.p, itemId: String(b.item) } });
    },
    wrongRole: async (token) => c(resources.GET, "GET", { token, params: (await assessment()).ip }),
  },
  {
    name: "POST /assessments/{id}/items/{itemId}/resources",
    ok: async () => {
      const a = await assessment();
      expect((await resource(a)).id).toEqual(expect.any(Number));
    },
    invalid: async () => c(resources.POST, "POST", { token: system, params: (await assessment()).ip, body: { fileName: "x", sizeBytes: 0 } }),
    message: "File size must be greater than 0",
    notFound: async () =>
      c(resources.POST, "POST", {
        token: system,
        params: { ...(await assessment()).p, itemId: "999999" },
        body: { fileName: "tenants/1/item-resource/x/a.png", sizeBytes: 1 },
      }),
    wrongRole: async (token) => c(resources.POST, "POST", { token, params: (await assessment()).ip, body: { fileName: "x", sizeBytes: 1 } }),
  },
  {
    name: "DELETE /assessments/{id}/items/{itemId}/resources",
    ok: async () => {
      const a = await assessment();
      const r = await resource(a);
      expect((await c(resources.DELETE, "DELETE", { token: system, params: a.ip, body: { id: r.id } })).body).toEqual({ id: r.id });
    },
    invalid: async () => c(resources.DELETE, "DELETE", { token: system, params: (await assessment()).ip, body: {} }),
    message: "Id is not valid",
    notFound: async () => {
      const [a, b] = [await assessment(), await assessment()];
      const r = await resource(b);
      return c(resources.DELETE, "DELETE", { token: system, params: a.ip, body: { id: r.id } });
    },
    wrongRole: async (token) => {
      const a = await assessment();
      return c(resources.DELETE, "DELETE", { token, params: a.ip, body: { id: (await resource(a)).id } });
    },
  },
  {
    name: "GET /assessments/{id}/items/{itemId}/resources/{resourceId}/download",
    ok: async () => {
      const a = await assessment();
      const r = await resource(a);
      const res = await c(resourceDownload, "GET", { token: system, params: { ...a.ip, resourceId: String(r.id) } });
      expect(res.status).toBe(302);
      expect(Buffer.from(await (await appFetch(res.headers.get("location")!)).arrayBuffer()).equals(r.bytes)).toBe(true);
    },
    invalid: async () => c(resourceDownload, "GET", { token: system, params: { ...(await assessment()).ip, resourceId: "r" } }),
    message: "Resource is not valid",
    notFound: async () => {
      const [a, b] = [await assessment(), await assessment()];
      const r = await resource(b);
      return c(resourceDownload, "GET", { token: system, params: { ...a.ip, resourceId: String(r.id) } });
    },
    wrongRole: async (token) => {
      const a = await assessment();
      return c(resourceDownload, "GET", { token, params: { ...a.ip, resourceId: String((await resource(a)).id) } });
    },
  },
  {
    name: "GET /tenants",
    ok: async () => {
      const id = await tenant();
      expect((await c(tenantsRoute.GET, "GET", { token: system })).body.tenants.map((x: { id: number }) => x.id)).toContain(id);
    },
    // A list takes no input: an edit naming no tenant is the nearest refusal.
    invalid: () => c(tenantsRoute.PUT, "PUT", { token: system, body: { name: "x" } }),
    message: "Tenant is not valid",
    notFound: () => c(tenantsRoute.PUT, "PUT", { token: system, body: { id: 999999, name: "x" } }),
    wrongRole: (token) => c(tenantsRoute.GET, "GET", { token }),
  },
  {
    name: "POST /tenants",
    ok: async () => {
      const res = await c(tenantsRoute.POST, "POST", { token: system, body: { name: "New Hampshire", slug: `nh-${unique()}` } });
      expect(res.body.tenant).toMatchObject({ name: "New Hampshire", logoUrl: null });
    },
    invalid: () => c(tenantsRoute.POST, "POST", { token: system, body: { name: "X", slug: "Not A Slug" } }),
    message: "Host prefix may hold lowercase letters, digits and dashes only",
    // Creating names no other row: a tenant admin for a tenant that does not exist is the create's 404.
    notFound: () => c(tenantAdmins.POST, "POST", { token: system, body: { tenantId: 999999, firstName: "A", lastName: "B", email: "a@b.org" } }),
    wrongRole: (token) => c(tenantsRoute.POST, "POST", { token, body: { name: "x" } }),
  },
  {
    name: "PUT /tenants",
    ok: async () => {
      const id = await tenant();
      expect((await c(tenantsRoute.PUT, "PUT", { token: system, body: { id, name: "Renamed state" } })).body.tenant).toMatchObject({
        id,
        name: "Renamed state",
      });
    },
    invalid: async () => c(tenantsRoute.PUT, "PUT", { token: system, body: { id: await tenant(), logoUrl: "javascript:alert(1)" } }),
    message: "Logo URL must start with https:// or /",
    notFound: () => c(tenantsRoute.PUT, "PUT", { token: system, body: { id: 999999, name: "x" } }),
    wrongRole: async (token) => c(tenantsRoute.PUT, "PUT", { token, body: { id: await tenant(), name: "x" } }),
  },
  {
    name: "POST /tenants/{id}/logo",
    ok: async () => {
      const id = await tenant();
      const res = await logoCall(id, system, PNG);
      expect(res.status).toBe(200);
      expect(res.body.tenant.logoUrl).toMatch(new RegExp(`^/en/api/v1/tenants/${id}/logo\\?v=[0-9a-f]{12}$`));
    },
    invalid: async () => logoCall(await tenant(), system, Buffer.from("<svg onload='alert(1)'/>"), "logo.svg", "image/svg+xml"),
    message: "Logo must be a PNG, JPEG, GIF or WebP image",
    notFound: () => logoCall(999999, system, PNG),
    wrongRole: async (token) => logoCall(await tenant(), token, PNG),
  },
  {
    name: "GET /tenants/{id}/logo",
    ok: async () => {
      const id = await tenant();
      await logoCall(id, system, PNG);
      // Open to anyone: the sign-in page shows it before a session exists.
      const res = await tenantLogo.GET(new NextRequest(new URL(`/en/api/v1/tenants/${id}/logo`, BASE)), { params: Promise.resolve({ id: String(id) }) });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    },
    invalid: () => c(tenantLogo.GET, "GET", { params: { id: "logo" } }),
    message: "Id is not valid",
    notFound: async () => c(tenantLogo.GET, "GET", { params: { id: String(await tenant()) } }),
    // Reading is open; uploading is the system admin's.
    wrongRole: async (token) => logoCall(await tenant(), token, PNG),
  },
  {
    name: "GET /tenant-admins",
    ok: async () => {
      const t = await tenant();
      const id = await tenantAdminOf(t);
      expect((await c(tenantAdmins.GET, "GET", { token: system, query: { tenantId: t } })).body.tenantAdmins.map((a: { id: number }) => a.id)).toEqual([id]);
    },
    invalid: () => c(tenantAdmins.GET, "GET", { token: system, query: { tenantId: "all" } }),
    message: "Tenant is not valid",
    notFound: async () => {
      const [a, b] = [await tenant(), await tenant()];
      await tenantAdminOf(a);
      const res = await c(tenantAdmins.GET, "GET", { token: system, query: { tenantId: b } });
      expect(res.body.tenantAdmins).toEqual([]);
      // Another tenant's admins are not listed under this one; an unknown tenant's admin is not found.
      return c(tenantAdmins.PUT, "PUT", { token: system, body: { id: 999999, lastName: "x" } });
    },
    wrongRole: (token) => c(tenantAdmins.GET, "GET", { token }),
  },
  {
    name: "POST /tenant-admins",
    ok: async () => {
      const t = await tenant();
      const res = await c(tenantAdmins.POST, "POST", {
        token: system,
        body: { tenantId: t, firstName: "Grace", lastName: "Hopper", email: `grace-${unique()}@example.org` },
      });
      expect(res.body.tenantAdmin).toMatchObject({ tenantId: t, firstName: "Grace", registered: false });
    },
    invalid: async () => c(tenantAdmins.POST, "POST", { token: system, body: { tenantId: await tenant(), firstName: "", lastName: "x", email: "x@y.org" } }),
    message: "First name is required",
    notFound: () => c(tenantAdmins.POST, "POST", { token: system, body: { tenantId: 999999, firstName: "A", lastName: "B", email: "a@b.org" } }),
    wrongRole: async (token) =>
      c(tenantAdmins.POST, "POST", { token, body: { tenantId: await tenant(), firstName: "A", lastName: "B", email: `a-${unique()}@b.org` } }),
  },
  {
    name: "PUT /tenant-admins",
    ok: async () => {
      const id = await tenantAdminOf(await tenant());
      expect((await c(tenantAdmins.PUT, "PUT", { token: system, body: { id, firstName: "Augusta" } })).body.tenantAdmin).toMatchObject({
        id,
        firstName: "Augusta",
      });
    },
    invalid: async () => c(tenantAdmins.PUT, "PUT", { token: system, body: { id: await tenantAdminOf(await tenant()), email: "nope" } }),
    message: "Invalid email format",
    notFound: () => c(tenantAdmins.PUT, "PUT", { token: system, body: { id: 999999, firstName: "x" } }),
    wrongRole: async (token) => c(tenantAdmins.PUT, "PUT", { token, body: { id: await tenantAdminOf(await tenant()), firstName: "x" } }),
  },
  {
    name: "GET /acknowledgements",
    ok: async () => {
      const id = (await c(acks.POST, "POST", { token: system, body: { text: "Listed" } })).body.acknowledgement.id;
      expect((await c(acks.GET, "GET", { token: system })).body.acknowledgements.map((a: { id: number }) => a.id)).toContain(id);
    },
    invalid: () => c(ackGet, "GET", { token: system, params: { id: "x" } }),
    message: "Id is not valid",
    notFound: () => c(ackGet, "GET", { token: system, params: { id: "999999" } }),
    wrongRole: (token) => c(acks.GET, "GET", { token }),
  },
  {
    name: "POST /acknowledgements",
    ok: async () => {
      const t = await tenant();
      expect((await c(acks.POST, "POST", { token: system, body: { text: "One tenant", tenantId: t } })).body.acknowledgement).toMatchObject({
        text: "One tenant",
        tenantId: t,
        active: true,
      });
    },
    invalid: () => c(acks.POST, "POST", { token: system, body: { text: "" } }),
    message: "Text is required",
    // A create names the tenant in its body: an unknown one is a field error.
    notFoundStatus: 400,
    notFound: async () => {
      const res = await c(acks.POST, "POST", { token: system, body: { text: "Nobody's", tenantId: 999999 } });
      expect(res.body.errors).toEqual([{ field: "tenantId", message: "Tenant not found" }]);
      return res;
    },
    wrongRole: (token) => c(acks.POST, "POST", { token, body: { text: "x" } }),
  },
  {
    name: "PUT /acknowledgements",
    ok: async () => {
      const id = (await c(acks.POST, "POST", { token: system, body: { text: "Before" } })).body.acknowledgement.id;
      expect((await c(acks.PUT, "PUT", { token: system, body: { id, text: "After", active: false } })).body.acknowledgement).toMatchObject({
        id,
        text: "After",
        active: false,
      });
    },
    invalid: () => c(acks.PUT, "PUT", { token: system, body: { id: 1, text: " " } }),
    message: "Text is required",
    notFound: () => c(acks.PUT, "PUT", { token: system, body: { id: 999999, text: "x" } }),
    wrongRole: (token) => c(acks.PUT, "PUT", { token, body: { id: 1, text: "x" } }),
  },
  {
    name: "GET /acknowledgements/{id}",
    ok: async () => {
      const id = (await c(acks.POST, "POST", { token: system, body: { text: "One" } })).body.acknowledgement.id;
      expect((await c(ackGet, "GET", { token: system, params: { id: String(id) } })).body.acknowledgement).toMatchObject({ id, text: "One" });
    },
    invalid: () => c(ackGet, "GET", { token: system, params: { id: "0" } }),
    message: "Id is not valid",
    notFound: () => c(ackGet, "GET", { token: system, params: { id: "999999" } }),
    wrongRole: (token) => c(ackGet, "GET", { token, params: { id: "1" } }),
  },
  {
    name: "POST /school-years",
    ok: async () => {
      // Fixed years of their own: the label comes from them and is unique (each test file has its own database).
      const start = Date.UTC(2093, 6, 1) / 1000;
      const res = await c(schoolYears.POST, "POST", { token: system, body: { startDate: start, endDate: Date.UTC(2094, 5, 30) / 1000 } });
      expect(res.status).toBe(201);
      expect(res.body.schoolYear).toMatchObject({ startDate: start });
    },
    invalid: () => c(schoolYears.POST, "POST", { token: system, body: { startDate: Date.UTC(2096, 6, 1) / 1000, endDate: Date.UTC(2096, 5, 1) / 1000 } }),
    message: "End date must be after the start date",
    // A school year belongs to no tenant: the nearest 404 is an edit of one that does not exist.
    notFound: () => c(schoolYears.PUT, "PUT", { token: system, body: { id: 999999, label: "x" } }),
    wrongRole: (token) => c(schoolYears.POST, "POST", { token, body: { startDate: Date.UTC(2097, 6, 1) / 1000, endDate: Date.UTC(2098, 5, 1) / 1000 } }),
  },
  {
    name: "PUT /school-years",
    ok: async () => {
      const id = (await c(schoolYears.POST, "POST", { token: system, body: { startDate: Date.UTC(2094, 6, 1) / 1000, endDate: Date.UTC(2095, 5, 30) / 1000 } }))
        .body.schoolYear.id;
      expect((await c(schoolYears.PUT, "PUT", { token: system, body: { id, label: "Renamed year" } })).body.schoolYear).toMatchObject({
        id,
        label: "Renamed year",
      });
    },
    invalid: () => c(schoolYears.PUT, "PUT", { token: system, body: { id: "x", label: "x" } }),
    message: "Id is not valid",
    notFound: () => c(schoolYears.PUT, "PUT", { token: system, body: { id: 999999, label: "x" } }),
    wrongRole: (token) => c(schoolYears.PUT, "PUT", { token, body: { id: 1, label: "x" } }),
  },
  {
    name: "GET /tenant-integrations",
    ok: async () => {
      const t = await tenant();
      const id = await integration(t);
      const res = await c(integrations.GET, "GET", { token: system, query: { tenantId: t } });
      expect(res.body.tenantIntegrations).toEqual([expect.objectContaining({ id, tenantId: t, licenses: [] })]);
    },
    invalid: () => c(integrations.GET, "GET", { token: system, query: {} }),
    message: "Tenant is not valid",
    notFound: () => c(integrations.GET, "GET", { token: system, query: { tenantId: 999999 } }),
    wrongRole: (token) => c(integrations.GET, "GET", { token, query: { tenantId: home.id } }),
  },
  {
    name: "POST /tenant-integrations",
    ok: async () => {
      const t = await tenant();
      expect(
        (await c(integrations.POST, "POST", { token: system, body: { tenantId: t, token: randomBytes(24).toString("hex"), clientId: "sis" } })).body,
      ).toEqual({ id: expect.any(Number) });
    },
    invalid: async () => c(integrations.POST, "POST", { token: system, body: { tenantId: await tenant(), token: "short", clientId: "sis" } }),
    message: "Token must be at least 20 characters",
    notFound: () => c(integrations.POST, "POST", { token: system, body: { tenantId: 999999, token: randomBytes(24).toString("hex"), clientId: "sis" } }),
    wrongRole: async (token) =>
      c(integrations.POST, "POST", { token, body: { tenantId: await tenant(), token: randomBytes(24).toString("hex"), clientId: "sis" } }),
  },
  {
    name: "PUT /tenant-integrations/{id}",
    ok: async () => {
      const t = await tenant();
      const id = await integration(t);
      expect(
        (
          await c(integrationPut, "PUT", {
            token: system,
            params: { id: String(id) },
            body: { clientId: "sis-renamed", description: "Roster feed", token: randomBytes(24).toString("hex") },
          })
        ).body,
      ).toEqual({ id });
      const listed = await c(integrations.GET, "GET", { token: system, query: { tenantId: t } });
      expect(listed.body.tenantIntegrations[0]).toMatchObject({ clientId: "sis-renamed", description: "Roster feed" });
    },
    invalid: async () => c(integrationPut, "PUT", { token: system, params: { id: String(await integration(await tenant())) }, body: { clientId: "" } }),
    message: "Client id is required",
    notFound: () => c(integrationPut, "PUT", { token: system, params: { id: "999999" }, body: { clientId: "x" } }),
    wrongRole: async (token) => c(integrationPut, "PUT", { token, params: { id: String(await integration(await tenant())) }, body: { clientId: "x" } }),
  },
  {
    name: "POST /tenant-integration-licenses",
    ok: async () => {
      const t = await tenant();
      const integrationId = await integration(t);
      const res = await c(licensePost, "POST", {
        token: system,
        body: { tenantId: t, tenantIntegrationId: integrationId, licenseId: "L-9", role: "ROLE_ADMIN" },
      });
      expect(res.body.tenantIntegrationLicense).toMatchObject({ tenantId: t, tenantIntegrationId: integrationId, licenseId: "L-9", role: "ROLE_ADMIN" });
    },
    invalid: async () => {
      const t = await tenant();
      return c(licensePost, "POST", { token: system, body: { tenantId: t, tenantIntegrationId: await integration(t), licenseId: "L", role: "ROLE_QUEEN" } });
    },
    message: "Role is not valid",
    // The integration of another tenant than the one named.
    notFound: async () =>
      c(licensePost, "POST", {
        token: system,
        body: { tenantId: await tenant(), tenantIntegrationId: await integration(await tenant()), licenseId: "L", role: "ROLE_TEACHER" },
      }),
    wrongRole: async (token) => {
      const t = await tenant();
      return c(licensePost, "POST", { token, body: { tenantId: t, tenantIntegrationId: await integration(t), licenseId: "L", role: "ROLE_TEACHER" } });
    },
  },
  {
    name: "DELETE /tenant-integration-licenses/{id}",
    ok: async () => {
      const l = await license(await tenant());
      expect((await c(licenseDelete, "DELETE", { token: system, params: { id: String(l.id) } })).status).toBe(200);
    },
    invalid: () => c(licenseDelete, "DELETE", { token: system, params: { id: "L-1" } }),
    message: "Id is not valid",
    notFound: () => c(licenseDelete, "DELETE", { token: system, params: { id: "999999" } }),
    wrongRole: async (token) => c(licenseDelete, "DELETE", { token, params: { id: String((await license(await tenant())).id) } }),
  },
];

describe.each(endpoints)("$name", (endpoint) => {
  it("succeeds for a system admin", endpoint.ok);
  it("refuses bad input with the field's message (400)", async () => {
    const res = await endpoint.invalid();
    expect(res.status).toBe(400);
    expect([res.body.message, ...(res.body.errors ?? []).map((e: { message: string }) => e.message)]).toContain(endpoint.message);
  });
  it(`answers ${endpoint.notFoundStatus ?? 404} for a row of another assessment or tenant, or none`, async () => {
    expect((await endpoint.notFound()).status).toBe(endpoint.notFoundStatus ?? 404);
  });
  it("refuses a tenant admin (403)", async () => {
    const res = await endpoint.wrongRole(tenantAdmin);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Token does not have the required permissions" });
  });
});

describe("the tenant's logo", () => {
  it("is refused above 500 KB, and once uploaded the tenant's people see it in the header", async () => {
    const t = await tenant();
    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024)]);
    const tooBig = await logoCall(t, system, big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors).toEqual([{ field: "file", message: "Logo must be 500 KB or smaller" }]);
    const person = await makeUser(t, { roles: ["ROLE_TEACHER"] });
    expect((await shellModel(await actorOf(person), "teacher")).tenantLogo).toBeNull();
    const uploaded = await logoCall(t, system, PNG);
    expect((await shellModel(await actorOf(person), "teacher")).tenantLogo).toBe(uploaded.body.tenant.logoUrl);
  });
});
