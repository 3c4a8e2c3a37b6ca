import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, screenshot, signIn, test, waitForMail } from "./support";

/**
 * The tenant admin's bulk load of users: choose the Users type, download its required-columns
 * template, upload a CSV of good and bad rows into a school this journey creates, watch the load
 * complete, find the new users with their invitation mails, and download the results file, which
 * names each bad row by its line and the users API's reason. Axe on each step.
 */

async function bearer(request: APIRequestContext, username: string) {
  const res = await request.post("/en/api/v1/login", { data: { username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).jwt}` };
}

test("an admin bulk loads users: the good rows become invited users, the results file names each bad row", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36).toLowerCase();
  const headers = await bearer(request, world.tenantAdmin);
  const districts = (await (await request.get("/en/api/v1/districts?active=1", { headers })).json()).districts as { id: number }[];
  const school = await request.post("/en/api/v1/locations", { headers, data: { parentDistrictId: districts[0].id, nameLabel: `Bulk Users School ${stamp}` } });
  expect(school.status()).toBe(200);
  const schoolId = (await school.json()).location.id as number;

  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/bulk-loads");
  await expect(page.getByRole("heading", { level: 1, name: "Bulk loads" })).toBeVisible();

  // The type picker offers the four types; Users names its own required columns and template.
  const picker = page.getByLabel("What the file holds");
  await expect(picker.getByRole("option")).toHaveText(["Students with enrollments", "Users", "Rosters (students of teachers)", "Collection assignments"]);
  await picker.selectOption({ label: "Users" });
  await expect(page.getByText("Required columns: email, firstName, lastName.")).toBeVisible();
  await page.getByLabel("Required columns only").check();
  const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV template" }).click()]);
  expect(template.suggestedFilename()).toBe("users-template-required.csv");
  expect((await readFile((await template.path())!, "utf8")).replace("\ufeff", "").trim()).toBe("email,firstName,lastName");
  await expectNoAxeViolations(page);

  const ada = `ada.${stamp}@bulk.example`;
  const ben = `ben.${stamp}@bulk.example`;
  const csv = [
    "email,firstName,lastName,roles,locationId",
    `${ada},Ada,Bulkteacher,ROLE_TEACHER,${schoolId}`,
    `${ben},Ben,Bulkmanager,ROLE_DATA_MANAGER,${schoolId}`,
    `not-an-email,Cal,Bulkbad,ROLE_TEACHER,${schoolId}`,
    `dee.${stamp}@bulk.example,Dee,Bulkbad,ROLE_ADMIN,${schoolId}`,
    `eve.${stamp}@bulk.example,Eve,Bulkbad,ROLE_TEACHER,999999999`,
  ].join("\r\n");
  const fileName = `users-${stamp}.csv`;
  await page.getByLabel("File (CSV or Excel, up to 50 MB)").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and load" }).click();
  await expect(page.getByText("Your bulk load has been successfully requested")).toBeVisible();

  const row = page.getByRole("table", { name: "Bulk loads, newest first" }).getByRole("row").filter({ hasText: fileName });
  await expect(row.getByText("Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText("Users");
  await expect(row).toContainText("2 loaded");
  await expect(row).toContainText("3 refused");
  await expectNoAxeViolations(page);
  await screenshot(page, "bulk-load-users-complete");

  const resultsLink = row.getByRole("link", { name: `Results of ${fileName}` });
  await resultsLink.focus();
  const [results] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect((await readFile((await results.path())!, "utf8")).replace("\ufeff", "").trim().split("\r\n")).toEqual([
    "line,email,reason",
    "4,not-an-email,email: Invalid email format",
    `5,dee.${stamp}@bulk.example,roles: Roles may be ROLE_TEACHER or ROLE_DATA_MANAGER`,
    `6,eve.${stamp}@bulk.example,locationId: Organization not found`,
  ]);

  // The good rows are users of the school, each invited as POST /users invites.
  const found = (await (await request.get(`/en/api/v1/users?search=${encodeURIComponent(ada)}`, { headers })).json()).users as {
    email: string;
    roles: string[];
  }[];
  expect(found).toEqual([expect.objectContaining({ email: ada, roles: ["ROLE_TEACHER"] })]);
  expect(await waitForMail(ada)).toContain("user-registration");
  expect(await waitForMail(ben)).toContain("user-registration");
});
