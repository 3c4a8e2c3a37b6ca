import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { files, type Role } from "@/db/schema";
import { actorFromHeaders, type Actor } from "@/lib/platform/actor";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { abortStaleUploads, fileDownloadUrl } from "@/lib/platform/storage/uploads";
import { POST as createUpload } from "@/app/en/api/v1/system/create-multipart-upload/route";
import { POST as completeUpload } from "@/app/en/api/v1/system/complete-multipart-upload/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { appFetch, asKind, useLocalStorage, useS3Storage, type StorageUnderTest } from "../support/storage";

const MiB = 1024 * 1024;
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

async function signedIn(roles: Role[], tenantId?: number) {
  const tenant = tenantId ?? (await makeTenant()).id;
  const user = await makeUser(tenant, { roles });
  const token = await tokenFor(user);
  const actor = (await actorFromHeaders(new Headers({ authorization: `Bearer ${token}` }))) as Actor;
  return { user, token, actor, tenantId: tenant, headers: { authorization: `Bearer ${token}` } };
}

/** Replace a signed URL's signature with zeros of the same length (local and S3 spelling). */
function forgeSignature(url: string): string {
  return url.replace(/((?:X-Amz-)?Signature=)([^&]+)/i, (_m, name: string, value: string) => name + "0".repeat(value.length));
}

