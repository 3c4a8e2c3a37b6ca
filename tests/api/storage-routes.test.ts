import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { files, type Role } from "@/db/schema";
import { LocalStorage, S3Storage, installStorage } from "@/lib/platform/storage";
import { signedUrl } from "@/lib/platform/storage/signing";
import { POST as createUpload } from "@/app/en/api/v1/system/create-multipart-upload/route";
import { POST as completeUpload } from "@/app/en/api/v1/system/complete-multipart-upload/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { appFetch, useLocalStorage, type StorageUnderTest } from "../support/storage";

const MiB = 1024 * 1024;
const PARTS = "/en/api/v1/storage/parts";
const DOWNLOAD = "/en/api/v1/storage/download";
const CREATE = "/en/api/v1/system/create-multipart-upload";

let store: StorageUnderTest & { driver: LocalStorage };
beforeAll(async () => {
  store = await useLocalStorage();
});
afterAll(async () => {
  await store.stop();
});

async function adminToken(roles: Role[] = ["ROLE_ADMIN"]) {
  const tenant = await makeTenant();
  return tokenFor(await makeUser(tenant.id, { roles }));
}

async function startUpload(size = 6 * MiB, token?: string) {
  const res = await call(createUpload, "POST", CREATE, { token: token ?? (await adminToken()), body: { fileName: "a.csv", size, purpose: "bulk-load" } });
  expect(res.status).toBe(200);
  return res.body as { id: number; uploadId: string; s3FileName: string; bucket: string; parts: { partNumber: number; url: string }[] };
}

const put = (url: string, body: BodyInit | null, headers?: Record<string, string>) => appFetch(url, { method: "PUT", body, headers });

