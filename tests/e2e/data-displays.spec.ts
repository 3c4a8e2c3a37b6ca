import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test, type World } from "./support";

/**
 * Data displays on the demo data (about a quarter of each class fully scored): world.teacher's
 * class in the open KRA collection, and world.tenantAdmin drilling from the state to a class.
 */

/** A display is two requests (its URL, then the display): the first wait after a navigation is longer. */
const LOADED = { timeout: 30_000 };

async function openTeacherDisplays(page: Page, world: World): Promise<number> {
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const href = (await page
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness/ })
    .getAttribute("href"))!;
  const id = Number(/collections\/(\d+)\//.exec(href)![1]);
  await page.goto(`/teacher/collections/${id}/completion`);
  await page.getByRole("link", { name: "Data displays" }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/collections/${id}/displays$`));
  await expect(page.getByRole("heading", { level: 1, name: /^Data displays: Kindergarten Readiness/ })).toBeVisible();
  return id;
}

async function tabTo(page: Page, name: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (text === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Show the first collection whose name matches, by the page's own form. */
async function chooseCollection(page: Page, name: RegExp) {
  const select = page.getByLabel("Data collection");
  await select.selectOption((await select.locator("option", { hasText: name }).first().getAttribute("value"))!);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Data displays: ${name.source.slice(1)}`) })).toBeVisible(LOADED);
}

test.describe.configure({ mode: "serial" });

