import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { GET as oneGet } from "@/app/en/api/v1/oneroster/loads/[id]/route";
import { POST as applyPost } from "@/app/en/api/v1/oneroster/loads/[id]/apply/route";
import { POST as loadPost } from "@/app/en/api/v1/oneroster/loads/route";
import { handlers } from "@/jobs/registry";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { call, tokenFor } from "./api";
import { makeDistrict, makeLocation, makeRegion, makeTenant, makeUser } from "./factories";
import { waitFor } from "./jobs";
import { appFetch, useLocalStorage, type StorageUnderTest } from "./storage";

/** A OneRoster load through the routes, as a district's administrator does it: upload, dry run, apply (the workers run the jobs). */

/**
 * A tenant of one's own: region R with district D (Unique ID `OR-D-<tenant>`, the bundles' district
 * identifier) and its administrator, district D2 with school X, a tenant admin; and another tenant.
 */
export async function loadWorld() {
  const tenant = await makeTenant();
  const t = tenant.id;
  const region = await makeRegion(t);
  const d = await makeDistrict(t, region.id, { uniqueId: `OR-D-${t}` });
  const d2 = await makeDistrict(t, region.id, { uniqueId: `OR-D2-${t}` });
  const x = await makeLocation(t, d2.id);
  const districtAdmin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d.id, administrative: true }] });
  const tenantAdmin = await makeUser(t, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const other = await makeTenant();
  return { t, other: other.id, region, d, d2, x, districtAdmin: await tokenFor(districtAdmin), tenantAdmin: await tokenFor(tenantAdmin) };
}

/**
 * The hooks of a file of loads: local storage and the job workers for the whole file, and before each
 * test a world of its own (`make`, loadWorld by default) handed to `use`: a bulk bundle ends what its
 * district holds beyond it, so one test's roster must never meet another's.
 */
export function withLoadWorlds<W>(use: (world: W) => void, make: () => Promise<W>) {
  let store: StorageUnderTest;
  beforeAll(async () => {
    store = await useLocalStorage();
    await startWorkers(handlers);
  });
  beforeEach(async () => use(await make()));
  afterAll(async () => {
    await stopWorkers();
    await store.stop();
  });
}

export async function upload(token: string, bytes: Uint8Array, fileName = "roster.zip"): Promise<number> {
  const uploaded = await uploadFile(new Blob([bytes as BlobPart], { type: "application/zip" }), {
    purpose: "oneroster",
    fileName,
    headers: { authorization: `Bearer ${token}` },
    fetch: appFetch,
  });
  return uploaded.id;
}

export const getLoad = (token: string, id: number) => call(oneGet, "GET", `/en/api/v1/oneroster/loads/${id}`, { token, params: { id: String(id) } });

export async function settle(token: string, id: number, statuses: string[]) {
  return waitFor(
    async () => {
      const res = await getLoad(token, id);
      return statuses.includes(res.body.load?.status) ? res.body.load : undefined;
    },
    60_000,
    `oneroster load ${id}`,
  );
}

/** Upload, ask for the dry run and wait for it. */
export async function dryRun(token: string, bytes: Uint8Array, options: Record<string, unknown> = {}) {
  const res = await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token, body: { fileId: await upload(token, bytes), ...options } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return settle(token, res.body.load.id, ["checked", "failed"]);
}

export async function apply(token: string, id: number) {
  const res = await call(applyPost, "POST", `/en/api/v1/oneroster/loads/${id}/apply`, { token, params: { id: String(id) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return settle(token, id, ["applied", "failed"]);
}

/** Only the non-zero counts, for readable expectations. */
export const changes = (counts: Record<string, Record<string, number>>) =>
  Object.fromEntries(
    Object.entries(counts)
      .map(([kind, c]) => [kind, Object.fromEntries(Object.entries(c).filter(([k, v]) => v && k !== "unchanged"))])
      .filter(([, c]) => Object.keys(c).length),
  );
