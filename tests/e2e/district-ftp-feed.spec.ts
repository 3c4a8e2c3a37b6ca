import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { startFtpServer, type FtpServerUnderTest } from "../support/ftp-server";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, screenshot, signIn, test, type World } from "./support";

/**
 * The district FTP feed (spec §3, §7 ftp.json): a real FTP server (ftp-srv) in this test process
 * serves a roster file; the tenant admin opens a district this journey creates, saves FTP settings
 * pointing at it, presses "Fetch now", sees the run succeed with the file handed to a bulk load, and
 * finds that load complete on the Bulk loads page. Axe on each step. The integration is removed at
 * the end so the hourly run does not call a server that is gone.
 */

const snackbar = (page: Page) => page.getByTestId("snackbar").locator("p");

let ftp: FtpServerUnderTest;

test.beforeAll(async () => {
  ftp = await startFtpServer();
});

test.afterAll(async () => {
  await ftp?.stop();
});

async function bearer(request: APIRequestContext, username: string) {
  const res = await request.post("/en/api/v1/login", { data: { username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).jwt}` };
}

/** A new district (under the demo's first region) with one school, for this run's feed. */
async function newDistrict(request: APIRequestContext, world: World, stamp: string) {
  const headers = await bearer(request, world.tenantAdmin);
  const [first] = (await (await request.get("/en/api/v1/districts?active=1", { headers })).json()).districts as { parentId: number }[];
  const district = await request.post("/en/api/v1/districts", { headers, data: { parentRegionId: first.parentId, nameLabel: `Feed District ${stamp}` } });
  expect(district.status()).toBe(200);
  const districtId = (await district.json()).district.id as number;
  const school = await request.post("/en/api/v1/locations", { headers, data: { parentDistrictId: districtId, nameLabel: `Feed School ${stamp}` } });
  expect(school.status()).toBe(200);
  return { headers, regionId: first.parentId, districtId, schoolId: (await school.json()).location.id as number };
}

test("an admin points a district's feed at an FTP server, fetches now and sees the roster loaded", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36).toUpperCase();
  const { headers, regionId, districtId, schoolId } = await newDistrict(request, world, stamp);
  const fileName = `roster-${stamp}.csv`;
  await mkdir(path.join(ftp.root, "rosters"));
  await writeFile(
    path.join(ftp.root, "rosters", fileName),
    [
      "stateId,firstName,lastName,birthDate,gender,locationId",
      `FTP-${stamp}-1,Feedella,Wirewright,2021-03-04,FEMALE,${schoolId}`,
      `FTP-${stamp}-2,Feedard,Wirewright,2021-05-06,MALE,${schoolId}`,
    ].join("\r\n"),
  );

  try {
    await signIn(page, world.tenantAdmin);
    await expect(page).toHaveURL(/\/administrator\/dashboard$/);
    await page.goto(`/administrator/organizations/regions/${regionId}/district/${districtId}/profile/details`);
    const integration = page.getByRole("region", { name: "Data integration" });
    await expect(integration.getByText("This district has no data integration.", { exact: false })).toBeVisible();

    await integration.getByLabel("Protocol").selectOption("ftp");
    await integration.getByLabel("Host").fill(ftp.host);
    await integration.getByLabel("Port").fill(String(ftp.port));
    await integration.getByLabel("Folder").fill("/rosters");
    await integration.getByLabel("User name").fill(ftp.username);
    await integration.getByLabel("Password").fill(ftp.password);
    await integration.getByRole("button", { name: "Save integration" }).click();
    await expect(snackbar(page)).toHaveText("Integration Saved");
    const runs = integration.getByRole("table", { name: "Latest feed runs, newest first" });
    await expect(runs.getByText("No runs yet.")).toBeVisible();
    await expectNoAxeViolations(page);

    await integration.getByRole("button", { name: "Fetch now" }).click();
    await expect(snackbar(page)).toHaveText("Fetch requested");
    const run = runs.getByRole("row").nth(1);
    await expect(run.getByText("Succeeded", { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(run).toContainText("Fetch now");
    await expect(run).toContainText(`${fileName}: bulk load`);
    await expect(integration.getByText(/^Last run .*: succeeded\.$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "district-ftp-feed-run");

    // The load it requested, on the admin's Bulk loads page, complete with both rows.
    await integration.getByRole("link", { name: "Bulk loads and their results files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bulk loads" })).toBeVisible();
    const load = page.getByRole("table", { name: "Bulk loads, newest first" }).getByRole("row").filter({ hasText: fileName });
    await expect(load.getByText("Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(load).toContainText("2 loaded");
    await expectNoAxeViolations(page);
  } finally {
    await request.delete(`/en/api/v1/data-integrations?districtId=${districtId}`, { headers });
  }
});
