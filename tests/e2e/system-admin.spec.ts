import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The system admin's assessment editor (world.system): build an assessment with a domain and a
 * sub-domain, a scale with entries, an item in the sub-domain with an entry and a resource uploaded
 * through the multipart protocol and downloaded byte for byte; export it and import the file as a
 * new copy, identical field by field. Then a tenant with its admin and a logo file (downloaded
 * byte for byte; a file that is not an image refused), its integration created and edited, a license
 * change that partly fails (the failed call named, the other kept), and a school year. Names carry
 * the run's time: the database outlives runs.
 */

const run = Date.now().toString(36);
const NAME = `Readiness pilot ${run}`;
const snackbar = (page: Page) => page.getByTestId("snackbar").locator("p");
/** A 1 x 1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

async function axe(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await expectNoAxeViolations(page);
}

/** Open a section's New dialog, fill fields by label, submit, and wait for the snackbar text. */
async function create(page: Page, section: string, button: string, fill: Record<string, string>, selects: Record<string, string>, ok: string) {
  await page.getByRole("region", { name: section, exact: true }).getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  for (const [label, value] of Object.entries(selects)) await dialog.getByLabel(label).selectOption({ label: value });
  await dialog.getByRole("button", { name: /^Create / }).click();
  await expect(snackbar(page)).toHaveText(ok);
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: "serial" });

test("a system admin builds, exports and imports an assessment", async ({ page, world }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.system);
  await expect(page).toHaveURL(/\/system\/dashboard$/);
  await page.getByRole("link", { name: "Assessments" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Assessments" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Kindergarten Readiness Assessment" }).first()).toBeVisible();
  await axe(page);

  // New assessment by keyboard: a missing name is refused with the spec's text and the field's message.
  await page.getByRole("button", { name: "New assessment" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New assessment" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(snackbar(page)).toHaveText("Error saving assessment");
  await expect(dialog.getByText("Name is required").last()).toBeVisible();
  await axe(page);
  await screenshot(page, "system-assessment-dialog");
  await page.keyboard.type(NAME);
  await page.keyboard.press("Tab");
  await page.keyboard.type("summative");
  await page.keyboard.press("Enter");
  // The earlier error goes as the save starts; the save's own outcome follows (slow under load).
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(snackbar(page)).toHaveText("Assessment saved");
  await page.getByRole("link", { name: NAME }).click();
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();

  await create(page, "Hierarchy", "New hierarchy item", { Code: "LL", Label: "Language and Literacy" }, {}, "Assessment hierarchy item saved");
  await create(
    page,
    "Hierarchy",
    "New hierarchy item",
    { Code: "LL.PA", Label: "Phonological awareness" },
    { Under: "LL Language and Literacy" },
    "Assessment hierarchy item saved",
  );
  await create(page, "Scales", "New scale", { Code: "PT", Label: "Performance task" }, {}, "Scale saved");
  for (const [code, label, score] of [
    ["0", "No credit", "0"],
    ["1", "Partial credit", "1"],
    ["2", "Full credit", "2"],
  ]) {
    await create(page, "Scale PT entries", "New entry of scale PT", { Code: code, Label: label, Score: score, Order: score }, {}, "Scale entry saved");
  }
  await create(
    page,
    "Items",
    "New item",
    { Code: "LL01", Label: "Produces a rhyming word", Description: "Say a word that rhymes with cat" },
    { Hierarchy: "LL.PA Phonological awareness", Scale: "PT Performance task", Kind: "Performance task" },
    "Assessment item saved",
  );
  const items = page.getByRole("region", { name: "Items", exact: true });
  await expect(items.getByRole("cell", { name: "LL.PA Phonological awareness" })).toBeVisible();
  await axe(page);
  await screenshot(page, "system-assessment-editor");

  // The item: its scale's entries, an entry, and a resource uploaded and downloaded byte for byte.
  await items.getByRole("link", { name: "LL01" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "LL01 Produces a rhyming word" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Scale entries/ }).getByRole("cell", { name: "Full credit" })).toBeVisible();
  await create(page, "Entries", "New entry", { Content: "Tell me a word that rhymes with cat." }, { Kind: "Prompt" }, "Entry saved");
  const bytes = randomBytes(300_000);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]); // a PNG's signature: the upload checks the first bytes
  await page.getByLabel("Resource file to upload").setInputFiles({ name: "rhyme-card.png", mimeType: "image/png", buffer: bytes });
  await expect(snackbar(page)).toHaveText("Resource rhyme-card.png uploaded");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "rhyme-card.png" }).click();
  const downloaded = await readFile(await (await download).path());
  expect(downloaded.equals(bytes)).toBe(true);
  await axe(page);
  await screenshot(page, "system-assessment-item");

  // Export, then import the file as a new copy whose own export is identical field by field.
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await breadcrumb.getByRole("link", { name: NAME }).click();
  const exported = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export assessment" }).click();
  const file = await (await exported).path();
  const original = JSON.parse(await readFile(file, "utf8"));
  expect(original.items[0]).toMatchObject({
    code: "LL01",
    hierarchyCode: "LL.PA",
    scaleCode: "PT",
    entries: [{ kind: "prompt" }],
    resources: [{ originalFileName: "rhyme-card.png", sizeBytes: 300_000 }],
  });
  await breadcrumb.getByRole("link", { name: "Assessments" }).click();
  await page.getByLabel("Assessment export file to import").setInputFiles(file);
  await expect(snackbar(page)).toHaveText(`Imported Assessment ${NAME}`);
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  const copyId = page.url().split("/").pop();
  const copy = await (await page.request.get(`/en/api/v1/assessments/${copyId}/export`)).json();
  expect(copy).toEqual(original);

  // A file that is not an export: the spec's error, and the page reloads.
  await breadcrumb.getByRole("link", { name: "Assessments" }).click();
  await page
    .getByLabel("Assessment export file to import")
    .setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"hello":1}') });
  await expect(snackbar(page)).toHaveText("Error importing assessment");
});

