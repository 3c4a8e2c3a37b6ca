import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * ISRs by a tenant admin: from the reports page to the ISR page, choose the demo's scored KRA
 * collection and its smallest school (new ISR rows for that school only; no demo row is changed),
 * request the English ISRs by keyboard, watch the progress bar reach the end, download the merged
 * PDF, render its pages to PNG (pdftoppm) and read them (pdftotext): every child's name and level.
 * Then the same school in Spanish, its district as a ZIP (a PDF per school), and clearing them
 * ('ISR Cleared'). axe on every state.
 */

const LEVEL_WORDS: Record<string, { en: string; es: string }> = {
  EMERGING: { en: "Emerging Readiness", es: "Preparación emergente" },
  APPROACHING: { en: "Approaching Readiness", es: "Se acerca a la preparación" },
  DEMONSTRATING: { en: "Demonstrating Readiness", es: "Demuestra preparación" },
};

interface StudentRow {
  firstName: string;
  lastName: string;
  performanceLevel: string | null;
  outputStatus: string;
}

/** The PDF's pages as text, and each page rendered to a PNG (checked to exist). */
function readPdf(file: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "isr-e2e-"));
  execFileSync("pdftoppm", ["-png", "-r", "40", file, path.join(dir, "page")]);
  const pages = execFileSync("pdftotext", ["-layout", file, "-"])
    .toString("utf8")
    .split("\f")
    .filter((p) => p.trim());
  const pngs = pages.map((_, i) => path.join(dir, `page-${String(i + 1).padStart(String(pages.length).length, "0")}.png`));
  for (const png of pngs) expect(existsSync(png), png).toBe(true);
  return pages;
}

/** The children of one's newest request, as the API answers them (names and stored levels). */
async function newestRequestRows(page: Page, collectionId: string): Promise<StudentRow[]> {
  const list = await (await page.request.get(`/en/api/v1/data-collections-outputs?dataCollectionId=${collectionId}`)).json();
  const newest = list.dataCollectionsOutputs[0];
  const detail = await (await page.request.get(`/en/api/v1/data-collections-students-outputs/${newest.id}`)).json();
  return detail.dataCollectionsStudentsOutputs as StudentRow[];
}

async function downloadPdf(page: Page): Promise<string[]> {
  const link = page.getByRole("link", { name: /^Download the school's ISRs/ });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/^isr-\d+-location-\d+\.pdf$/);
  return readPdf((await download.path())!);
}

function expectEveryChild(pages: string[], children: StudentRow[], language: "en" | "es") {
  expect(pages).toHaveLength(children.length);
  for (const child of children) {
    const name = `${child.firstName} ${child.lastName}`;
    const found = pages.filter((p) => p.includes(name));
    expect(found, name).toHaveLength(1);
    const words = child.performanceLevel ? LEVEL_WORDS[child.performanceLevel][language] : language === "en" ? "Not complete yet" : "Todavía no está completa";
    expect(found[0], name).toContain(words);
  }
}

test("an admin requests a school's ISRs, watches them being made, downloads and reads them, in English and Spanish", async ({ page, world }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/reports");
  await page.getByRole("link", { name: "ISRs", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ISRs" })).toBeVisible();

  const collection = page.getByLabel("Data collection");
  const kra = collection.locator("option", { hasText: /^Kindergarten Readiness Fall/ }).first();
  const collectionId = (await kra.getAttribute("value"))!;
  await collection.selectOption(collectionId);
  const school = page.getByLabel("School");
  await expect(school.locator("option").nth(1)).toBeAttached();
  // The smallest school with children keeps the journey short.
  const options = await school.locator("option").evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const smallest = options
    .filter((o) => o.value !== "0")
    .map((o) => ({ ...o, n: Number(o.text.match(/\((\d+) students?\)/)?.[1] ?? 0) }))
    .filter((o) => o.n > 0)
    .sort((a, b) => a.n - b.n)[0];
  await school.selectOption(smallest.value);
  await expectNoAxeViolations(page);

  // By keyboard: the language, then Tab to the button and Enter.
  const language = page.getByLabel("Language of the ISRs");
  await language.selectOption("en");
  await language.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Request ISRs" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("ISRs have been successfully requested")).toBeVisible();
  const progress = page.getByRole("progressbar", { name: /^Latest request \(English/ });
  await expect(progress).toBeVisible();
  await screenshot(page, "isr-progress");
  // Polled every 3 s: the bar's label reaches "n of n generated. Complete."
  await expect(page.getByText(new RegExp(`: ${smallest.n} of ${smallest.n} generated\\. Complete\\.`))).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText("ISR Generated")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "isr-complete");

  const english = await newestRequestRows(page, collectionId);
  expect(english).toHaveLength(smallest.n);
  expectEveryChild(await downloadPdf(page), english, "en");

  // The same school in Spanish: the download now holds the Spanish pages.
  await language.selectOption("es");
  await page.getByRole("button", { name: "Request ISRs" }).click();
  await expect(page.getByText(new RegExp(`Latest request \\(Spanish.*: ${smallest.n} of ${smallest.n} generated\\. Complete\\.`))).toBeVisible({
    timeout: 150_000,
  });
  const spanish = await newestRequestRows(page, collectionId);
  const pages = await downloadPdf(page);
  expectEveryChild(pages, spanish, "es");
  for (const p of pages) {
    expect(p).toContain("Preparación para el kínder: informe para las familias");
    expect(p).toContain("Qué puede hacer en casa");
  }

  // The school's district as a ZIP: one tagged PDF per school, this school's holding the Spanish pages.
  const scope = await (await page.request.get(`/en/api/v1/data-collections-outputs?dataCollectionId=${collectionId}`)).json();
  const districtId = String(scope.locations.find((l: { id: number }) => String(l.id) === smallest.value).districtId);
  const district = page.getByLabel("District (ZIP download)");
  if (await district.count()) await district.selectOption(districtId);
  const zipLink = page.getByRole("link", { name: /ISRs \(ZIP/ });
  await zipLink.focus();
  const [zipped] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(zipped.suggestedFilename()).toBe(`isr-${collectionId}-district-${districtId}.zip`);
  const entries = unzipSync(readFileSync((await zipped.path())!));
  const entry = Object.keys(entries).find((name) => name.endsWith(`(${smallest.value}).pdf`))!;
  expect(entry, Object.keys(entries).join(", ")).toBeTruthy();
  const dir = mkdtempSync(path.join(tmpdir(), "isr-zip-"));
  writeFileSync(path.join(dir, "school.pdf"), entries[entry]);
  expectEveryChild(readPdf(path.join(dir, "school.pdf")), spanish, "es");

  // Clearing the school's ISRs: confirmed in a dialog, then 'ISR Cleared'.
  await page.getByRole("button", { name: "Clear ISRs" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear ISRs?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Clear ISRs" }).click();
  await expect(page.getByText("ISR Cleared")).toBeVisible();
  expect((await newestRequestRows(page, collectionId)).map((r) => r.outputStatus)).toEqual(spanish.map(() => "Deleted"));
  await screenshot(page, "isr-cleared");
});
