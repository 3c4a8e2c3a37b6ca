import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test, type World } from "./support";

/**
 * The teacher's groups page (world.teacher, the open KRA collection, which no other journey
 * groups) and the announcements page (the demo tenant has one announcement of each status).
 */

const API = "/en/api/v1";
const LABEL = "Table 3 readers";

async function openGroups(page: Page, world: World): Promise<number> {
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const href = (await page
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness/ })
    .getAttribute("href"))!;
  const id = Number(/collections\/(\d+)\//.exec(href)![1]);
  await page.goto(`/teacher/collections/${id}/scoring`);
  await page.getByRole("link", { name: "Groups", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/collections/${id}/groups$`));
  await expect(page.getByRole("heading", { level: 1, name: /^Groups: Kindergarten Readiness/ })).toBeVisible();
  return id;
}

/** Presses Tab until the focused element is the one the predicate accepts (at most `max` presses). */
async function tabTo(page: Page, accept: () => Promise<boolean>, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await accept()) return;
  }
  throw new Error("Tab never reached the element");
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.labels?.[0]?.textContent ?? el?.textContent ?? "").trim();
  });
const focusedIs = (page: Page, role: string, name: string) => async () =>
  (await page.evaluate((r) => (document.activeElement?.getAttribute("role") ?? document.activeElement?.tagName.toLowerCase()) === r, role)) &&
  (await focusedName(page)) === name;

async function serverGroup(page: Page, id: number) {
  const answer = (await (await page.request.get(`${API}/data-collections/${id}/groups`)).json()) as {
    groups: { id: number; label: string; color: string; enrollmentIds: number[] }[];
  };
  return answer.groups.find((g) => g.label === LABEL);
}

test.describe.configure({ mode: "serial" });

test("a teacher creates a group by keyboard, edits it, filters the grid by it and deletes it", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = await openGroups(page, world);
  const groups = page.getByRole("list", { name: "Groups" });
  if ((await page.locator("[data-group]").count()) === 0) await expect(page.getByText("No groups yet")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "groups-empty");

  // New group, by keyboard alone: Tab to the button, Enter opens the dialog.
  await page.locator("body").focus();
  await tabTo(page, focusedIs(page, "button", "New group"));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New group" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Blue" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Select all" })).not.toBeChecked();
  await expectNoAxeViolations(page);

  // Enter in an empty label submits: the server's validation text shows at the field.
  await tabTo(page, async () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === "text"));
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Label is required")).toBeVisible();
  await page.keyboard.type(LABEL);
  await expect(dialog.getByText("Label is required")).toBeHidden();

  // Colour: Tab reaches the checked radio, arrows move through the palette (Blue, Green, Orange).
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("radio", { name: "Orange" })).toBeChecked();

  // Members: past Select all, Space ticks the first three children of the class list.
  await page.keyboard.press("Tab");
  expect(await focusedName(page)).toBe("Select all");
  const members: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    members.push(await focusedName(page));
    await page.keyboard.press("Space");
  }
  await expect(dialog.getByText("(3 of")).toBeVisible();
  await screenshot(page, "groups-dialog");
  await tabTo(page, focusedIs(page, "button", "Create group"));
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("snackbar")).toContainText("Group successfully created");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "New group" })).toBeFocused();
  const item = groups.getByRole("listitem").filter({ hasText: LABEL });
  await expect(item).toContainText("3 students");
  for (const name of members) await expect(item).toContainText(name);
  const created = await serverGroup(page, id);
  expect(created).toMatchObject({ color: "#ef6c00" });
  expect(created!.enrollmentIds).toHaveLength(3);
  await page.reload();
  await expect(groups.getByRole("listitem").filter({ hasText: LABEL })).toContainText("3 students");
  await expectNoAxeViolations(page);
  await screenshot(page, "groups-list");

  // Edit: take the second child out.
  await page.getByRole("button", { name: `Edit ${LABEL}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit group" });
  await expect(edit.getByRole("textbox", { name: "Label" })).toHaveValue(LABEL);
  await expect(edit.getByRole("radio", { name: "Orange" })).toBeChecked();
  await edit.getByRole("checkbox", { name: members[1], exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(edit.getByRole("checkbox", { name: members[1], exact: true })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Group successfully updated");
  await expect(page.getByRole("button", { name: `Edit ${LABEL}` })).toBeFocused();
  await expect(item).toContainText("2 students");
  await expect(item).not.toContainText(members[1]);
  await page.reload();
  await expect(groups.getByRole("listitem").filter({ hasText: LABEL })).toContainText("2 students");
  const edited = (await serverGroup(page, id))!;
  expect(edited.enrollmentIds).toHaveLength(2);

  // The scoring grid filters its rows by the new group.
  await page.getByRole("link", { name: "Open scoring", exact: true }).click();
  await expect(page.getByRole("grid", { name: "Scores: students by items" })).toBeVisible();
  await expect(page.locator("[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("Group", { exact: true }).selectOption({ label: LABEL });
  const rows = page.locator("[role=rowheader][data-enrollment]");
  await expect(rows).toHaveCount(2);
  const shown = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-enrollment"))));
  expect(shown.sort()).toEqual([...edited.enrollmentIds].sort());

  // Delete after confirming.
  await page.goto(`/teacher/collections/${id}/groups`);
  await page.getByRole("button", { name: `Delete ${LABEL}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete group?" });
  await expect(confirm).toContainText(LABEL);
  await expectNoAxeViolations(page);
  await screenshot(page, "groups-delete");
  await confirm.getByRole("button", { name: "Delete group" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Group successfully deleted");
  await expect(page.getByRole("button", { name: "New group" })).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: LABEL })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /^Groups:/ })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: LABEL })).toHaveCount(0);
  expect(await serverGroup(page, id)).toBeUndefined();
});

test("the teacher's announcements page shows each announcement with its status", async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await page.getByRole("navigation", { name: "Teacher navigation" }).getByRole("link", { name: "Announcements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Announcements" })).toBeVisible();
  const active = page.getByRole("region", { name: "Active now" });
  await expect(active.getByRole("listitem").first()).toBeVisible();
  for (const li of await active.getByRole("listitem").all()) await expect(li).toHaveAttribute("data-status", "Active");
  const others = page.getByRole("region", { name: "Upcoming and past" });
  await expect(others.locator('[data-status="Upcoming"]').first()).toBeVisible();
  await expect(others.locator('[data-status="Past"]').first()).toBeVisible();
  await expect(others.getByText("Winter checkpoint coming up")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-announcements");
});

test("on a phone the groups dialog fits, and Escape closes it with focus back on its button", async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGroups(page, world);
  const open = page.getByRole("button", { name: "New group" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New group" });
  await expect(dialog.getByRole("checkbox", { name: "Select all" })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await screenshot(page, "groups-dialog-phone");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
