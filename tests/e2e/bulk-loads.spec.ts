import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, screenshot, signIn, test, type World } from "./support";

/**
 * The tenant admin's bulk load: download the required-columns template, upload a CSV of good and bad
 * rows into a school this journey creates (the demo's schools stay as they are), watch the load
 * complete, find the good children on the students list, and download the results file, which names
 * each bad row by its line and reason. Then the job counts page with its bulk-load counts. Axe on
 * each step.
 */

async function bearer(request: APIRequestContext, username: string) {
  const res = await request.post("/en/api/v1/login", { data: { username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).jwt}` };
}

/** A new school of the demo's first district, for this run's children. */
async function newSchool(request: APIRequestContext, world: World, stamp: string): Promise<number> {
  const headers = await bearer(request, world.tenantAdmin);
  const districts = (await (await request.get("/en/api/v1/districts?active=1", { headers })).json()).districts as { id: number }[];
  const res = await request.post("/en/api/v1/locations", { headers, data: { parentDistrictId: districts[0].id, nameLabel: `Bulk Load School ${stamp}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).location.id as number;
}

test("an admin bulk loads a file of good and bad rows: the good ones load, the results file names each bad row", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36).toUpperCase();
  const schoolId = await newSchool(request, world, stamp);

  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "Bulk loads", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Bulk loads" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The required-columns template, by keyboard.
  await page.getByLabel("Required columns only").check();
  const templateLink = page.getByRole("link", { name: "Download CSV template" });
  await templateLink.focus();
  const [template] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(template.suggestedFilename()).toBe("students-template-required.csv");
  expect((await readFile((await template.path())!, "utf8")).replace("\ufeff", "").trim()).toBe("stateId,firstName,lastName,locationId");

  // A file with two good rows (one state id with leading zeros) and three bad ones.
  const good1 = `00${stamp}1`;
  const good2 = `BL-${stamp}-2`;
  const csv = [
    "stateId,firstName,lastName,birthDate,gender,locationId",
    `${good1},Bulkella,Loadwright,2021-03-04,FEMALE,${schoolId}`,
    `${good2},Bulkard,Loadwright,09/15/2021,MALE,${schoolId}`,
    `BAD ${stamp},Nope,Loadwright,2021-01-01,,${schoolId}`,
    `BL-${stamp}-4,Late,Loadwright,2021-13-01,,${schoolId}`,
    `${good1},Twice,Loadwright,2021-01-01,,${schoolId}`,
  ].join("\r\n");
  const fileName = `roster-${stamp}.csv`;

  // A wrong kind of file is refused before anything is sent.
  await page.getByLabel("File (CSV or Excel, up to 50 MB)").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await page.getByRole("button", { name: "Upload and load" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The file must be a CSV (.csv) or Excel (.xlsx) file" }).first()).toBeVisible();

  await page.getByLabel("File (CSV or Excel, up to 50 MB)").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and load" }).click();
  await expect(page.getByText("Your bulk load has been successfully requested")).toBeVisible();

  const table = page.getByRole("table", { name: "Bulk loads, newest first" });
  const row = table.getByRole("row").filter({ hasText: fileName });
  await expect(row.getByText("Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText("2 loaded");
  await expect(row).toContainText("3 refused");
  await expectNoAxeViolations(page);
  await screenshot(page, "bulk-loads-complete");

  const resultsLink = row.getByRole("link", { name: `Results of ${fileName}` });
  await resultsLink.focus();
  const [results] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const lines = (await readFile((await results.path())!, "utf8")).replace("\ufeff", "").trim().split("\r\n");
  expect(lines).toEqual([
    "line,stateId,reason",
    `4,BAD ${stamp},"stateId: Must be letters, digits or dashes"`,
    `5,BL-${stamp}-4,birthDate: Must be a date (YYYY-MM-DD or MM/DD/YYYY)`,
    `6,${good1},stateId: Student State ID must be unique (also on line 2)`,
  ]);

  // The good children are on the students list, state id with its leading zeros.
  const headers = await bearer(request, world.tenantAdmin);
  const found = (await (await request.get(`/en/api/v1/students?search=${good1}`, { headers })).json()).students as {
    tenantUniqueId: string;
    firstName: string;
    parentLocationId: number;
  }[];
  expect(found).toEqual([expect.objectContaining({ tenantUniqueId: good1, firstName: "Bulkella", parentLocationId: schoolId })]);
  const second = (await (await request.get(`/en/api/v1/students?search=${good2}`, { headers })).json()).students;
  expect(second).toHaveLength(1);

  // The job counts page counts bulk loads (queued and over 30 minutes).
  await page.goto("/administrator/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Job counts" })).toBeVisible();
  const section = page.getByRole("region", { name: "Bulk loads" });
  await expect(section.getByText("Queued", { exact: true })).toBeVisible();
  await expect(section.getByText("Over 30 minutes", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
