import { readFile } from "node:fs/promises";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The tenant's info sheet (demo data, Maryland): the tenant admin is refused a file that is not a PDF,
 * uploads a PDF made here (its own marker, so a sheet left by an earlier run does not pass for it),
 * and a teacher downloads that same PDF from the teacher dashboard.
 */

test("a tenant admin uploads the info sheet and a teacher downloads it", async ({ page: admin, browser, world }) => {
  test.setTimeout(180_000);
  const marker = `journey-${Date.now()}`;
  const pdf = Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

  await admin.setViewportSize({ width: 1280, height: 900 });
  await signIn(admin, world.tenantAdmin);
  await expect(admin).toHaveURL(/\/administrator\/dashboard$/);
  const card = admin.getByRole("region", { name: "Info sheet" });
  const input = card.getByLabel("Info sheet (PDF, at most 10 MB)");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a pdf") });
  await expect(card.getByRole("alert")).toHaveText("The info sheet must be a PDF file");
  await expect(card.getByRole("button", { name: "Upload info sheet" })).toBeDisabled();
  await input.setInputFiles({ name: "info-sheet.pdf", mimeType: "application/pdf", buffer: pdf });
  await card.getByRole("button", { name: "Upload info sheet" }).click();
  await expect(admin.getByText("The info sheet has been uploaded")).toBeVisible();
  await expect(card.getByRole("link", { name: "Download the info sheet (PDF)" })).toBeVisible();
  await expectNoAxeViolations(admin);
  await screenshot(admin, "admin-info-sheet");

  // The teacher in a browser context of their own (their own session).
  const context = await browser.newContext();
  const teacher = await context.newPage();
  await teacher.setViewportSize({ width: 1280, height: 900 });
  await signIn(teacher, world.teacher);
  await expect(teacher).toHaveURL(/\/teacher\/dashboard$/);
  const link = teacher.getByRole("region", { name: "Info sheet" }).getByRole("link", { name: "Download the info sheet (PDF)" });
  const [download] = await Promise.all([teacher.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("info-sheet.pdf");
  expect((await readFile((await download.path())!)).toString()).toContain(marker);
  await expectNoAxeViolations(teacher);
  await screenshot(teacher, "teacher-info-sheet");
  await context.close();
});
