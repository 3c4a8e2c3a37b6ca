import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, screenshot, signIn, test, type World } from "./support";

/**
 * The application shell with the demo data: each account's landing area, area switching,
 * impersonation, the permission snackbar, unknown paths, the narrow-screen menu, the dashboards,
 * profile and downloads pages, and axe-core on each of them.
 */

/** Screenshots with animations finished, so fades and the menu are captured at rest. */

const header = (page: Page) => page.getByRole("navigation", { name: "Application" });

async function signInTo(page: Page, username: string, landing: RegExp) {
  await signIn(page, username);
  await expect(page).toHaveURL(landing);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test.describe("landing areas", () => {
  const accounts: [keyof World, RegExp, string][] = [
    ["system", /\/system\/dashboard$/, "System dashboard"],
    ["tenantAdmin", /\/administrator\/dashboard$/, "Administration dashboard"],
    ["districtAdmin", /\/administrator\/dashboard$/, "Administration dashboard"],
    ["teacher", /\/teacher\/dashboard$/, "Teacher dashboard"],
    ["adminTeacher", /\/administrator\/dashboard$/, "Administration dashboard"],
    ["ohioTeacher", /\/teacher\/dashboard$/, "Teacher dashboard"],
  ];
  for (const [account, landing, heading] of accounts) {
    test(`the ${account} account lands in their area`, async ({ page, world }) => {
      const username = world[account] as string;
      await signInTo(page, username, landing);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await screenshot(page, `shell-landing-${username.split("@")[0]}`);
    });
  }
});

test("the teacher dashboard shows real collections, the header and the sidebar", async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, world.teacher, /\/teacher\/dashboard$/);
  const nav = header(page);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Downloads" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Support/ })).toHaveAttribute("target", "_blank");
  const bell = nav.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Profile: / })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
  // A teacher holds no other area, so no area links.
  await expect(nav.getByRole("button", { name: "Administration" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Teacher navigation" })).toBeVisible();
  const table = page.getByRole("table", { name: "My data collections" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("progressbar").first()).toBeVisible();
  await screenshot(page, "shell-teacher-dashboard-1280");
  await expectNoAxeViolations(page);

  // The first Tab reaches the skip link, which moves focus to the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();

  // The sidebar collapses to its mini width and opens again.
  const sidebar = page.locator("#app-sidebar");
  expect(Math.round((await sidebar.boundingBox())!.width)).toBe(240);
  await page.getByRole("button", { name: "Collapse navigation" }).click();
  await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(65);
  await page.getByRole("button", { name: "Expand navigation" }).click();
  await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(240);

  // The bell opens the newest notifications; Escape closes them and returns focus to the bell.
  await bell.click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("listitem").first()).toBeVisible();
  await screenshot(page, "shell-notifications-1280");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Notifications" })).toHaveCount(0);
  await expect(bell).toBeFocused();

  // Losing the network shows the spec's offline warning until it returns.
  const offline = page.getByText("Your device currently offline. You will not be able to login, save data, or see fresh data.");
  await page.context().setOffline(true);
  await expect(offline).toBeVisible();
  await screenshot(page, "shell-offline-1280");
  await page.context().setOffline(false);
  await expect(offline).toHaveCount(0);

  // On a tablet the sidebar starts mini and the header links move into the menu.
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.reload();
  await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(65);
  await expect(header(page)).toBeHidden();
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await screenshot(page, "shell-teacher-dashboard-1000");
});

test("a multi-role person switches areas from the header", async ({ page, world }) => {
  await signInTo(page, world.adminTeacher, /\/administrator\/dashboard$/);
  await expect(header(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await header(page).getByRole("button", { name: "Teacher" }).click();
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Teacher dashboard" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Teacher" })).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await screenshot(page, "shell-switched-to-teacher");
  // The active role sticks: the profile page keeps the teacher's sidebar.
  await header(page)
    .getByRole("link", { name: /^Profile: / })
    .click();
  await expect(page.getByRole("navigation", { name: "Teacher navigation" })).toBeVisible();
  await header(page).getByRole("button", { name: "Administration" }).click();
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Administration dashboard" })).toBeVisible();
});

