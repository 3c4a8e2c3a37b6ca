import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

test("a tenant admin changes the state's Ed-Fi settings by keyboard; a bad namespace is refused with the API's words", async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/reports");
  const form = page.getByRole("form", { name: "Ed-Fi settings" });
  const namespace = form.getByLabel("Namespace");
  const before = await namespace.inputValue();
  expect(before).toMatch(/^uri:\/\//);
  await expect(form.getByLabel("Domain LL")).toHaveValue("English Language Arts");

  // A namespace that is not a uri:// authority: the field says why and nothing is saved.
  await namespace.fill("education.state.gov");
  await namespace.press("Enter");
  await expect(form.getByText("Must look like uri://education.state.gov")).toBeVisible();
  await expect(namespace).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, { include: ['[aria-labelledby="edfi-settings-heading"]'] });
  await page.reload();
  await expect(page.getByRole("form", { name: "Ed-Fi settings" }).getByLabel("Namespace")).toHaveValue(before);

  // Tab from the namespace to the grade level, then through the domains; Enter saves.
  const again = page.getByRole("form", { name: "Ed-Fi settings" });
  await again.getByLabel("Namespace").fill("uri://education.maryland.gov");
  await page.keyboard.press("Tab");
  await expect(again.getByLabel("Grade level")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(again.getByLabel("Domain LL")).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(" and Reading");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Ed-Fi settings saved")).toBeVisible();
  await screenshot(page, "edfi-settings");
  await page.reload();
  const saved = page.getByRole("form", { name: "Ed-Fi settings" });
  await expect(saved.getByLabel("Namespace")).toHaveValue("uri://education.maryland.gov");
  await expect(saved.getByLabel("Domain LL")).toHaveValue("English Language Arts and Reading");

  // Put the demo's settings back for whoever reads them next.
  await saved.getByLabel("Namespace").fill(before);
  await saved.getByLabel("Domain LL").fill("English Language Arts");
  await saved.getByRole("button", { name: "Save Ed-Fi settings" }).click();
  await expect(page.getByText("Ed-Fi settings saved")).toBeVisible();
});

test("a district admin sees no Ed-Fi settings", async ({ page, world }) => {
  await signIn(page, world.districtAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/reports");
  await expect(page.getByRole("heading", { level: 2, name: "Ed-Fi assessment results" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Ed-Fi settings" })).toHaveCount(0);
});
