import { expect } from "vitest";
import { GET as oneGet } from "@/app/en/api/v1/oneroster/loads/[id]/route";
import { POST as applyPost } from "@/app/en/api/v1/oneroster/loads/[id]/apply/route";
import { POST as loadPost } from "@/app/en/api/v1/oneroster/loads/route";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { call } from "./api";
import { waitFor } from "./jobs";
import { appFetch } from "./storage";

/** A OneRoster load through the routes, as a district's administrator does it: upload, dry run, apply (the workers run the jobs). */

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