test("an administrator impersonates a teacher and ends it", async ({ page, request, world }) => {
  const teacher = await request.post("/en/api/v1/login", { data: { username: world.teacher, password: DEMO_PASSWORD } });
  expect(teacher.ok()).toBe(true);
  const teacherId = (await teacher.json()).profileData.id as number;

  await signInTo(page, world.tenantAdmin, /\/administrator\/dashboard$/);
  const status = await page.evaluate(async (id) => {
    const res = await fetch("/en/api/v1/login/impersonate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userIdToImpersonate: id }),
    });
    return res.status;
  }, teacherId);
  expect(status).toBe(200);

  await page.goto("/");
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await expect(page.getByText(/You are working as/)).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Logout" })).toHaveCount(0);
  await screenshot(page, "shell-impersonating");
  await header(page).getByRole("button", { name: "End Impersonation" }).click();
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await expect(page.getByText(/You are working as/)).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a teacher opening /system is sent home with the permission snackbar", async ({ page, world }) => {
  await signInTo(page, world.teacher, /\/teacher\/dashboard$/);
  await page.goto("/system");
  await expect(page).toHaveURL(/\/teacher\/dashboard/);
  const snackbar = page.getByTestId("snackbar");
  await expect(snackbar).toContainText("You don't have enough permissions to view '/system' page");
  await expect(snackbar).toHaveAttribute("data-type", "error");
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await screenshot(page, "shell-permission-snackbar");
  // It hides itself after 6000 ms.
  await expect(snackbar).toHaveCount(0, { timeout: 9_000 });
});

test("an unknown path shows its warning", async ({ page, world }) => {
  await signInTo(page, world.teacher, /\/teacher\/dashboard$/);
  await page.goto("/no-such-place");
  await expect(page.getByRole("heading", { name: "Should you be here? Please enter a valid address" })).toBeVisible();
  await screenshot(page, "shell-not-found");
});

test("on a narrow screen the navigation is a full-screen menu that opens and closes", async ({ page, world }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInTo(page, world.adminTeacher, /\/administrator\/dashboard$/);
  await expect(header(page)).toBeHidden();
  await expect(page.locator("#app-sidebar")).toBeHidden();
  await screenshot(page, "shell-admin-dashboard-375");

  const open = page.getByRole("button", { name: "Menu" });
  await open.click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Downloads" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Teacher" })).toBeVisible();
  await screenshot(page, "shell-menu-375");
  await expectNoAxeViolations(page);
  // Focus stays inside the menu; Escape closes it and focus returns to the Menu button.
  for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
  expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  // A link in the menu navigates and closes it.
  await open.click();
  await menu.getByRole("link", { name: "Downloads" }).click();
  await expect(page).toHaveURL(/\/downloads$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Downloads" })).toBeVisible();
  await screenshot(page, "shell-downloads-375");
  await open.click();
  await menu.getByRole("button", { name: "Close" }).click();
  await expect(menu).toBeHidden();
});

test("administrator and system dashboards show counts from the database", async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, world.districtAdmin, /\/administrator\/dashboard$/);
  for (const label of ["Regions", "Districts", "Locations", "Students", "Teachers", "Open collections", "Completion"]) {
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: "Open and upcoming data collections" })).toBeVisible();
  await screenshot(page, "shell-admin-dashboard-1280");
  await expectNoAxeViolations(page);

  await header(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reason=logout/);
  await signInTo(page, world.system, /\/system\/dashboard$/);
  const tenants = page.getByRole("table", { name: "Tenants" });
  // Every world's tenants are here, ten to a page once there are more: this file's are the rows of its own host prefixes.
  const rowsPerPage = page.getByLabel("Rows per page");
  if (await rowsPerPage.count()) await rowsPerPage.selectOption("100");
  const tenantRow = (prefix: string) => tenants.getByRole("row").filter({ has: page.getByRole("cell", { name: prefix, exact: true }) });
  await expect(tenantRow(world.tag).getByRole("cell", { name: "Maryland", exact: true })).toBeVisible();
  await expect(tenantRow(`${world.tag}-ohio`).getByRole("cell", { name: "Ohio", exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "School years" })).toBeVisible();
  await screenshot(page, "shell-system-dashboard-1280");
  await expectNoAxeViolations(page);
});