test("a system admin checks mail delivery from the dashboard", async ({ page, world }) => {
  await signIn(page, world.system);
  await expect(page).toHaveURL(/\/system\/dashboard$/);
  const mail = page.getByRole("region", { name: "Mail delivery" });
  await expect(mail).toContainText("Mail is delivered through the configured SMTP server.");
  // POST /system/mail-check queues the message; the card follows GET /system/mail-check/{id} until the capture server has it.
  await mail.getByRole("button", { name: "Send a test message" }).focus();
  await page.keyboard.press("Enter");
  await expect(mail.getByRole("status")).toContainText(/^Message \d+: Delivered to the mail server$/, { timeout: 20_000 });
  await expect(mail.getByRole("button", { name: "Send a test message" })).toBeEnabled();
});

test("a system admin creates a tenant with its admin, and a school year", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.system);
  await expect(page).toHaveURL(/\/system\/dashboard$/);
  await page.goto("/system/tenants");
  await page.getByRole("button", { name: "New tenant" }).click();
  const dialog = page.getByRole("dialog", { name: "New tenant" });
  await dialog.getByLabel(/^Name/).fill(`Delaware ${run}`);
  await dialog.getByLabel("Logo", { exact: true }).setInputFiles({ name: "delaware.png", mimeType: "image/png", buffer: PNG });
  await dialog.getByLabel("First name").fill("Robin");
  await dialog.getByLabel("Last name").fill("Hale");
  await dialog.getByLabel("Email").fill(`robin.${run}@delaware.test`);
  await axe(page);
  await dialog.getByRole("button", { name: "Create tenant" }).click();
  await expect(snackbar(page)).toHaveText("Tenant admin saved");
  await expect(page.getByRole("heading", { level: 1, name: `Delaware ${run}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Tenant admins" }).getByRole("cell", { name: `robin.${run}@delaware.test` })).toBeVisible();
  // The logo file went through the storage driver and comes back byte for byte, to anyone.
  const logo = page.getByRole("img", { name: `Delaware ${run} logo` });
  const logoUrl = (await logo.getAttribute("src"))!;
  expect(logoUrl).toMatch(/^\/en\/api\/v1\/tenants\/\d+\/logo\?v=/);
  const anonymous = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const fetched = await anonymous.request.get(logoUrl);
  expect(fetched.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await fetched.body()).equals(PNG)).toBe(true);
  await anonymous.close();
  // A file that is not an image is refused with the reason.
  await page
    .getByLabel("Logo file to upload")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await expect(snackbar(page)).toHaveText("Error saving tenant");
  await expect(page.getByRole("region", { name: "Logo" }).getByRole("alert")).toHaveText("Logo must be a PNG, JPEG, GIF or WebP image");
  await axe(page);
  // The new tenant's info sheet, published from here and downloaded back.
  const sheet = page.getByRole("region", { name: "Info sheet" });
  await expect(sheet.getByText("No info sheet has been uploaded yet.")).toBeVisible();
  const sheetMarker = `delaware-sheet-${run}`;
  await sheet
    .getByLabel("Info sheet (PDF, at most 10 MB)")
    .setInputFiles({ name: "sheet.pdf", mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${sheetMarker}\n%%EOF\n`) });
  await sheet.getByRole("button", { name: "Upload info sheet" }).click();
  await expect(snackbar(page)).toHaveText("The info sheet has been uploaded");
  const sheetLink = sheet.getByRole("link", { name: "Download the info sheet (PDF)" });
  await expect(sheetLink).toHaveAttribute("href", /^\/en\/api\/v1\/tenants\/\d+\/info-sheet$/);
  const [sheetDownload] = await Promise.all([page.waitForEvent("download"), sheetLink.click()]);
  expect((await readFile((await sheetDownload.path())!)).toString()).toContain(sheetMarker);
  await axe(page);
  await screenshot(page, "system-tenant");

  // An integration, created then edited; a license change whose second call fails keeps the others.
  await page.getByRole("button", { name: "New integration" }).click();
  const newIntegration = page.getByRole("dialog", { name: "New integration" });
  await newIntegration.getByLabel(/^Client id/).fill(`sis-${run}`);
  await newIntegration.getByRole("button", { name: "Create integration" }).click();
  await expect(snackbar(page)).toHaveText("Integration Saved");
  await page.getByRole("button", { name: `Edit integration sis-${run}` }).click();
  const editIntegration = page.getByRole("dialog", { name: `Edit integration sis-${run}` });
  await editIntegration.getByLabel("Description").fill("Student information system");
  await axe(page);
  await editIntegration.getByRole("button", { name: "Save integration" }).click();
  await expect(snackbar(page)).toHaveText("Integration Saved");
  const integrations = page.getByRole("region", { name: "Integrations" });
  await expect(integrations.getByText("Student information system")).toBeVisible();
  await page.getByRole("button", { name: `Change licenses of sis-${run}` }).click();
  const licenses = page.getByRole("dialog", { name: `Licenses of sis-${run}` });
  await licenses.getByLabel("License id 1").fill("L-1");
  await licenses.getByLabel("Role 1").selectOption("ROLE_TEACHER");
  await licenses.getByRole("button", { name: "Save licenses" }).click();
  await expect(snackbar(page)).toHaveText("Licenses updated");
  await page.getByRole("button", { name: `Change licenses of sis-${run}` }).click();
  await licenses.getByLabel("License id 1").fill("L-1");
  await licenses.getByLabel("Role 1").selectOption("ROLE_TEACHER");
  await licenses.getByRole("button", { name: "Another license" }).click();
  await licenses.getByLabel("License id 2").fill("L-2");
  await licenses.getByLabel("Role 2").selectOption("ROLE_ADMIN");
  await licenses.getByRole("button", { name: "Save licenses" }).click();
  await expect(snackbar(page)).toHaveText("Licenses partly updated: 1 change saved, 1 failed");
  await expect(licenses.getByRole("alert")).toContainText("Adding L-1 (ROLE_TEACHER) failed: License L-1 already grants ROLE_TEACHER");
  await expect(licenses.getByText("L-2 · ROLE_ADMIN")).toBeVisible();
  await axe(page);
  await screenshot(page, "system-licenses-partial");
  await licenses.getByRole("button", { name: "Close" }).first().click();
  await expect(integrations.getByText("Licenses: L-1 (ROLE_TEACHER), L-2 (ROLE_ADMIN)")).toBeVisible();

  await page.getByRole("link", { name: "School years" }).first().click();
  await page.getByRole("button", { name: "New school year" }).click();
  const year = page.getByRole("dialog", { name: "New school year" });
  const label = `SY ${run}`;
  await year.getByLabel("Label").fill(label);
  await year.getByLabel("Start date").fill("2090-07-01");
  await year.getByLabel("End date").fill("2089-06-30");
  await year.getByRole("button", { name: "Create school year" }).click();
  await expect(snackbar(page)).toHaveText("Error creating school year");
  await expect(year.getByText("End date must be after the start date").last()).toBeVisible();
  await year.getByLabel("End date").fill("2091-06-30");
  await year.getByRole("button", { name: "Create school year" }).click();
  await expect(snackbar(page)).toHaveText("School year created");
  await page.getByRole("button", { name: `Edit school year ${label}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit school year" });
  await edit.getByLabel("End date").fill("2091-06-15");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(snackbar(page)).toHaveText("School year updated");
  await expect(page.getByRole("cell", { name: "2091-06-15" })).toBeVisible();
  await axe(page);
  await screenshot(page, "system-school-years");
});
