import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, pickLocation, screenshot, signIn, test } from "./support";

/**
 * The tenant admin's student pages: create a student whose state id has leading zeros, choosing its
 * location level by level, find it by state id, edit it, and be refused a duplicate state id; axe on
 * each page, error state and result; the form, the picker and the table's sorting work from the keyboard.
 */

const STATE_ID = "000123";

/** axe once the page's fade-in has ended (mid-fade, text reads as too faint). */
async function axeWhenSettled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await expectNoAxeViolations(page);
}

test.describe.configure({ mode: "serial" });

test("an admin creates a student with state id 000123, finds it by state id and edits it", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "Students", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Students" })).toBeVisible();
  await axeWhenSettled(page);
  await screenshot(page, "admin-students-list");

  await expect(page.getByRole("columnheader", { name: /Last name/ })).toHaveAttribute("aria-sort", "ascending");
  for (const name of ["Last name", "First name", "State ID", "Birth date", "Location"])
    await expect(page.getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
  // Sorting by keyboard: focus the State ID header's button and press Enter; the server re-sorts.
  await page.getByRole("button", { name: /^State ID/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=stateId&order=asc/);
  await expect(page.getByRole("columnheader", { name: /State ID/ })).toHaveAttribute("aria-sort", "ascending");

  await page.getByRole("link", { name: "New student" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New student" })).toBeVisible();
  await axeWhenSettled(page);
  // The form by keyboard: type into the state id, Tab through the names.
  await page.getByLabel("Student State ID").focus();
  await page.keyboard.type(STATE_ID);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Nia");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Quill");
  await page.getByLabel("Birth date").fill("2021-05-04");
  await page.getByLabel("Gender").selectOption("FEMALE");
  await page.getByLabel("English language learner").check();
  await page.getByLabel("Asian").check();
  await page.getByLabel("White").check();
  // The location (spec §5): Region, then District, then Location, each asked for until chosen.
  const create = page.getByRole("button", { name: "Create student" });
  const region = page.getByLabel("Region", { exact: true });
  const district = page.getByLabel("District", { exact: true });
  await create.press("Enter");
  await expect(page.getByText("Region is required")).toBeVisible();
  await expect(region).toBeFocused();
  await expect(region).toHaveAttribute("aria-invalid", "true");
  await expect(district).toHaveCount(0);
  await axeWhenSettled(page);
  await screenshot(page, "admin-students-new-region-required");
  // By keyboard (typing selects the option): the region; its districts load and appear.
  await page.keyboard.type("Capital Region");
  await expect(page.getByText("Region is required")).toHaveCount(0);
  await expect(district).toBeEnabled();
  await create.press("Enter");
  await expect(page.getByText("District is required")).toBeVisible();
  await expect(district).toBeFocused();
  await page.keyboard.type("Montgomery");
  await expect(page.getByLabel("Location", { exact: true })).toBeEnabled();
  await create.press("Enter");
  await expect(page.getByText("Location is required")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  const school = (await page.getByLabel("Location", { exact: true }).locator("option:checked").textContent())!.trim();
  await screenshot(page, "admin-students-new");
  await create.press("Enter");
  await expect(page.getByText("Student created")).toBeVisible();
  // Spec §2: the new student's profile under its location.
  await expect(page).toHaveURL(/\/location\/\d+\/students\/\d+\/profile\/details$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nia Quill" })).toBeVisible();
  await expect(page.getByText(`State ID ${STATE_ID}`)).toBeVisible();
  await expect(page.getByText(school).first()).toBeVisible();
  await axeWhenSettled(page);

  // Find it by state id from the list.
  await page.goto("/administrator/students");
  await page.getByLabel("Name or state ID").fill(STATE_ID);
  await page.getByLabel("Name or state ID").press("Enter");
  await expect(page).toHaveURL(/search=000123/);
  const table = page.getByRole("table", { name: "Students" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell", { name: STATE_ID, exact: true })).toBeVisible();
  await table.getByRole("link", { name: "Quill" }).click();

  // Edit: a new last name; the state id keeps its zeros, the race choices their boxes.
  await expect(page.getByRole("heading", { level: 1, name: "Nia Quill" })).toBeVisible();
  await expect(page.getByLabel("Student State ID")).toHaveValue(STATE_ID);
  await expect(page.getByLabel("Asian")).toBeChecked();
  await expect(page.getByLabel("White")).toBeChecked();
  await axeWhenSettled(page);
  await page.getByLabel("Last name").fill("Quillon");
  // Her ISRs in Spanish unless a request chooses a language (null until now: English).
  await expect(page.getByLabel("ISR language")).toHaveValue("");
  await page.getByLabel("ISR language").selectOption("es");
  await page.getByRole("button", { name: "Save student" }).click();
  await expect(page.getByText("Student saved")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Nia Quillon" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("ISR language")).toHaveValue("es");
  await screenshot(page, "admin-students-edit");

  // The audit page shows the creation, the edit and the reads of the record (FERPA: access is logged too).
  const studentId = Number(/\/students\/(\d+)/.exec(page.url())![1]);
  await page.goto(`/administrator/audit?entityType=student&entityId=${studentId}`);
  const trail = page.getByRole("table", { name: "Audit trail" });
  const rowOf = (action: string) => trail.getByRole("row").filter({ has: page.getByRole("cell", { name: action, exact: true }) });
  await expect(rowOf("create").first()).toContainText("Nia Quillon (000123)");
  await expect(rowOf("update").first()).toContainText("lastName");
  await expect(rowOf("view").first()).toContainText("page:");
  await axeWhenSettled(page);
  await screenshot(page, "admin-students-audit");

  // The district filter narrows the list (the new student's location lies in one district).
  await page.goto("/administrator/students");
  await page.getByLabel("District").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/districtId=\d+/);
  await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();

  // A phone: the filters wrap, the table scrolls inside its own box; still no axe violation.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/administrator/students?search=Quillon");
  await expect(page.getByRole("table", { name: "Students" }).getByRole("link", { name: "Quillon" })).toBeVisible();
  await axeWhenSettled(page);
  await screenshot(page, "admin-students-phone");
});

test("a duplicate state id is refused with the spec's message", async ({ page, world }) => {
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/students/new");
  await page.getByLabel("Student State ID").fill(STATE_ID);
  await page.getByLabel("First name").fill("Other");
  await page.getByLabel("Last name").fill("Child");
  await pickLocation(page, { region: "Central Maryland", district: "Howard County Public School System" });
  await page.getByRole("button", { name: "Create student" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Student State ID must be unique" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/administrator\/students\/new$/);
  await axeWhenSettled(page);
  await screenshot(page, "admin-students-duplicate");
});
