import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { downloads, files } from "@/db/schema";
import { GET as list } from "@/app/en/api/v1/downloads/route";
import { PUT as publish } from "@/app/en/api/v1/downloads/[slot]/route";
import { GET as fileOf } from "@/app/en/api/v1/downloads/[slot]/file/route";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { DOWNLOAD_UPLOAD_PURPOSE } from "@/lib/downloads/slots";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { appFetch, useLocalStorage, type StorageUnderTest } from "../support/storage";

let store: StorageUnderTest;
let systemToken: string;
let otherSystemToken: string;
let teacherToken: string;
let adminToken: string;

beforeAll(async () => {
  store = await useLocalStorage();
  const a = await makeTenant();
  const b = await makeTenant();
  systemToken = await tokenFor(await makeUser(a.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
  otherSystemToken = await tokenFor(await makeUser(b.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
  adminToken = await tokenFor(await makeUser(a.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
  teacherToken = await tokenFor(await makeUser(b.id, { roles: ["ROLE_TEACHER"] }));
});
afterAll(async () => {
  await store.stop();
});
// The six slots are the whole system's: each test starts with none published.
beforeEach(async () => {
  await db().delete(downloads);
});

/** The first bytes of a ZIP and an RPM: the upload's completion checks them. */
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]);
const RPM = new Uint8Array([0xed, 0xab, 0xee, 0xdb, 1, 2]);

/** Upload bytes through the spec's multipart protocol, as the downloads page does. */
async function upload(
  token: string,
  fileName: string,
  content: string | Uint8Array<ArrayBuffer>,
  purpose: "tenant-resource" | "bulk-load" = DOWNLOAD_UPLOAD_PURPOSE,
) {
  return uploadFile(new Blob([content]), { purpose, fileName, fetch: appFetch, headers: { authorization: `Bearer ${token}` } });
}

const put = (slot: string, body: unknown, token = systemToken) => call(publish, "PUT", `/en/api/v1/downloads/${slot}`, { token, params: { slot }, body });
const getFile = (slot: string, token = teacherToken) => call(fileOf, "GET", `/en/api/v1/downloads/${slot}/file`, { token, params: { slot } });
const slotRow = async (slot: string) => (await db().select().from(downloads).where(eq(downloads.slot, slot)))[0];

describe("downloads list", () => {
  it("lists the six slots, all not yet available at first, to any signed-in person", async () => {
    const res = await call(list, "GET", "/en/api/v1/downloads", { token: teacherToken });
    expect(res.status).toBe(200);
    expect(res.body.downloads.map((d: { slot: string }) => d.slot)).toEqual([
      "kra-web-app",
      "ela-web-app",
      "file-watcher-pc",
      "file-watcher-deb",
      "file-watcher-rpm",
      "file-watcher-zip",
    ]);
    expect(res.body.downloads.every((d: { file: unknown }) => d.file === null)).toBe(true);
    expect(res.body.downloads[0].title).toBe("KRA web app");
  });

  it("needs a session", async () => {
    expect(await call(list, "GET", "/en/api/v1/downloads")).toMatchObject({ status: 401, body: { message: "Authorization Error" } });
  });

  it("answers 404 'Not yet available' for an unpublished file and 400 for an unknown slot", async () => {
    expect(await getFile("file-watcher-rpm")).toMatchObject({ status: 404, body: { message: "Not yet available" } });
    expect(await getFile("nope")).toMatchObject({ status: 400, body: { message: "Unknown download" } });
  });
});

describe("publishing an installer", () => {
  it("publishes an uploaded file, which every tenant's staff can then download", async () => {
    const uploaded = await upload(systemToken, "watcher_1.0_amd64.deb", "!<arch>\ndeb v1");
    const res = await put("file-watcher-deb", { fileId: uploaded.id, version: "1.0.0" });
    expect(res.status).toBe(200);
    expect(res.body.download).toMatchObject({
      slot: "file-watcher-deb",
      file: { fileName: "watcher_1.0_amd64.deb", size: 14, version: "1.0.0" },
    });

    const listed = await call(list, "GET", "/en/api/v1/downloads", { token: teacherToken });
    expect(listed.body.downloads.find((d: { slot: string }) => d.slot === "file-watcher-deb").file.fileName).toBe("watcher_1.0_amd64.deb");

    const redirect = await getFile("file-watcher-deb");
    expect(redirect.status).toBe(302);
    const fetched = await appFetch(redirect.headers.get("location")!);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe("!<arch>\ndeb v1");
    expect(fetched.headers.get("content-disposition")).toContain("watcher_1.0_amd64.deb");
  });

  it("replaces a published file and removes the old one from storage", async () => {
    const published = await upload(systemToken, "watcher_1.0_amd64.deb", "!<arch>\ndeb v1");
    expect((await put("file-watcher-deb", { fileId: published.id, version: "1.0.0" })).status).toBe(200);
    const first = (await slotRow("file-watcher-deb"))!;
    const [oldFile] = await db().select().from(files).where(eq(files.id, first.fileId));
    const uploaded = await upload(systemToken, "watcher_1.1_amd64.deb", "!<arch>\ndeb v1.1");
    const res = await put("file-watcher-deb", { fileId: uploaded.id, version: "" });
    expect(res.status).toBe(200);
    expect(res.body.download.file).toMatchObject({ fileName: "watcher_1.1_amd64.deb", version: null });
    expect((await slotRow("file-watcher-deb"))!.fileId).toBe(uploaded.id);
    expect(await db().select().from(files).where(eq(files.id, oldFile.id))).toEqual([]);
    expect(await store.driver.exists(oldFile.storageKey)).toBe(false);
    const fetched = await appFetch((await getFile("file-watcher-deb")).headers.get("location")!);
    expect(await fetched.text()).toBe("!<arch>\ndeb v1.1");
  });

  it("refuses anyone but a system admin, changing nothing", async () => {
    const uploaded = await upload(adminToken, "kra.zip", ZIP);
    for (const token of [adminToken, teacherToken]) {
      expect(await put("kra-web-app", { fileId: uploaded.id }, token)).toMatchObject({
        status: 403,
        body: { message: "Token does not have the required permissions" },
      });
    }
    expect(await put("kra-web-app", { fileId: uploaded.id }, "")).toMatchObject({ status: 401 });
    expect(await slotRow("kra-web-app")).toBeUndefined();
  });

  it("refuses a file of the wrong kind for the slot", async () => {
    const rpm = await upload(systemToken, "watcher.rpm", RPM);
    const res = await put("file-watcher-zip", { fileId: rpm.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "The File watcher for Linux (zip) must be a .zip, .tar.gz, .tgz file",
      errors: [{ field: "fileId", message: "The File watcher for Linux (zip) must be a .zip, .tar.gz, .tgz file" }],
    });
    const roster = await upload(systemToken, "roster.csv", "stateId\n1\n", "bulk-load");
    expect(await put("file-watcher-zip", { fileId: roster.id })).toMatchObject({
      status: 400,
      body: { message: "This file was not uploaded as an installer" },
    });
    expect(await slotRow("file-watcher-zip")).toBeUndefined();
  });

  it("answers another tenant's file, an unfinished upload and an unknown id with 404", async () => {
    const theirs = await upload(otherSystemToken, "watcher.rpm", RPM);
    expect(await put("file-watcher-rpm", { fileId: theirs.id })).toMatchObject({ status: 404, body: { message: "File not found" } });
    const { id: _id, ...row } = (await db().select().from(files).where(eq(files.id, theirs.id)))[0];
    const [unfinished] = await db()
      .insert(files)
      .values({ ...row, storageKey: "tenants/x/unfinished.rpm", status: "uploading", size: null, completedAt: null })
      .returning();
    expect(await put("file-watcher-rpm", { fileId: unfinished.id }, otherSystemToken)).toMatchObject({ status: 404 });
    expect(await put("file-watcher-rpm", { fileId: 999999 })).toMatchObject({ status: 404 });
    expect(await slotRow("file-watcher-rpm")).toBeUndefined();
  });

  it("validates the body", async () => {
    expect(await put("file-watcher-pc", {})).toMatchObject({ status: 400, body: { message: "File id is required" } });
    expect(await put("file-watcher-pc", { fileId: "abc" })).toMatchObject({ status: 400, body: { message: "File id is required" } });
    expect(await put("file-watcher-pc", { fileId: -1 })).toMatchObject({ status: 400, body: { message: "File id is required" } });
    const exe = await upload(systemToken, "setup.exe", "MZ exe");
    expect(await put("file-watcher-pc", { fileId: exe.id, version: "x".repeat(41) })).toMatchObject({
      status: 400,
      body: { message: "Version must be at most 40 characters" },
    });
    expect(await put("file-watcher-pc", { fileId: exe.id, version: "<script>" })).toMatchObject({ status: 400 });
    expect(await put("unknown-slot", { fileId: exe.id })).toMatchObject({ status: 400, body: { message: "Unknown download" } });
    expect(await slotRow("file-watcher-pc")).toBeUndefined();
    expect(await put("file-watcher-pc", { fileId: exe.id, version: "2.4.1 beta" })).toMatchObject({ status: 200 });
  });
});