describe("create-multipart-upload input and roles", () => {
  it("refuses a request without a token with 401 and a role that may not upload with 403", async () => {
    const body = { fileName: "a.csv", size: 10, purpose: "bulk-load" };
    expect(await call(createUpload, "POST", CREATE, { body })).toMatchObject({ status: 401, body: { message: "Authorization Error" } });
    const teacher = await adminToken(["ROLE_TEACHER"]);
    expect(await call(createUpload, "POST", CREATE, { token: teacher, body })).toMatchObject({
      status: 403,
      body: { message: "Token does not have the required permissions" },
    });
    expect(
      (await call(createUpload, "POST", CREATE, { token: teacher, body: { ...body, fileName: "a.jpg", contentType: "image/jpeg", purpose: "evidence" } }))
        .status,
    ).toBe(200);
    expect((await call(completeUpload, "POST", "/p", { body: { s3FileName: "x", bucket: "local", uploadId: "u", parts: [] } })).status).toBe(401);
  });

  it.each([
    ["a size of 0", { size: 0 }, "File size must be greater than 0"],
    ["a negative size", { size: -5 }, "File size must be greater than 0"],
    ["a size over 2 GiB", { size: 2 * 1024 * MiB + 1 }, "File size may not exceed 2 GiB"],
    ["a fractional size", { size: 1.5 }, "File size must be a whole number of bytes"],
    ["a size given as text", { size: "100" }, "File size is required"],
    ["no file name", { fileName: "" }, "File name is required"],
    ["an unknown purpose", { purpose: "anything" }, "Unknown file purpose"],
    ["a malformed content type", { contentType: "<script>" }, "Content type is not valid"],
    ["a NUL in the file name", { fileName: "a\u0000.csv" }, "File name may not contain control characters"],
    ["a NUL in the content type", { contentType: "text/csv; x=\u0000" }, "Content type is not valid"],
  ])("refuses %s with 400 and creates nothing", async (_label, change, message) => {
    const token = await adminToken();
    const before = await db().select({ id: files.id }).from(files);
    const res = await call(createUpload, "POST", CREATE, { token, body: { fileName: "a.csv", size: 10, purpose: "bulk-load", ...change } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await db().select({ id: files.id }).from(files)).toHaveLength(before.length);
  });
});

describe("what each purpose takes, refused at the start", () => {
  const GiB = 1024 * MiB;
  it.each([
    [
      "evidence of 2 GiB",
      ["ROLE_TEACHER"],
      { purpose: "evidence", fileName: "a.jpg", contentType: "image/jpeg", size: 2 * GiB },
      413,
      "File is larger than 100 MB",
    ],
    [
      "a program as evidence",
      ["ROLE_TEACHER"],
      { purpose: "evidence", fileName: "x.exe", contentType: "application/x-msdownload", size: 10 },
      400,
      "File type not allowed: use a photo, PDF, audio or video file",
    ],
    [
      "a web page as evidence",
      ["ROLE_TEACHER"],
      { purpose: "evidence", fileName: "page.html", contentType: "text/html", size: 10 },
      400,
      "File type not allowed: use a photo, PDF, audio or video file",
    ],
    [
      "an SVG as evidence",
      ["ROLE_TEACHER"],
      { purpose: "evidence", fileName: "pic.svg", contentType: "image/svg+xml", size: 10 },
      400,
      "File type not allowed: use a photo, PDF, audio or video file",
    ],
    [
      "a page named as a photo",
      ["ROLE_TEACHER"],
      { purpose: "evidence", fileName: "pic.jpg", contentType: "text/html", size: 10 },
      400,
      "File type not allowed: use a photo, PDF, audio or video file",
    ],
    [
      "a program as a bulk load",
      ["ROLE_TENANT_ADMIN"],
      { purpose: "bulk-load", fileName: "x.exe", contentType: "application/x-msdownload", size: 10 },
      400,
      "The file must be a CSV (.csv) or Excel (.xlsx) file",
    ],
    [
      "a bulk load over 50 MB",
      ["ROLE_TENANT_ADMIN"],
      { purpose: "bulk-load", fileName: "a.csv", contentType: "text/csv", size: 50 * MiB + 1 },
      413,
      "The file may not be larger than 50 MB",
    ],
  ])("refuses %s and reserves nothing", async (_label, roles, body, status, message) => {
    const token = await adminToken(roles as Role[]);
    const before = await db().select({ id: files.id }).from(files);
    const res = await call(createUpload, "POST", CREATE, { token, body });
    expect(res).toMatchObject({ status, body: { message } });
    expect(await db().select({ id: files.id }).from(files)).toHaveLength(before.length);
  });

  it("takes what the purpose declares, whatever the case of the name and type", async () => {
    const teacher = await adminToken(["ROLE_TEACHER"]);
    const photo = await call(createUpload, "POST", CREATE, {
      token: teacher,
      body: { purpose: "evidence", fileName: "IMG_1.HEIC", contentType: "image/HEIC", size: 10 },
    });
    expect(photo.status).toBe(200);
    const admin = await adminToken(["ROLE_TENANT_ADMIN"]);
    const excelCsv = await call(createUpload, "POST", CREATE, {
      token: admin,
      body: { purpose: "bulk-load", fileName: "roster.csv", contentType: "application/vnd.ms-excel", size: 10 },
    });
    expect(excelCsv.status).toBe(200);
  });
});

describe("the stored content checked at completion", () => {
  async function uploadBytes(token: string, purpose: string, fileName: string, contentType: string, data: Uint8Array) {
    const created = await call(createUpload, "POST", CREATE, { token, body: { fileName, contentType, size: data.length, purpose } });
    expect(created.status).toBe(200);
    const { s3FileName, bucket, uploadId, parts, id } = created.body as {
      id: number;
      s3FileName: string;
      bucket: string;
      uploadId: string;
      parts: { url: string }[];
    };
    const part = await put(parts[0].url, new Blob([new Uint8Array(data)]));
    const completed = await call(completeUpload, "POST", "/p", {
      token,
      body: { s3FileName, bucket, uploadId, parts: [{ ETag: part.headers.get("etag")!, PartNumber: 1 }] },
    });
    const [row] = await db().select({ status: files.status }).from(files).where(eq(files.id, id));
    return { completed, status: row.status, key: s3FileName };
  }

  it.each([
    [
      "a CSV holding binary bytes",
      "bulk-load",
      "roster.csv",
      "text/csv",
      Buffer.from("stateId\u0000\u0001\u0002"),
      "The file must be a CSV (.csv) or Excel (.xlsx) file",
    ],
    [
      "an Excel name over plain text",
      "bulk-load",
      "roster.xlsx",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      Buffer.from("stateId,first\n1,A\n"),
      "The file must be a CSV (.csv) or Excel (.xlsx) file",
    ],
    [
      "a page uploaded as a PNG",
      "evidence",
      "pic.png",
      "image/png",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "File type not allowed: use a photo, PDF, audio or video file",
    ],
  ])("refuses %s, deletes it and marks the upload aborted", async (_label, purpose, fileName, type, data, message) => {
    const token = await adminToken(purpose === "evidence" ? ["ROLE_TEACHER"] : ["ROLE_TENANT_ADMIN"]);
    const { completed, status, key } = await uploadBytes(token, purpose, fileName, type, data);
    expect(completed).toMatchObject({ status: 400, body: { message } });
    expect(status).toBe("aborted");
    expect(await store.driver.exists(key)).toBe(false);
  });

  it("completes a file whose first bytes are what its name says", async () => {
    const teacher = await adminToken(["ROLE_TEACHER"]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(100)]);
    expect(await uploadBytes(teacher, "evidence", "drawing.png", "image/png", png)).toMatchObject({ completed: { status: 200 }, status: "complete" });
    const admin = await adminToken(["ROLE_TENANT_ADMIN"]);
    expect(await uploadBytes(admin, "bulk-load", "roster.csv", "text/csv", Buffer.from("stateId,firstName\n007,Ada\n"))).toMatchObject({ status: "complete" });
  });
});

