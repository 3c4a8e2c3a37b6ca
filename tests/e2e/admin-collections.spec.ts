import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * Collections administration (world.tenantAdmin): create a collection by keyboard (missing
 * dates refused with the spec's messages first) under a parent collection, open its details (spec
 * §2), add an item set, assign the collection to world.teacher's district (Baltimore County
 * Public Schools) and add a field test location through the Region → District → Location picker by
 * keyboard (its error state under axe), and set the scoring (levels, weights, a raw-to-scale
 * table); the teacher then sees it on their dashboard and scores a cell on its scoring screen. A
 * scored collection cannot be deleted; once the teacher clears the score, the journey takes the
 * district assignment and the set away and deletes the collection, so the demo teacher's lists are
 * left as they were. Names carry the run's time: the database outlives runs.
 */

const run = Date.now().toString(36);
const NAME = `Winter check ${run}`;
const REGION = "Central Maryland";
const DISTRICT = "Baltimore County Public Schools";
const snackbar = (page: Page) => page.getByTestId("snackbar").locator("p");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Presses Tab until the focused element is the button named `name`. */
async function tabToButton(page: Page, name: string, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => (document.activeElement?.tagName === "BUTTON" ? document.activeElement.textContent?.trim() : null));
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** axe once the snackbar and dialog have finished fading in. */
async function axe(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await expectNoAxeViolations(page);
}

test.describe.configure({ mode: "serial" });