test("a teacher sees the PLD chart and its table, switches views, and overlays a filter layer by keyboard", async ({ page, world }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = await openTeacherDisplays(page, world);

  // PLD report by default: the chart (an image with a text summary) and the same figures as a table.
  await expect(page.getByRole("link", { name: "PLD report" })).toHaveAttribute("aria-current", "page");
  const chart = page.getByRole("img", { name: /^Performance levels: Emerging Readiness \d/ });
  await expect(chart).toBeVisible(LOADED);
  const table = page.getByRole("table", { name: "Performance levels (table)" });
  await expect(table.getByRole("rowheader", { name: "Demonstrating Readiness" })).toBeVisible();
  const progress = page.getByRole("table", { name: "Student progress" });
  await expect(progress.getByRole("row")).not.toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-teacher-pld");

  // Domains: one chart per domain; single domain: LL first.
  await page.getByRole("link", { name: "Domains", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Mathematics (MA)" })).toBeVisible(LOADED);
  await expect(page.getByRole("img", { name: /^Language and Literacy by level/ })).toBeVisible();
  await page.getByRole("link", { name: "Single domain" }).click();
  await expect(page.getByRole("link", { name: "Language and Literacy (LL)" })).toHaveAttribute("aria-current", "page", LOADED);
  await expect(page.getByRole("link", { name: "Mathematics (MA)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mathematics (MA)" })).toBeHidden();
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-teacher-single-domain");

  // A filter layer, added by keyboard: 'Filter 1', drawn over the chart (numbered) and in the table.
  await page.goto(`/teacher/collections/${id}/displays?view=pld`);
  await expect(chart).toBeVisible(LOADED);
  await page.locator("body").focus();
  await tabTo(page, "Add filter layer");
  await page.keyboard.press("Enter");
  const layer = page.getByRole("group", { name: "1. Filter 1" });
  await expect(layer).toBeVisible();
  await layer.getByLabel("ELL").selectOption("false");
  await expect(page.getByText("1 = Filter 1")).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "1. Filter 1" })).toBeVisible();
  await expect(progress.getByRole("columnheader", { name: "Layers" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-teacher-layer");

  // Saved as a filter, found again after a reload; selecting applies it, selecting again clears it.
  await page.getByLabel("Filter name").fill("Not ELL");
  await page.getByRole("button", { name: "Save filter" }).click();
  await expect(page.getByText("Filters successfully updated")).toBeVisible();
  await page.reload();
  const saved = page.getByRole("list", { name: "Saved filters" });
  await expect(saved.getByText("Not ELL")).toBeVisible(LOADED);
  await expect(page.getByRole("group", { name: "1. Filter 1" })).toBeHidden();
  await saved.getByRole("button", { name: "Select" }).click();
  await expect(page.getByRole("group", { name: "1. Filter 1" })).toBeVisible();
  await expect(page.getByRole("group", { name: "1. Filter 1" }).getByLabel("ELL")).toHaveValue("false");
  await saved.getByRole("button", { name: "Selected" }).click();
  await expect(page.getByRole("group", { name: "1. Filter 1" })).toBeHidden();
  await saved.getByRole("button", { name: "Delete Not ELL" }).click();
  await expect(page.getByText("No saved filters yet.")).toBeVisible();

  // Classroom report filters: one level listed. Checkpoint periods are the collection's (admins add them).
  const report = page.getByRole("region", { name: "Classroom report" });
  await report.getByLabel("Demonstrating Readiness").check();
  await expect(progress.getByRole("cell", { name: "Approaching Readiness" })).toHaveCount(0);
  await expect(report.getByLabel("Show checkpoint periods")).toBeVisible();
  await expect(report.getByRole("button", { name: "Add checkpoint period" })).toHaveCount(0);
  await report.getByRole("button", { name: "Save classroom report filters" }).click();
  await expect(page.getByText("Filters successfully updated")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-teacher-classroom-report");
});

test("an admin drills from the state down to a class, at phone width too", async ({ page, world }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator/);
  await page.getByRole("link", { name: "Data displays" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Data displays: / })).toBeVisible();
  // The demo's scored KRA collection (the page may open on another: the ELA, or one a journey added).
  await chooseCollection(page, /^Kindergarten Readiness Fall/);
  await expect(page.getByRole("img", { name: /^Performance levels:/ })).toBeVisible(LOADED);
  const units = page.getByRole("table", { name: /^Figures by / });
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-admin-state");

  // A filter layer at the state: counted on the server, drawn over the chart and added to its table.
  await page.getByRole("button", { name: "Add filter layer" }).click();
  const layer = page.getByRole("group", { name: "1. Filter 1" });
  await layer.getByLabel("IEP").selectOption("false");
  await expect(page.getByText(/^1 = Filter 1 \(\d+ child/)).toBeVisible(LOADED);
  await expect(page.getByRole("table", { name: "Performance levels (table)" }).getByRole("columnheader", { name: "1. Filter 1" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-admin-state-layer");

  for (const level of ["region", "district", "location", "class"]) {
    await expect(units).toHaveAccessibleName(`Figures by ${level} (table)`, LOADED);
    await units.getByRole("rowheader").first().getByRole("link").click();
    await expect(page.getByRole("navigation", { name: "Organisation level" })).toBeVisible();
  }
  // A class: its children listed, no further level.
  await expect(page.getByRole("navigation", { name: "Organisation level" }).getByText(/^Class of /)).toHaveAttribute("aria-current", "page", LOADED);
  await expect(page.getByRole("table", { name: "Student progress" })).toBeVisible();
  await expect(units).toBeHidden();
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-admin-class");

  // Back up to the district by the breadcrumb; a school's figures lead on to it. Its chart comes
  // without the children; they are listed in the Student progress view, beside the same chart.
  await page.getByRole("navigation", { name: "Organisation level" }).getByRole("link").nth(2).click();
  await expect(units).toHaveAccessibleName("Figures by location (table)", LOADED);
  await expect(page.getByRole("table", { name: "Student progress" })).toHaveCount(0);
  await page.getByRole("link", { name: /^List the children of / }).click();
  await expect(page.getByRole("link", { name: "Student progress" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: "Student progress" }).getByRole("row").nth(1)).toBeVisible(LOADED);
  await expect(page.getByRole("img", { name: /^Performance levels:/ })).toBeVisible();

  // A checkpoint period for the whole collection: adding it switches the periods on; it filters the
  // progress rows; removed again at the end (other journeys see the demo as it was).
  const report = page.getByRole("region", { name: "Classroom report" });
  const progress = page.getByRole("table", { name: "Student progress" });
  const period = `Whole window ${Date.now().toString(36)}`;
  await report.getByLabel("Period name").fill(period);
  await report.getByLabel("From").fill("2000-01-01");
  await report.getByLabel("To").fill("2099-12-31");
  await report.getByRole("button", { name: "Add checkpoint period" }).click();
  await expect(page.getByText("Filters successfully updated")).toBeVisible();
  await expect(report.getByLabel("Show checkpoint periods")).toBeChecked();
  await expect(progress.getByRole("columnheader", { name: "Checkpoint" })).toBeVisible();
  await expect(progress.getByRole("cell", { name: period }).first()).toBeVisible();
  await report.getByLabel("List children whose results changed in").selectOption({ label: `${period} (2000-01-01 – 2099-12-31)` });
  await expect(progress.getByRole("cell", { name: period }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-admin-district-period");
  await report.getByRole("button", { name: `Remove ${period}` }).click();
  await expect(report.getByText(period)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-admin-district-phone");
});

test("an ELA collection, which has no performance levels, explains the missing chart", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator/);
  await page.goto("/administrator/displays");
  await chooseCollection(page, /^Early Learning Fall Checkpoint/);
  await expect(page.getByText("No performance levels to chart")).toBeVisible(LOADED);
  await expect(page.getByRole("img", { name: /^Performance levels:/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, "displays-admin-ela");
});