describe("complete-multipart-upload input", () => {
  it.each([
    ["s3FileName", "a\u0000.csv"],
    ["bucket", "local\u0000"],
    ["uploadId", "0\u0000"],
    ["ETag", '"a\u0000"'],
  ])("refuses a NUL in %s with 400", async (field, value) => {
    const token = await adminToken();
    const upload = await startUpload(10, token);
    const body = { s3FileName: upload.s3FileName, bucket: upload.bucket, uploadId: upload.uploadId, parts: [{ ETag: '"x"', PartNumber: 1 }] };
    if (field === "ETag") body.parts[0].ETag = value;
    else Object.assign(body, { [field]: value });
    const res = await call(completeUpload, "POST", "/en/api/v1/system/complete-multipart-upload", { token, body });
    expect(res).toMatchObject({ status: 400, body: { message: `${field} may not contain control characters` } });
  });
});

describe("signed part URLs of the local driver", () => {
  it("stores a part and answers its quoted MD5 as ETag", async () => {
    const upload = await startUpload(1000);
    const data = randomBytes(1000);
    const res = await put(upload.parts[0].url, new Blob([data]));
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe(`"${createHash("md5").update(data).digest("hex")}"`);
  });

  it("refuses unsigned, tampered and expired part URLs with 403 and stores nothing", async () => {
    const upload = await startUpload();
    const url = new URL(upload.parts[0].url);
    const unsigned = new URL(url);
    unsigned.searchParams.delete("signature");
    expect(await (await put(unsigned.href, "x")).json()).toEqual({ message: "This link is not signed" });
    const tampered = new URL(url);
    tampered.searchParams.set("partNumber", "2");
    const tamperedRes = await put(tampered.href, "x");
    expect(tamperedRes.status).toBe(403);
    expect(await tamperedRes.json()).toEqual({ message: "This link's signature is not valid" });
    const params = { key: upload.s3FileName, uploadId: upload.uploadId, partNumber: "1" };
    const expired = await put(signedUrl("PUT", PARTS, params, 60, Date.now() - 3_600_000), "x");
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: "This link has expired" });
    const asDownload = await appFetch(url.href.replace(PARTS, DOWNLOAD));
    expect(asDownload.status).toBe(403);
    const staged = await readdir(path.join(store.driver.root, "uploads", upload.uploadId));
    expect(staged).toEqual(["upload.json"]);
  });

  it("refuses path traversal in a key or an upload id even when signed", async () => {
    const upload = await startUpload();
    const key = `tenants/1/../../../../etc/passwd`;
    const traversal = await put(signedUrl("PUT", PARTS, { key, uploadId: upload.uploadId, partNumber: "1", size: "1" }, 60), "x");
    expect(traversal.status).toBe(400);
    expect(await traversal.json()).toEqual({ message: "Invalid file key" });
    const badId = await put(signedUrl("PUT", PARTS, { key: upload.s3FileName, uploadId: "../../objects", partNumber: "1", size: "1" }, 60), "x");
    expect(badId.status).toBe(404);
    const otherKey = await put(signedUrl("PUT", PARTS, { key: "tenants/1/x.csv", uploadId: upload.uploadId, partNumber: "1", size: "1" }, 60), "x");
    expect(otherKey).toMatchObject({ status: 404 });
    const download = await appFetch(signedUrl("GET", DOWNLOAD, { key: "../../nextauth-secret" }, 60));
    expect(download.status).toBe(400);
  });

  it("refuses an empty part and a body shorter than the part's declared size with 400", async () => {
    const upload = await startUpload(10);
    expect(new URL(upload.parts[0].url).searchParams.get("size")).toBe("10");
    const empty = await put(upload.parts[0].url, new Blob([]));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: "The part is empty" });
    const short = await put(upload.parts[0].url, new Blob([randomBytes(9)]));
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "The part was not received completely" });
    const announcedShort = await put(upload.parts[0].url, "x".repeat(9), { "content-length": "9" });
    expect(announcedShort.status).toBe(400);
    expect(await readdir(path.join(store.driver.root, "uploads", upload.uploadId))).toEqual(["upload.json"]);
  });

  it("refuses a body larger than the part's declared size with 413, reading no further than the excess", async () => {
    const upload = await startUpload(10);
    const announced = await put(upload.parts[0].url, "x", { "content-length": String(2 * MiB) });
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({ message: "The part is larger than its declared 10 bytes" });
    // Without a length header the limit holds while streaming: 2 MiB offered in 64 KiB chunks.
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    const large = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ >= 32) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await put(upload.parts[0].url, large);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ message: "The part is larger than its declared 10 bytes" });
    expect(pulled).toBeLessThan(4);
    expect(await readdir(path.join(store.driver.root, "uploads", upload.uploadId))).toEqual(["upload.json"]);
    // A refused attempt does not use the URL up: the right bytes still go through.
    expect((await put(upload.parts[0].url, new Blob([randomBytes(10)]))).status).toBe(200);
  });

  it("stores a part once: the same URL again, even at the same time, is refused with 409", async () => {
    const upload = await startUpload(10);
    const first = await put(upload.parts[0].url, new Blob([randomBytes(10)]));
    expect(first.status).toBe(200);
    const replay = await put(upload.parts[0].url, new Blob([randomBytes(10)]));
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ message: "This part has already been uploaded" });

    const other = await startUpload(10);
    const racing = await Promise.all([1, 2, 3].map(() => put(other.parts[0].url, new Blob([randomBytes(10)]))));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const staged = (await readdir(path.join(store.driver.root, "uploads", other.uploadId))).filter((f) => f.endsWith(".part"));
    expect(staged).toHaveLength(1);
  });
});

