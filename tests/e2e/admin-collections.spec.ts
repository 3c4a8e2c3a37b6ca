import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, shot, signIn, test } from "./support";

/**
 * Collections administration (tenant.admin@demo.test): create a collection by keyboard (missing
 * dates refused with the spec's messages first), open its details (spec §2), add an item set,
 * assign the collection to teacher@demo.test's district (Baltimore County Public Schools), add a
 * field test location and set the scoring; the teacher then sees it under Assessments and opens its
 * scoring screen. The journey then takes the district assignment and the set away again, so the
 * demo teacher's lists are left as they were. Names carry the run's time: the database outlives runs.
 */

const run = Date.now().toString(36);
const NAME = `Winter check ${run}`;
const DISTRICT = "Baltimore County Public Schools";
const snap = (name: string) => ({ ...shot(name), animations: "disabled" as const });
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

test("a tenant admin builds a collection, assigns it to a district, and its teacher sees it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "tenant.admin@demo.test");
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "Collections" }).first().click();
  await expect(page).toHaveURL(/\/administrator\/collections$/);
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  await expect(page.getByRole("table", { name: "All collections" })).toBeVisible();
  await axe(page);
  await page.screenshot(snap("collections-list"));

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
  await page.screenshot(snap("collections-create-errors"));

  await page.keyboard.type(NAME);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Assessment")).toBeFocused();
  await dialog.getByLabel("Assessment").selectOption({ label: "Kindergarten Readiness Assessment" });
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("School year")).toBeFocused();
  await dialog.getByLabel("School year").selectOption({ index: 1 });
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
  const id = Number(/collections\/(\d+)\//.exec(page.url())![1]);
  await axe(page);
  await page.screenshot(snap("collection-details"));

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
  await page.screenshot(snap("collection-set-dialog"));
  await setDialog.getByRole("button", { name: "Create item set" }).click();
  await expect(snackbar(page)).toHaveText("Item Set Language and Literacy created");
  await expect(page.getByRole("table", { name: "Items of Language and Literacy" }).getByRole("row")).toHaveCount(4);
  await axe(page);
  await page.screenshot(snap("collection-sets"));

  // Assign to the teacher's district; the locations covered show their students and assignments.
  await page.getByRole("link", { name: "Assignments and field tests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Assignments and field tests" })).toBeVisible();
  await page.getByLabel("Assign to a district").selectOption({ label: DISTRICT });
  await page.getByRole("button", { name: "Assign district" }).click();
  await expect(snackbar(page)).toContainText(`Collection assigned to ${DISTRICT} (`);
  const counts = page.getByRole("table", { name: "Locations covered" });
  await expect(counts.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("button", { name: `Remove ${DISTRICT}` })).toBeVisible();
  await page.getByLabel(/^Available/).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Add to field test" }).click();
  await expect(snackbar(page)).toContainText("added to the field test");
  await expect(page.getByText("Assigned (1)")).toBeVisible();
  await axe(page);
  await page.screenshot(snap("collection-assignments"));

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
  await page.getByRole("button", { name: "Save scoring" }).click();
  await expect(snackbar(page)).toHaveText("Scoring saved");
  await axe(page);
  await page.screenshot(snap("collection-scoring"));

  // The district's teacher sees it and can open its scoring screen.
  const teacherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const teacher = await teacherContext.newPage();
  await signIn(teacher, "teacher@demo.test");
  await expect(teacher).toHaveURL(/\/teacher\/dashboard$/);
  await teacher.goto("/teacher/collections");
  await expect(teacher.getByRole("link", { name: NAME, exact: true })).toBeVisible();
  await teacher.goto(`/teacher/collections/${id}/scoring`);
  await expect(teacher.getByRole("heading", { level: 1 })).toContainText(NAME);
  await expect(teacher.getByText(/[1-9]\d* students, 3 items/)).toBeVisible();
  await axe(teacher);
  await teacher.screenshot(snap("collection-teacher-scoring"));

  // Leave the demo as it was: the district assignment and the set go again.
  await page.getByRole("link", { name: "Assignments and field tests" }).click();
  await page.getByRole("button", { name: `Remove ${DISTRICT}` }).click();
  await expect(snackbar(page)).toContainText(`Assignment to ${DISTRICT} removed`);
  await page.getByRole("link", { name: "Item sets and supports" }).click();
  await page.getByRole("button", { name: "Remove Language and Literacy" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove item set" }).click();
  await expect(snackbar(page)).toHaveText("Item Set removed");
  await expect(page.getByText("No item sets yet")).toBeVisible();
  await teacher.goto("/teacher/collections");
  await expect(teacher.getByRole("link", { name: NAME, exact: true })).toHaveCount(0);
  await teacherContext.close();
});
