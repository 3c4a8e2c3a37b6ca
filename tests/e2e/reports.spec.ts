import ExcelJS from "exceljs";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test, type World } from "./support";

/**
 * The tenant admin's reports: request the scale score report by keyboard, watch it go from queued to
 * complete (the page polls), download the XLSX and find the demo's children in it with their state
 * ids as text; the job counts page; a teacher's spreadsheet and domain data PDF (page 1 rendered with
 * pdftoppm); axe on each page.
 */

test.describe.configure({ mode: "serial" });

test("an admin requests a report, sees it complete and downloads it", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "Reports", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The demo's scored KRA collection, whose school year may not be the newest (other journeys add years).
  await page.getByLabel("Report type").selectOption("kra.ssr");
  const years = page.getByLabel("School year");
  const kra = page.getByLabel("Data collection").locator("option", { hasText: /^Kindergarten Readiness Fall/ });
  for (const value of await years.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
    await years.selectOption(value);
    if ((await kra.count()) > 0) break;
  }
  await page.getByLabel("Data collection").selectOption((await kra.first().getAttribute("value"))!);

  // The form by keyboard: from the type, Tab to the year and the collection, Enter on the button.
  await page.getByLabel("Report type").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("School year")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Data collection")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Request report" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your report has been successfully requested")).toBeVisible();

  const table = page.getByRole("table", { name: "Your reports, newest first" });
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("KRA scale score report");
  // Polled every 3 s until complete.
  await expect(row.getByText("Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-reports-complete");

  const link = row.getByRole("link", { name: /^Download XLSX/ });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/^kra-ssr-\d+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe("State ID");
  expect(sheet.getRow(1).getCell(10).value).toBe("Overall Scale Score");
  expect(sheet.rowCount).toBeGreaterThan(1);
  // State ids are text cells in a text-formatted column.
  expect(sheet.getCell("A2").type).toBe(ExcelJS.ValueType.String);
  expect(sheet.getColumn(1).numFmt).toBe("@");
});

test("the job counts page shows the six counts and refreshes", async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/reports");
  await page.getByRole("link", { name: "Job counts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Job counts" })).toBeVisible();
  for (const family of ["ISRs", "Bulk loads", "Reports"]) {
    const section = page.getByRole("region", { name: family });
    await expect(section.getByText("Queued", { exact: true })).toBeVisible();
    await expect(section.getByText("Over 30 minutes", { exact: true })).toBeVisible();
  }
  // The counts refresh every 5 seconds: the line names the time of the last refresh.
  await expect(page.getByText(/^Refreshed \d{2}\/\d{2}\/\d{4}/)).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-job-counts");
});

test("a teacher requests a report of their class and downloads it", async ({ page, world }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openKraReports(page, world);
  await expect(page.getByRole("heading", { level: 1, name: /^Reports:/ })).toBeVisible();
  await expect(page.getByText("PDF with charts").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Request KRA data results" }).click();
  await expect(page.getByText("Your report has been successfully requested")).toBeVisible();
  const row = page.getByRole("table", { name: "Your reports of this collection, newest first" }).getByRole("row").nth(1);
  await expect(row.getByText("Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-reports");
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: /^Download XLSX/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^kra-data-results-\d+\.xlsx$/);
});

test("a teacher requests the domain data PDF of their class, waits for it and downloads it", async ({ page, world }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openKraReports(page, world);
  await expect(page.getByRole("heading", { level: 1, name: /^Reports:/ })).toBeVisible();
  await page.getByRole("button", { name: "Request Domain data" }).click();
  await expect(page.getByText("Your report has been successfully requested")).toBeVisible();
  const row = page.getByRole("table", { name: "Your reports of this collection, newest first" }).getByRole("row").nth(1);
  await expect(row).toContainText("Domain data");
  await expect(row.getByText("Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-reports-domain-data");
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: /^Download PDF/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^domain-data-\d+\.pdf$/);

  // Real text: the title, the class and the legend's levels; page 1 renders to a non-empty image.
  const file = (await download.path())!;
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(text).toContain("Domain data");
  expect(text).toContain("Class: Emily Carter");
  expect(text).toContain("Children by performance level");
  expect(text).toMatch(/Emerging Readiness \d+ · Approaching Readiness \d+ · Demonstrating Readiness \d+ · Not scored \d+/);
  const out = path.join(await mkdtemp(path.join(tmpdir(), "domain-pdf-")), "page");
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", file, out]);
  const png = await readFile(`${out}.png`);
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  expect((await stat(`${out}.png`)).size).toBeGreaterThan(10_000);
  await test.info().attach("domain-data-page-1", { body: png, contentType: "image/png" });
});

/**
 * The teacher's reports page of the demo's KRA collection (its assessment has performance levels),
 * reached from Assessments once that page is open: the dashboard lists collections too, and a link
 * read before the navigation ended was once the Early Learning checkpoint.
 */
async function openKraReports(page: Page, world: World) {
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await page.getByRole("link", { name: "Assessments" }).first().click();
  await expect(page).toHaveURL(/\/teacher\/collections$/);
  const href = await page
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness Fall/ })
    .first()
    .getAttribute("href");
  await page.goto(`/teacher/collections/${href!.match(/collections\/(\d+)/)![1]}/reports`);
}
