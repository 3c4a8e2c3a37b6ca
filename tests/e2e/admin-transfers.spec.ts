import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, pickLocation, screenshot, signIn, test } from "./support";

/**
 * Transfers between two admins: the Baltimore County district admin requests a move of one of their
 * students to a Howard County school; the tenant admin (who reaches the receiving school) approves it
 * by keyboard. Then the tenant admin merges two duplicate records and reads both changes in the audit
 * trail. axe on every page and dialog.
 */

const RECEIVING_REGION = "Central Maryland";
const RECEIVING_DISTRICT = "Howard County Public School System";

test.describe.configure({ mode: "serial" });

async function bearer(request: APIRequestContext, username: string) {
  const res = await request.post("/en/api/v1/login", { data: { username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).jwt}` };
}

/** A student of the admin's own first location, created through the API (so the demo's rosters stay as they are). */
async function newStudent(request: APIRequestContext, username: string, fields: { tenantUniqueId: string; firstName: string; lastName: string; dob?: string }) {
  const headers = await bearer(request, username);
  const list = await request.get("/en/api/v1/students?pageSize=1", { headers });
  const locationId = (await list.json()).students[0].parentLocationId as number;
  const res = await request.post("/en/api/v1/students", { headers, data: { ...fields, locationId } });
  expect(res.status()).toBe(200);
  return (await res.json()).student as { id: number; tenantUniqueId: string };
}

async function openTransfers(page: Page) {
  await page.getByRole("link", { name: "Transfers", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
}

test("a district admin requests a transfer and the receiving side's admin approves it by keyboard", async ({ page, browser, request, world }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const kid = await newStudent(request, world.districtAdmin, { tenantUniqueId: "E2E-T-0042", firstName: "Tess", lastName: "Mover" });

  await signIn(page, world.districtAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await openTransfers(page);
  await expect(page.getByRole("link", { name: "Incoming" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No transfer requests are waiting for your decision.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Request transfer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Request transfer" })).toBeVisible();
  await expect(page.getByText("Find the student first")).toBeVisible();
  await page.getByLabel("Student State ID").fill(kid.tenantUniqueId);
  await page.getByLabel("Student State ID").press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: /Tess Mover/ })).toBeVisible();
  // Where to: Region, then District, then Location (spec §5); asked without one, the first level says so.
  await page.getByRole("button", { name: "Request transfer" }).press("Enter");
  await expect(page.getByText("Region is required")).toBeVisible();
  await expect(page.getByLabel("Region", { exact: true })).toBeFocused();
  await expect(page.getByLabel("District", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const destination = await pickLocation(page, { region: RECEIVING_REGION, district: RECEIVING_DISTRICT });
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-transfers-request");
  await page.getByRole("button", { name: "Request transfer" }).press("Enter");
  await expect(page.getByText("Student Transfer Requested")).toBeVisible();
  await expect(page).toHaveURL(/list=outgoing/);
  const outgoing = page.getByRole("table", { name: "Transfers: outgoing" });
  await expect(outgoing.getByRole("row", { name: /Mover, Tess/ })).toContainText("Waiting for the receiving side");
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-transfers-outgoing");

  // The receiving side, in its own session.
  const receiving = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await receiving.newPage();
  await signIn(other, world.tenantAdmin);
  await expect(other).toHaveURL(/\/administrator\/dashboard$/);
  await openTransfers(other);
  const incoming = other.getByRole("table", { name: "Transfers: incoming" });
  const row = incoming.getByRole("row", { name: /Mover, Tess/ });
  await expect(row).toContainText(destination);
  await expectNoAxeViolations(other);
  await screenshot(other, "admin-transfers-incoming");
  await row.getByRole("button", { name: "Approve the transfer of Tess Mover" }).focus();
  await other.keyboard.press("Enter");
  const dialog = other.getByRole("dialog", { name: "Approve transfer" });
  await expect(dialog).toContainText(`moves from`);
  await expectNoAxeViolations(other);
  await screenshot(other, "admin-transfers-approve-dialog");
  await dialog.getByRole("button", { name: "Approve", exact: true }).focus();
  await other.keyboard.press("Enter");
  await expect(other.getByText("Transfer Request Approved")).toBeVisible();
  await expect(incoming.getByRole("row", { name: /Mover, Tess/ })).toHaveCount(0);
  await other.getByRole("link", { name: "History" }).click();
  await expect(other.getByRole("table", { name: "Transfers: history" }).getByRole("row", { name: /Mover, Tess/ })).toContainText("Approved");
  await expectNoAxeViolations(other);
  await screenshot(other, "admin-transfers-history");

  // The child is now listed at the receiving school.
  await other.goto(`/administrator/students?search=${kid.tenantUniqueId}`);
  await expect(other.getByRole("table", { name: "Students" }).getByRole("row", { name: /Mover/ })).toContainText(destination);
  // The requester sees it in their history too.
  await page.goto("/administrator/transfers?list=history");
  await expect(page.getByRole("table", { name: "Transfers: history" }).getByRole("row", { name: /Mover, Tess/ })).toContainText("Approved");
  await receiving.close();

  // A second request, withdrawn by the sending side while it waits.
  const stay = await newStudent(request, world.districtAdmin, { tenantUniqueId: "E2E-T-0043", firstName: "Wes", lastName: "Stayer" });
  await page.goto(`/administrator/transfers/new?stateId=${stay.tenantUniqueId}`);
  await expect(page.getByRole("heading", { level: 2, name: /Wes Stayer/ })).toBeVisible();
  await pickLocation(page, { region: RECEIVING_REGION, district: RECEIVING_DISTRICT, location: destination });
  await page.getByRole("button", { name: "Request transfer" }).press("Enter");
  await expect(page.getByText("Student Transfer Requested")).toBeVisible();
  const waiting = outgoing.getByRole("row", { name: /Stayer, Wes/ });
  await waiting.getByRole("button", { name: "Withdraw the transfer of Wes Stayer" }).press("Enter");
  const withdraw = page.getByRole("dialog", { name: "Withdraw transfer request" });
  await expect(withdraw).toContainText("is withdrawn");
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-transfers-withdraw-dialog");
  await withdraw.getByRole("button", { name: "Withdraw", exact: true }).press("Enter");
  await expect(page.getByText("Transfer Request Withdrawn")).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await page.goto("/administrator/transfers?list=history");
  await expect(page.getByRole("table", { name: "Transfers: history" }).getByRole("row", { name: /Stayer, Wes/ })).toContainText("Withdrawn");
});

test("a tenant admin merges two duplicate students and reads the changes in the audit trail", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const keep = await newStudent(request, world.tenantAdmin, { tenantUniqueId: "E2E-M-0001", firstName: "Mira", lastName: "Dupont", dob: "2021-02-03" });
  const dupe = await newStudent(request, world.tenantAdmin, { tenantUniqueId: "E2E-M-0002", firstName: "Mira", lastName: "Dupond", dob: "2021-02-03" });

  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await openTransfers(page);
  await page.getByRole("link", { name: "Merge students" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merge students" })).toBeVisible();
  await page.getByLabel("Keep (primary) state ID").fill(keep.tenantUniqueId);
  await page.getByLabel("Duplicate (secondary) state ID").fill(dupe.tenantUniqueId);
  await page.getByLabel("Duplicate (secondary) state ID").press("Enter");
  const compare = page.getByRole("table", { name: /primary and secondary records/ });
  await expect(compare.getByRole("row", { name: /Last name/ })).toContainText("Differs");
  await expect(compare.getByRole("row", { name: /First name/ })).toContainText("Same");
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-transfers-merge-compare");
  await page.getByRole("button", { name: "Merge students" }).press("Enter");
  const dialog = page.getByRole("dialog", { name: "Merge students" });
  await expect(dialog).toContainText("is folded into");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Merge", exact: true }).press("Enter");
  await expect(page.getByText(/^Students merged/)).toBeVisible();

  // The merge lands on the primary's trail.
  await expect(page).toHaveURL(new RegExp(`/administrator/audit\\?entityType=student&entityId=${keep.id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  const trail = page.getByRole("table", { name: "Audit trail" });
  await expect(trail.getByRole("row", { name: /merge/ }).first()).toContainText("Dupont");
  await expect(trail.getByRole("row", { name: /create/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-transfers-audit-merge");
  // The retired duplicate is no longer found.
  await page.goto(`/administrator/students?search=${dupe.tenantUniqueId}`);
  await expect(page.getByText("No students match.", { exact: false })).toBeVisible();

  // The transfer's trail: before and after, filtered by record type and date.
  await page.goto("/administrator/audit");
  await page.getByLabel("Record type").selectOption("student");
  await page.getByLabel("From").fill(new Date().toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Filter" }).press("Enter");
  await expect(page).toHaveURL(/entityType=student/);
  const approved = trail.getByRole("row", { name: /approve/ }).first();
  await expect(approved).toContainText("Tess Mover");
  await expect(approved).toContainText("status: pending");
  // The enrollment's move: location, district and region before and after.
  // The enrollment's move names the organisations: location, district and region before and after.
  const move = trail
    .getByRole("row", { name: /Tess Mover/ })
    .filter({ hasText: "region:" })
    .first();
  await expect(move).toContainText("student_enrollment");
  await expect(move).toContainText(RECEIVING_DISTRICT);
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-transfers-audit");
});