test("the profile page saves the person's own details", async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, world.teacher, /\/teacher\/dashboard$/);
  await header(page)
    .getByRole("link", { name: /^Profile: / })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  await expectNoAxeViolations(page);
  const first = page.getByLabel("First name");
  const original = await first.inputValue();
  await first.fill("Maximiliana-Josefine");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Profile saved");
  // The header cuts a first name longer than 15 characters to 14 and an ellipsis.
  await expect(header(page).getByRole("link", { name: /^Profile: / })).toContainText("Maximiliana-Jo…");
  // The save is PUT /users: the API's text for an empty name shows under the field and in the snackbar, and nothing is saved.
  await first.fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("region", { name: "Personal details" }).getByText("First name is required")).toBeVisible();
  await expect(page.getByTestId("snackbar")).toContainText("First name is required");
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await expect(header(page).getByRole("link", { name: /^Profile: / })).toContainText("Maximiliana-Jo…");
  await page.getByLabel("New password").fill("short");
  await expect(page.getByRole("listitem").filter({ hasText: "8 to 30 characters" })).toContainText("(not met yet)");
  // Changing the password or the email asks for the current password first (checked before any call).
  await page.getByLabel("New password").fill("Changed-pass1");
  await page.getByLabel("Repeat password").fill("Changed-pass1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Enter your current password to change your email or password")).toBeVisible();
  await expect(page.getByLabel("Current password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  const email = page.getByLabel(/^Email/);
  const originalEmail = await email.inputValue();
  await expect(page.getByLabel("Current password to confirm the new email")).toHaveCount(0);
  await email.fill(`changed.${originalEmail}`);
  await expect(page.getByLabel("Current password to confirm the new email")).toBeVisible();
  await email.fill(originalEmail);
  await expect(page.getByLabel("Current password to confirm the new email")).toHaveCount(0);
  await page.getByLabel("New password").fill("short");
  await screenshot(page, "shell-profile-1280");
  await first.fill(original);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(header(page).getByRole("link", { name: /^Profile: / })).toContainText(original.slice(0, 14));
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "shell-profile-375");
});

test("a system admin publishes an installer that a teacher then downloads", async ({ page, browser, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, world.system, /\/system\/dashboard$/);
  await header(page).getByRole("link", { name: "Downloads" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Downloads" })).toBeVisible();
  const rpm = page.getByRole("article", { name: "File watcher for Linux (rpm)" });
  await expect(rpm.getByText("Not yet available", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await rpm.getByRole("button", { name: /Upload/ }).click();
  const dialog = page.getByRole("dialog", { name: "Upload File watcher for Linux (rpm)" });
  await dialog
    .getByLabel("Installer file")
    .setInputFiles({ name: "file-watcher-3.2.0.x86_64.rpm", mimeType: "application/x-rpm", buffer: Buffer.from([0xed, 0xab, 0xee, 0xdb, 0x03, 0x00]) });
  await dialog.getByLabel("Version (optional)").fill("3.2.0");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("File watcher for Linux (rpm) published");
  await expect(rpm.getByText("file-watcher-3.2.0.x86_64.rpm")).toBeVisible();
  await expect(rpm.getByText("Version 3.2.0")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "shell-downloads-1280");

  const context = await browser.newContext({ baseURL: world.origins.ohio });
  const teacher = await context.newPage();
  await signInTo(teacher, world.ohioTeacher, /\/teacher\/dashboard$/);
  await teacher.goto("/downloads");
  const card = teacher.getByRole("article", { name: "File watcher for Linux (rpm)" });
  await expect(card.getByRole("button", { name: /Upload|Replace/ })).toHaveCount(0);
  const [download] = await Promise.all([teacher.waitForEvent("download"), card.getByRole("link", { name: /Download/ }).click()]);
  expect(download.suggestedFilename()).toBe("file-watcher-3.2.0.x86_64.rpm");
  await expectNoAxeViolations(teacher);
  await context.close();
});
