import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * Announcements and the live bell, with two people in two browser contexts: the tenant admin posts
 * an announcement; the teacher's bell count rises without a reload (SSE fed by LISTEN/NOTIFY, or
 * Pusher when configured) and the teacher acknowledges and removes it by keyboard. Leaves the demo
 * data as it found it (the announcement is deleted at the end).
 */

const TITLE = `Screening window opens ${Date.now().toString(36)}`;
const EDITED = `${TITLE} (room 12)`;
/** Screenshots go to this instance's results folder, beside the failure screenshots. */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const bellOf = (page: Page) => page.getByRole("navigation", { name: "Application" }).getByRole("button", { name: /^Notifications, \d+ unread$/ });
const countOf = async (page: Page) => Number(/(\d+) unread/.exec((await bellOf(page).getAttribute("aria-label"))!)![1]);

test("an admin's announcement reaches a teacher's bell live; the teacher acknowledges and removes it by keyboard", async ({
  page,
  browser,
  world,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const before = await countOf(page);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, world.tenantAdmin);
  await expect(admin).toHaveURL(/\/administrator/);
  await admin.getByRole("navigation", { name: "Administration navigation" }).getByRole("link", { name: "Announcements" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Announcements" })).toBeVisible();
  await expectNoAxeViolations(admin);

  // Create by keyboard: the dialog opens on Enter, Title first; Enter in the title submits.
  await admin.getByRole("button", { name: "New announcement" }).focus();
  await admin.keyboard.press("Enter");
  const dialog = admin.getByRole("dialog", { name: "New announcement" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").click();
  await admin.keyboard.press("Enter");
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Start date is required")).toBeVisible();
  await expectNoAxeViolations(admin);
  await screenshot(admin, "dialog-errors");
  await dialog.getByLabel("Title").fill(TITLE);
  await dialog.getByLabel("Text").fill("Bring the kits to the library on Monday.");
  await dialog.getByLabel("Start date").fill(day(-1));
  await dialog.getByLabel("End date").fill(day(7));
  await dialog.getByLabel("Title").press("Enter");
  await expect(admin.getByText("Announcement successfully created")).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: TITLE }) });
  await expect(item.getByText("Active", { exact: true })).toBeVisible();

  // The teacher's bell rises without a reload.
  await expect(bellOf(page)).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 15_000 });
  await expect(page.getByTestId("unread-count").first()).toHaveText(String(before + 1));
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await screenshot(page, "bell-risen");

  // Open the bell by keyboard; the notification links to the teacher's announcements page, and
  // following it (Enter) acknowledges it.
  await bellOf(page).focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("region", { name: "Notifications" });
  const notification = panel.getByRole("link", { name: new RegExp(`^New announcement: ${TITLE}`) });
  await expect(notification).toBeVisible();
  await expect(notification).toHaveAttribute("href", "/teacher/announcements");
  await expect(notification.getByText("New", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "panel-open");
  await notification.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/teacher\/announcements$/);
  await expect(page.getByRole("region", { name: "Active now" }).getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(bellOf(page)).toHaveAccessibleName(`Notifications, ${before} unread`);
  await expectNoAxeViolations(page);

  // Remove it from the bell: focus moves on within the panel, and the item is gone for good.
  await bellOf(page).focus();
  await page.keyboard.press("Enter");
  await expect(notification.getByText("New", { exact: true })).toHaveCount(0);
  await panel.getByRole("button", { name: `Remove notification: New announcement: ${TITLE}` }).focus();
  await page.keyboard.press("Enter");
  await expect(notification).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(bellOf(page)).toBeFocused();

  // The admin edits, then deletes it (the demo data stays as it was).
  await item.getByRole("button", { name: `Edit ${TITLE}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit announcement" });
  await expect(edit.getByLabel("Start date")).toHaveValue(day(-1));
  await edit.getByLabel("Title").fill(EDITED);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByText("Announcement successfully updated")).toBeVisible();
  const edited = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: EDITED }) });
  await expect(edited).toBeVisible();
  await screenshot(admin, "admin-list");
  await edited.getByRole("button", { name: `Delete ${EDITED}` }).click();
  await admin.getByRole("dialog", { name: "Delete announcement" }).getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Announcement successfully deleted")).toBeVisible();
  await expect(edited).toBeHidden();
  await adminContext.close();
});

test("the admin page at phone width, and the teacher's bell at phone width", async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator/);
  await page.goto("/administrator/announcements");
  await expect(page.getByRole("heading", { level: 1, name: "Announcements" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-phone");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications, \d+ unread$/ })
    .click();
  await expect(page.getByRole("region", { name: "Notifications" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "bell-phone");
});

test("the notifications page lists a teacher's notifications; one is marked as read and removed there", async ({ page, browser, world }, testInfo) => {
  test.setTimeout(150_000);
  const title = `Kits arrive ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);

  // The admin posts an announcement (its own data, deleted at the end).
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, world.tenantAdmin);
  await expect(admin).toHaveURL(/\/administrator/);
  await admin.goto("/administrator/announcements");
  await admin.getByRole("button", { name: "New announcement" }).click();
  const dialog = admin.getByRole("dialog", { name: "New announcement" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Text").fill("In the library from Monday.");
  await dialog.getByLabel("Start date").fill(day(-1));
  await dialog.getByLabel("End date").fill(day(3));
  await dialog.getByRole("button", { name: "Create announcement" }).click();
  await expect(admin.getByText("Announcement successfully created")).toBeVisible();

  // The bell links to the page; the notification is there, unread.
  const message = `New announcement: ${title}`;
  await bellOf(page).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("link", { name: new RegExp(`^${message}`) })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: "See all notifications" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const list = page.getByRole("list", { name: "All notifications" });
  const item = list.getByRole("listitem").filter({ hasText: message });
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  await expect(item.getByRole("link", { name: message })).toHaveAttribute("href", "/teacher/announcements");
  await expectNoAxeViolations(page);
  await screenshot(page, "notifications-page");

  // Mark as read by keyboard: the bell's count follows; then remove it.
  const before = await countOf(page);
  await item.getByRole("button", { name: `Mark as read: ${message}` }).focus();
  await page.keyboard.press("Enter");
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);
  await expect(bellOf(page)).toHaveAccessibleName(`Notifications, ${before - 1} unread`);
  // Once in a CI run the click on Remove, right after the item re-rendered as read, removed nothing
  // (no 'Removed' status either): a suspected lost click, noted for investigation, hence the retry.
  // The list drops the item before the server has answered: wait for the answer, then reload.
  await expect(async () => {
    const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && /\/notifications\/\d+$/.test(r.url()), { timeout: 8_000 });
    await item.getByRole("button", { name: `Remove notification: ${message}` }).click({ timeout: 5_000 });
    expect((await deleted).ok()).toBe(true);
    await expect(list.getByText(message)).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByText(message)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, "notifications-page-phone");

  const row = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: title }) });
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await admin.getByRole("dialog", { name: "Delete announcement" }).getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Announcement successfully deleted")).toBeVisible();
  await adminContext.close();
});
