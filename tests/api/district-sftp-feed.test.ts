import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { students } from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { FEED_MESSAGES, type FtpSettings } from "@/lib/organisations/ftp-client";
import { withSftp } from "@/lib/organisations/sftp-client";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { POST as savePost } from "@/app/en/api/v1/data-integrations/route";
import { POST as fetchPost } from "@/app/en/api/v1/data-integrations/fetch/route";
import { GET as ftpGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/integration/ftp.json/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeRegion, makeTenant, makeUser } from "../support/factories";
import { startSftpServer, type SftpServerUnderTest } from "../support/sftp-server";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { useLocalStorage, type StorageUnderTest } from "../support/storage";

setEnv(TEST_JOB_ENV);

/** A real SFTP server (ssh2) serves a temp folder with a fresh host key; the feed must be told to trust it. */
let sftp: SftpServerUnderTest;
let store: StorageUnderTest;

beforeAll(async () => {
  store = await useLocalStorage();
  sftp = await startSftpServer();
  await mkdir(path.join(sftp.root, "rosters"));
  await startWorkers(handlers);
});

// Each part only if it started: a failed start must show its own error, not this one's.
afterAll(async () => {
  await stopWorkers();
  await sftp?.stop();
  await store?.stop();
});

const settings = (extra: Partial<FtpSettings> = {}): FtpSettings => ({
  protocol: "sftp",
  host: sftp.host,
  port: sftp.port,
  directory: "/rosters",
  username: sftp.username,
  password: sftp.password,
  hostKey: sftp.hostKey,
  ...extra,
});

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: Error & { permanent?: boolean }) => ({ message: error.message, permanent: error.permanent }),
  );

describe("the SFTP client", () => {
  it("lists the folder's files with sizes and times and downloads them byte for byte", async () => {
    const body = Buffer.from("stateId,firstName\nS-1,Ada\n");
    await writeFile(path.join(sftp.root, "rosters", "list.csv"), body);
    await mkdir(path.join(sftp.root, "rosters", "archive"), { recursive: true });
    const { listed, downloaded } = await withSftp(settings(), async (session) => {
      const files = await session.list();
      return { listed: files, downloaded: await session.download("list.csv") };
    });
    expect(listed.map((f) => f.name)).toEqual(["list.csv"]);
    expect(listed[0].size).toBe(body.length);
    expect(Date.parse(listed[0].modifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(downloaded.equals(body)).toBe(true);
  });

  it("names the host key the server offered when none is trusted, and refuses a different one", async () => {
    expect(await failureOf(withSftp(settings({ hostKey: undefined }), async () => null))).toEqual({
      message: FEED_MESSAGES.hostKeyUnknown(sftp.hostKey),
      permanent: true,
    });
    const other = `SHA256:${"A".repeat(43)}`;
    expect(await failureOf(withSftp(settings({ hostKey: other }), async () => null))).toEqual({
      message: FEED_MESSAGES.hostKeyChanged(sftp.hostKey),
      permanent: true,
    });
  });

  it("says when the password is refused, the folder is missing or the server cannot be reached, never with the password", async () => {
    const login = await failureOf(withSftp(settings({ password: "Wrong-secret-9" }), async () => null));
    expect(login).toEqual({ message: FEED_MESSAGES.login, permanent: true });
    expect(await failureOf(withSftp(settings({ directory: "/missing" }), async () => null))).toEqual({
      message: FEED_MESSAGES.folder("/missing"),
      permanent: true,
    });
    const closed = await failureOf(withSftp(settings({ port: 1 }), async () => null));
    expect(closed).toEqual({ message: FEED_MESSAGES.connect(sftp.host, 1), permanent: false });
    expect(JSON.stringify([login, closed])).not.toContain("Wrong-secret-9");
  });
});

describe("a district feed over SFTP", () => {
  it("keeps the host key fingerprint with the settings and loads a new roster file through the bulk load", async () => {
    const tenant = await makeTenant();
    const region = await makeRegion(tenant.id);
    const district = await makeDistrict(tenant.id, region.id);
    const school = await makeLocation(tenant.id, district.id);
    const admin = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
    await mkdir(path.join(sftp.root, "district"));
    await writeFile(
      path.join(sftp.root, "district", "students.csv"),
      [
        "stateId,firstName,middleName,lastName,birthDate,gender,englishLanguageLearner,lowSes,specialEducation,race,locationId,priorCare",
        `SFTP-1,Grace,,Hopper,2021-03-04,FEMALE,0,0,0,4,${school.id},`,
      ].join("\n"),
    );
    const ftp = { protocol: "sftp", host: sftp.host, port: sftp.port, directory: "/district", username: sftp.username, password: sftp.password };

    const refused = await call(savePost, "POST", "/en/api/v1/data-integrations", {
      token: admin,
      body: { tenantsDistrictsId: district.id, ftp: { ...ftp, hostKey: "not a key" } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Host key fingerprint must be SHA256: followed by 43 characters");

    const saved = await call(savePost, "POST", "/en/api/v1/data-integrations", {
      token: admin,
      body: { tenantsDistrictsId: district.id, ftp: { ...ftp, hostKey: sftp.hostKey } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.dataIntegration.ftp).toMatchObject({ protocol: "sftp", hostKey: sftp.hostKey, passwordSet: true });

    const requested = await call(fetchPost, "POST", "/en/api/v1/data-integrations/fetch", { token: admin, body: { districtId: district.id } });
    expect(requested.status).toBe(200);
    const runId: number = requested.body.run.id;
    const params = { tenantId: String(tenant.id), regionId: String(region.id), districtId: String(district.id) };
    const run = await waitFor(
      async () => {
        const res = await call(ftpGet, "GET", `/en/api/v1/admin/tenants/${tenant.id}/regions/${region.id}/districts/${district.id}/integration/ftp.json`, {
          token: admin,
          params,
        });
        const found = res.body.integration.runs.find((r: { id: number }) => r.id === runId);
        return found && ["succeeded", "failed"].includes(found.status) ? found : undefined;
      },
      30_000,
      "sftp feed run",
    );
    expect(run).toMatchObject({
      status: "succeeded",
      filesFound: 1,
      filesLoaded: 1,
      message: null,
      loads: [expect.objectContaining({ fileName: "students.csv" })],
    });
    await waitFor(
      async () => {
        const loaded = await db()
          .select()
          .from(students)
          .where(and(eq(students.tenantId, tenant.id), inArray(students.tenantUniqueId, ["SFTP-1"])));
        return loaded.length === 1;
      },
      30_000,
      "student loaded",
    );
  });
});