describe("create-multipart-upload rate limit", () => {
  it("allows 60 uploads per person in 10 minutes, then answers 429 until older ones age out", async () => {
    const tenant = await makeTenant();
    const user = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"] });
    const token = await tokenFor(user);
    const row = {
      tenantId: tenant.id,
      ownerId: user.id,
      purpose: "bulk-load" as const,
      bucket: "local",
      originalFileName: "a.csv",
      contentType: "text/csv",
      declaredSize: 10,
    };
    const recent = Array.from({ length: 58 }, (_, i) => ({ ...row, storageKey: `tenants/${tenant.id}/bulk-load/recent-${i}` }));
    const old = Array.from({ length: 5 }, (_, i) => ({
      ...row,
      storageKey: `tenants/${tenant.id}/bulk-load/old-${i}`,
      createdAt: new Date(Date.now() - 11 * 60_000),
    }));
    await db()
      .insert(files)
      .values([...recent, ...old]);
    const body = { fileName: "a.csv", size: 10, purpose: "bulk-load" };
    expect((await call(createUpload, "POST", CREATE, { token, body })).status).toBe(200);
    // Parallel requests do not slip past the limit: one of them takes the 60th place.
    const parallel = await Promise.all([1, 2, 3, 4].map(() => call(createUpload, "POST", CREATE, { token, body })));
    expect(parallel.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect(parallel.find((r) => r.status === 429)!.body).toEqual({
      message: "Too many uploads started: at most 60 in 10 minutes. Wait a few minutes and try again.",
    });
    const [{ n }] = await db().select({ n: count() }).from(files).where(eq(files.ownerId, user.id));
    expect(n).toBe(65);
    // Someone else in the same tenant is not affected.
    expect((await call(createUpload, "POST", CREATE, { token: await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_ADMIN"] })), body })).status).toBe(200);
  });
});

describe("signed download URLs of the local driver", () => {
  it("streams the file as an attachment and refuses unsigned, tampered or expired links", async () => {
    await store.driver.putObject("tenants/9/evidence/page.html", "<script>alert(1)</script>", "text/html");
    const url = new URL(await store.driver.presignDownload("tenants/9/evidence/page.html", { fileName: "page.html" }));
    const ok = await appFetch(url.href);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(await ok.text()).toBe("<script>alert(1)</script>");

    const unsigned = new URL(url);
    unsigned.searchParams.delete("signature");
    expect((await appFetch(unsigned.href)).status).toBe(403);
    const renamed = new URL(url);
    renamed.searchParams.set("key", "tenants/8/evidence/page.html");
    expect(await (await appFetch(renamed.href)).json()).toEqual({ message: "This link's signature is not valid" });
    const expired = signedUrl("GET", DOWNLOAD, { key: "tenants/9/evidence/page.html" }, 60, Date.now() - 3_600_000);
    expect(await (await appFetch(expired)).json()).toEqual({ message: "This link has expired" });
    const missing = await appFetch(await store.driver.presignDownload("tenants/9/evidence/gone.html"));
    expect(missing.status).toBe(404);
  });

  it("are not served by the app when files live in S3", async () => {
    const upload = await startUpload();
    installStorage(new S3Storage({ bucket: "elsewhere", region: "us-east-1", endpoint: "http://127.0.0.1:9", partSize: 8 * MiB }));
    try {
      const res = await put(upload.parts[0].url, "x");
      expect(res.status).toBe(404);
      expect((await appFetch(await store.driver.presignDownload(upload.s3FileName))).status).toBe(404);
    } finally {
      installStorage(store.driver);
    }
  });
});