for (const start of [useLocalStorage, useS3Storage]) {
  describe(`multipart upload protocol (${start === useLocalStorage ? "local" : "s3"} driver)`, () => {
    let store: StorageUnderTest;
    beforeAll(async () => {
      store = await start();
    });
    afterAll(async () => {
      await store.stop();
    });

    it("round-trips a 20 MB file byte for byte through the routes", async () => {
      const admin = await signedIn(["ROLE_ADMIN"]);
      const data = asKind("roster.csv", new Uint8Array(randomBytes(20 * 1000 * 1000)));
      const uploadStarted = performance.now();
      const uploaded = await uploadFile(new Blob([data], { type: "text/csv" }), {
        purpose: "bulk-load",
        fileName: "Roster Fall 2026.csv",
        headers: admin.headers,
        fetch: appFetch,
      });
      const uploadMs = performance.now() - uploadStarted;
      expect(uploaded.size).toBe(data.length);
      expect(uploaded.bucket).toBe(store.driver.bucket);
      expect(uploaded.s3FileName).toMatch(new RegExp(`^tenants/${admin.tenantId}/bulk-load/[0-9a-f-]{36}/Roster_Fall_2026\\.csv$`));

      const [row] = await db().select().from(files).where(eq(files.id, uploaded.id));
      expect(row).toMatchObject({ tenantId: admin.tenantId, ownerId: admin.user.id, status: "complete", size: data.length });
      expect(row.originalFileName).toBe("Roster Fall 2026.csv");

      const downloadStarted = performance.now();
      const url = await fileDownloadUrl(admin.actor, uploaded.id);
      const res = await appFetch(url);
      const body = new Uint8Array(await res.arrayBuffer());
      const downloadMs = performance.now() - downloadStarted;
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''Roster%20Fall%202026.csv`);
      expect(body.length).toBe(data.length);
      expect(sha256(body)).toBe(sha256(data));
      console.log(`[storage ${store.name}] 20 MB: upload ${Math.round(uploadMs)} ms (3 parts), download ${Math.round(downloadMs)} ms`);
    });

    it("answers the spec's shape with the server's part size and one URL per part", async () => {
      const admin = await signedIn(["ROLE_ADMIN"]);
      const res = await call(createUpload, "POST", "/en/api/v1/system/create-multipart-upload", {
        token: admin.token,
        body: { fileName: "scores.csv", contentType: "text/csv", size: 17 * MiB, purpose: "bulk-load" },
      });
      expect(res.status).toBe(200);
      // A client never chooses the key: one that names it is refused, not silently ignored.
      const keyed = await call(createUpload, "POST", "/en/api/v1/system/create-multipart-upload", {
        token: admin.token,
        body: { fileName: "scores.csv", contentType: "text/csv", size: 10, purpose: "bulk-load", key: "tenants/999/evil.csv" },
      });
      expect(keyed).toMatchObject({ status: 400, body: { errors: [{ field: "key" }] } });
      expect(Object.keys(res.body).sort()).toEqual(["bucket", "id", "partSize", "parts", "s3FileName", "uploadId"]);
      expect(res.body.partSize).toBe(8 * MiB);
      expect(res.body.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1, 2, 3]);
      expect(res.body.s3FileName.startsWith(`tenants/${admin.tenantId}/bulk-load/`)).toBe(true);
    });

    it("refuses another tenant's upload with 404, and a wrong bucket, empty or disordered parts with 400", async () => {
      const owner = await signedIn(["ROLE_ADMIN"]);
      const stranger = await signedIn(["ROLE_ADMIN"]);
      const colleague = await signedIn(["ROLE_ADMIN"], owner.tenantId);
      const created = await call(createUpload, "POST", "/p", {
        token: owner.token,
        body: { fileName: "a.csv", size: 6 * MiB, purpose: "bulk-load" },
      });
      const part = await appFetch(created.body.parts[0].url, { method: "PUT", body: new Blob([asKind("a.csv", randomBytes(6 * MiB))]) });
      expect(part.status).toBe(200);
      const complete = { s3FileName: created.body.s3FileName, bucket: created.body.bucket, uploadId: created.body.uploadId };
      const parts = [{ ETag: part.headers.get("etag"), PartNumber: 1 }];
      const path = "/en/api/v1/system/complete-multipart-upload";

      const otherTenant = await call(completeUpload, "POST", path, { token: stranger.token, body: { ...complete, parts } });
      expect(otherTenant.status).toBe(404);
      const rewritten = complete.s3FileName.replace(`tenants/${owner.tenantId}/`, `tenants/${stranger.tenantId}/`);
      const movedKey = await call(completeUpload, "POST", path, { token: stranger.token, body: { ...complete, s3FileName: rewritten, parts } });
      expect(movedKey.status).toBe(404);
      const notOwner = await call(completeUpload, "POST", path, { token: colleague.token, body: { ...complete, parts } });
      expect(notOwner.status).toBe(404);
      const traversal = `tenants/${owner.tenantId}/../${stranger.tenantId}/x.csv`;
      const dotted = await call(completeUpload, "POST", path, { token: owner.token, body: { ...complete, s3FileName: traversal, parts } });
      expect(dotted).toMatchObject({ status: 400, body: { message: "Invalid file key" } });
      const bucket = await call(completeUpload, "POST", path, { token: owner.token, body: { ...complete, bucket: "elsewhere", parts } });
      expect(bucket).toMatchObject({ status: 400, body: { message: "Unknown bucket" } });
      const empty = await call(completeUpload, "POST", path, { token: owner.token, body: { ...complete, parts: [] } });
      expect(empty).toMatchObject({ status: 400, body: { message: "The parts list is empty" } });
      const disordered = [parts[0], { ...parts[0], PartNumber: 1 }];
      const order = await call(completeUpload, "POST", path, { token: owner.token, body: { ...complete, parts: disordered } });
      expect(order).toMatchObject({ status: 400, body: { message: "Parts must be listed in ascending order of PartNumber" } });
      if (store.name === "local") {
        // s3rver accepts any ETag on completion; S3 answers InvalidPart, which the driver maps to 400.
        const wrongEtag = await call(completeUpload, "POST", path, {
          token: owner.token,
          body: { ...complete, parts: [{ ETag: `"${"0".repeat(32)}"`, PartNumber: 1 }] },
        });
        expect(wrongEtag).toMatchObject({ status: 400, body: { message: "Part 1 was not uploaded or its ETag does not match" } });
      }
      const [row] = await db().select().from(files).where(eq(files.id, created.body.id));
      expect(row.status).toBe("uploading");
      expect(await store.driver.exists(complete.s3FileName)).toBe(false);

      const done = await call(completeUpload, "POST", path, { token: owner.token, body: { ...complete, parts } });
      expect(done).toMatchObject({ status: 200, body: { s3FileName: complete.s3FileName, bucket: complete.bucket, size: 6 * MiB } });
      const again = await call(completeUpload, "POST", path, { token: owner.token, body: { ...complete, parts } });
      expect(again).toMatchObject({ status: 200, body: { size: 6 * MiB } });
      await expect(fileDownloadUrl(stranger.actor, created.body.id)).rejects.toMatchObject({ status: 404 });
    });

    it("refuses a part body larger or smaller than the part's declared size", async () => {
      const admin = await signedIn(["ROLE_ADMIN"]);
      const created = await call(createUpload, "POST", "/p", { token: admin.token, body: { fileName: "a.csv", size: 10, purpose: "bulk-load" } });
      const url = created.body.parts[0].url;
      // The local driver answers 413/400; S3 refuses with 403, Content-Length being a signed header.
      const large = await appFetch(url, { method: "PUT", body: new Blob([randomBytes(2 * MiB)]) });
      expect(store.name === "local" ? [413] : [403]).toContain(large.status);
      const small = await appFetch(url, { method: "PUT", body: new Blob([randomBytes(9)]) });
      expect(store.name === "local" ? [400] : [403]).toContain(small.status);
      const exact = await appFetch(url, { method: "PUT", body: new Blob([randomBytes(10)]) });
      expect(exact.status).toBe(200);
    });

    it("refuses a file that differs from the announced size and keeps nothing", async () => {
      const admin = await signedIn(["ROLE_ADMIN"]);
      const created = await call(createUpload, "POST", "/p", { token: admin.token, body: { fileName: "a.csv", size: 1000, purpose: "bulk-load" } });
      // A part URL signed for another size than the one announced (the routes never issue one).
      const url = await store.driver.presignPart({ key: created.body.s3FileName, uploadId: created.body.uploadId, partNumber: 1, size: 999 });
      const part = await appFetch(url, { method: "PUT", body: new Blob([randomBytes(999)]) });
      expect(part.status).toBe(200);
      const res = await call(completeUpload, "POST", "/p", {
        token: admin.token,
        body: {
          s3FileName: created.body.s3FileName,
          bucket: created.body.bucket,
          uploadId: created.body.uploadId,
          parts: [{ ETag: part.headers.get("etag"), PartNumber: 1 }],
        },
      });
      expect(res).toMatchObject({ status: 400, body: { message: "The uploaded file does not match the announced size" } });
      expect(await store.driver.exists(created.body.s3FileName)).toBe(false);
      const [row] = await db().select().from(files).where(eq(files.id, created.body.id));
      expect(row.status).toBe("aborted");
    });

    it("fails on the client with the spec's text when a part is refused", async () => {
      const admin = await signedIn(["ROLE_ADMIN"]);
      // The client gives up at the refusal while part 1 is still being written: the test waits for it,
      // so the folder's removal after the suite does not race the write (ENOTEMPTY).
      const sent: Promise<Response>[] = [];
      const forging: typeof fetch = (input, init) => {
        const answer = init?.method === "PUT" && String(input).includes("partNumber=2") ? appFetch(forgeSignature(String(input)), init) : appFetch(input, init);
        sent.push(answer);
        return answer;
      };
      const upload = uploadFile(new Blob([randomBytes(12 * MiB)]), { purpose: "bulk-load", fileName: "b.csv", headers: admin.headers, fetch: forging });
      await expect(upload).rejects.toThrow("Failed to upload part 2");
      await Promise.allSettled(sent);
    });

    it("stores, reads, lists and deletes small objects", async () => {
      const key = "tenants/1/reports/summary.txt";
      await store.driver.putObject(key, "hello district", "text/plain");
      expect(await store.driver.exists(key)).toBe(true);
      const object = await store.driver.getObject(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).toString()).toBe("hello district");
      expect(object).toMatchObject({ size: 14, contentType: "text/plain" });
      await store.driver.deleteObject(key);
      expect(await store.driver.exists(key)).toBe(false);
      await expect(store.driver.getObject(key)).rejects.toMatchObject({ status: 404 });
      await expect(store.driver.putObject("tenants/1/../../x", "x")).rejects.toMatchObject({ status: 400 });
    });
  });
}

describe("unfinished uploads", () => {
  let store: StorageUnderTest;
  beforeAll(async () => {
    store = await useLocalStorage();
  });
  afterAll(async () => {
    await store.stop();
  });

  it("are aborted by the sweep and can no longer be completed", async () => {
    const admin = await signedIn(["ROLE_ADMIN"]);
    const created = await call(createUpload, "POST", "/p", { token: admin.token, body: { fileName: "a.csv", size: 10, purpose: "bulk-load" } });
    const part = await appFetch(created.body.parts[0].url, { method: "PUT", body: new Blob([randomBytes(10)]) });
    expect(await abortStaleUploads(60_000)).toBe(0);
    expect(await abortStaleUploads(-1)).toBeGreaterThanOrEqual(1);
    const res = await call(completeUpload, "POST", "/p", {
      token: admin.token,
      body: {
        s3FileName: created.body.s3FileName,
        bucket: "local",
        uploadId: created.body.uploadId,
        parts: [{ ETag: part.headers.get("etag"), PartNumber: 1 }],
      },
    });
    expect(res).toMatchObject({ status: 404, body: { message: "Upload not found" } });
  });
});