test("a tenant admin builds a collection, assigns it to a district, and its teacher sees it", async ({ page, browser, world }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "Collections" }).first().click();
  await expect(page).toHaveURL(/\/administrator\/collections$/);
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  await expect(page.getByRole("table", { name: "All collections" })).toBeVisible();
  await axe(page);
  await screenshot(page, "collections-list");

  // New collection by keyboard: submitting it empty shows the spec's required-date messages.
  await page.locator("body").focus();
  await tabToButton(page, "New collection");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New collection" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Collection name")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Cycle start date is required")).toBeVisible();
  await expect(dialog.getByText("Cycle end date is required")).toBeVisible();
  await expect(dialog.getByText("Enrollment end date is required")).toBeVisible();
  await expect(snackbar(page)).toHaveText("Collection name is required");
  await axe(page);
  await screenshot(page, "collections-create-errors");

  await page.keyboard.type(NAME);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Assessment")).toBeFocused();
  await dialog.getByLabel("Assessment").selectOption({ label: "Kindergarten Readiness Assessment" });
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("School year")).toBeFocused();
  await dialog.getByLabel("School year").selectOption({ index: 1 });
  // An ELA-style checkpoint: the parent is the first collection offered.
  const parentName = (await dialog.getByLabel("Parent collection").locator("option").nth(1).textContent())!.replace(/ \([^)]*\)$/, "");
  await dialog.getByLabel("Parent collection").selectOption({ index: 1 });
  await dialog.getByLabel("Cycle start date").fill(day(-1));
  await dialog.getByLabel("Cycle end date").fill(day(1));
  await dialog.getByLabel("Enrollment end date").fill(day(20));
  await dialog.getByLabel("Cycle end date").fill(day(30));
  await dialog.getByLabel("Collection name").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/administrator\/collections\/\d+\/profile\/details$/);
  await expect(snackbar(page)).toHaveText("Collection successfully created");
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  const start = day(-1).split("-");
  await expect(page.getByText(`${start[1]}/${start[2]}/${start[0]}`)).toBeVisible();
  await expect(page.getByText(parentName, { exact: true })).toBeVisible();
  const id = Number(/collections\/(\d+)\//.exec(page.url())![1]);
  await axe(page);
  await screenshot(page, "collection-details");

  // An item set with three items.
  await page.getByRole("link", { name: "Item sets and supports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Item sets and supports" })).toBeVisible();
  await expect(page.getByText("No item sets yet")).toBeVisible();
  await page.getByRole("button", { name: "New item set" }).click();
  const setDialog = page.getByRole("dialog", { name: "New item set" });
  await setDialog.getByLabel("Label").fill("Language and Literacy");
  for (const code of ["LL01", "LL02", "LL03"]) await setDialog.getByRole("checkbox", { name: new RegExp(`^${code} `) }).check();
  await expect(setDialog.getByText("Items (3 chosen)")).toBeVisible();
  await axe(page);
  await screenshot(page, "collection-set-dialog");
  await setDialog.getByRole("button", { name: "Create item set" }).click();
  await expect(snackbar(page)).toHaveText("Item Set Language and Literacy created");
  await expect(page.getByRole("table", { name: "Items of Language and Literacy" }).getByRole("row")).toHaveCount(4);
  await axe(page);
  await screenshot(page, "collection-sets");

  // Assign to the teacher's district by keyboard, through the location picker stopped at the district:
  // asked without a choice, its first level says so; a district already assigned is refused.
  await page.getByRole("link", { name: "Assignments and field tests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Assignments and field tests" })).toBeVisible();
  const assign = page.getByRole("group", { name: "Assign to a district" });
  const assignDistrict = page.getByRole("button", { name: "Assign district" });
  await assignDistrict.press("Enter");
  await expect(assign.getByText("Region is required")).toBeVisible();
  await expect(assign.getByLabel("Region", { exact: true })).toBeFocused();
  await expect(assign.getByLabel("District", { exact: true })).toHaveCount(0);
  await axe(page);
  await screenshot(page, "collection-assign-region-required");
  await page.keyboard.type(REGION);
  await expect(assign.getByText("Region is required")).toHaveCount(0);
  await expect(assign.getByLabel("District", { exact: true })).toBeEnabled();
  await page.keyboard.press("Tab");
  await page.keyboard.type(DISTRICT);
  await expect(assign.getByLabel("District", { exact: true })).toHaveValue(/\d+/);
  await page.keyboard.press("Tab");
  await expect(assignDistrict).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(snackbar(page)).toContainText(`Collection assigned to ${DISTRICT} (`);
  const counts = page.getByRole("table", { name: "Locations covered" });
  await expect(counts.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("button", { name: `Remove ${DISTRICT}` })).toBeVisible();
  await assignDistrict.press("Enter");
  await expect(assign.getByText(`Already assigned to ${DISTRICT}`)).toBeVisible();

  // A field test school by keyboard: Region, District, then the district's first location.
  const fieldTest = page.getByRole("group", { name: "Add a location to the field test" });
  await fieldTest.getByLabel("Region", { exact: true }).focus();
  await page.keyboard.type(REGION);
  await expect(fieldTest.getByLabel("District", { exact: true })).toBeEnabled();
  await page.keyboard.press("Tab");
  await page.keyboard.type(DISTRICT);
  const school = fieldTest.getByLabel("Location", { exact: true });
  await expect(school).toBeEnabled();
  await page.keyboard.press("Tab");
  await expect(school).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const schoolName = (await school.locator("option:checked").textContent())!.trim();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add to field test" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(snackbar(page)).toHaveText(`${schoolName} added to the field test`);
  await expect(page.getByText("Assigned (1)")).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove ${schoolName} from the field test` })).toBeVisible();
  await axe(page);
  await screenshot(page, "collection-assignments");

  // Scoring rules as a form.
  await page.getByRole("link", { name: "Scoring", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Scoring" })).toBeVisible();
  await page.getByLabel("Lowest scale score").fill("200");
  await page.getByLabel("Highest scale score").fill("300");
  await page.getByRole("button", { name: "Add a level" }).click();
  await page.getByLabel("Level 1 code").fill("READY");
  await page.getByLabel("Level 1 label").fill("Ready");
  await page.getByLabel("Level 1 from").fill("250");
  await page.getByLabel("Level 1 to").fill("300");
  await page.getByLabel(/^LL01 /).fill("2");
  // A raw-to-scale table for the overall score: two rows.
  await page.getByRole("button", { name: "Add a raw-to-scale table" }).click();
  await expect(page.getByLabel("Table 1 part")).toHaveValue("overall");
  await page.getByLabel("Table 1 row 1 scale score").fill("200");
  await page.getByRole("button", { name: "Add a row to table 1" }).click();
  await page.getByLabel("Table 1 row 2 raw points").fill("4");
  await page.getByLabel("Table 1 row 2 scale score").fill("300");
  await page.getByRole("button", { name: "Save scoring" }).click();
  await expect(snackbar(page)).toHaveText("Scoring saved");
  await page.reload();
  await expect(page.getByLabel("Table 1 row 2 raw points")).toHaveValue("4");
  await expect(page.getByLabel("Table 1 row 2 scale score")).toHaveValue("300");
  await expect(page.getByLabel("Level 1 code")).toHaveValue("READY");
  await axe(page);
  await screenshot(page, "collection-scoring");

  // The district's teacher sees it on their dashboard, opens its scoring screen and scores a cell.
  const teacherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const teacher = await teacherContext.newPage();
  await teacher.setViewportSize({ width: 1280, height: 900 });
  await signIn(teacher, world.teacher);
  await expect(teacher).toHaveURL(/\/teacher\/dashboard$/);
  await teacher.getByRole("table", { name: "My data collections" }).getByRole("link", { name: NAME, exact: true }).click();
  await expect(teacher).toHaveURL(new RegExp(`/teacher/collections/${id}/scoring$`));
  await expect(teacher.getByRole("heading", { level: 1 })).toContainText(NAME);
  await expect(teacher.getByText(/[1-9]\d* students, 3 items/)).toBeVisible();
  await expect(teacher.getByRole("grid", { name: "Scores: students by items" })).toBeVisible();
  await expect(teacher.locator("[data-hydrated]")).toHaveCount(1);
  const first = teacher.locator('[role="gridcell"][data-row="0"][data-col="0"]');
  const busy = teacher.locator('[role="gridcell"][data-status="saving"], [role="gridcell"][data-status="pending"]');
  await first.click();
  // "1" is a grade of every KRA scale.
  await teacher.keyboard.press("1");
  await expect(first).toHaveAttribute("data-code", "1");
  await expect(busy).toHaveCount(0, { timeout: 30_000 });
  const grades = async () => (await (await teacher.request.get(`/en/api/v1/data-collections/${id}/grades`)).json()).grades as unknown[];
  expect(await grades()).toHaveLength(1);
  await axe(teacher);
  await screenshot(teacher, "collection-teacher-scoring");

  // A scored collection cannot be deleted: the dialog says why.
  await page.getByRole("link", { name: "Details", exact: true }).click();
  await page.getByRole("button", { name: "Delete collection" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete collection?" });
  await confirm.getByRole("button", { name: "Delete collection" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("This collection has scores and cannot be deleted");
  await expect(snackbar(page)).toHaveText("This collection has scores and cannot be deleted");
  await axe(page);
  await screenshot(page, "collection-delete-refused");
  await confirm.getByRole("button", { name: "Cancel" }).click();

  // The teacher clears the score again.
  await first.click();
  await teacher.keyboard.press("Delete");
  await expect(first).toHaveAttribute("data-code", "");
  await expect(busy).toHaveCount(0, { timeout: 30_000 });
  expect(await grades()).toHaveLength(0);

  // Leave the demo as it was: the district assignment and the set go, then the collection.
  await page.getByRole("link", { name: "Assignments and field tests" }).click();
  await page.getByRole("button", { name: `Remove ${DISTRICT}` }).click();
  await expect(snackbar(page)).toContainText(`Assignment to ${DISTRICT} removed`);
  await page.getByRole("link", { name: "Item sets and supports" }).click();
  await page.getByRole("button", { name: "Remove Language and Literacy" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove item set" }).click();
  await expect(snackbar(page)).toHaveText("Item Set removed");
  await expect(page.getByText("No item sets yet")).toBeVisible();
  await page.getByRole("link", { name: "Details", exact: true }).click();
  await page.getByRole("button", { name: "Delete collection" }).click();
  await page.getByRole("dialog", { name: "Delete collection?" }).getByRole("button", { name: "Delete collection" }).click();
  await expect(page).toHaveURL(/\/administrator\/collections$/);
  await expect(snackbar(page)).toHaveText(`Collection ${NAME} deleted`);
  await expect(page.getByRole("link", { name: NAME })).toHaveCount(0);
  await teacher.goto("/teacher/collections");
  await expect(teacher.getByRole("link", { name: NAME, exact: true })).toHaveCount(0);
  await teacherContext.close();
});
