import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The teacher's Assessments page and a collection's completion views (demo data: world.teacher
 * has an open KRA collection about half scored). The journey scores one more cell through the API
 * and sees every view count it.
 */

const API = "/en/api/v1";

/** "1,234 of 5,678 scores entered" of the completion stat, as numbers. */
async function entered(page: Page): Promise<{ scored: number; expected: number }> {
  const text = (await page.getByText(/ scores entered$/).textContent())!;
  const [scored, expected] = text.replace(/,/g, "").match(/\d+/g)!.map(Number);
  return { scored, expected };
}

test("a teacher opens a collection's completion from Assessments and sees a new score counted", async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);

  await page.getByRole("link", { name: "Assessments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Assessments" })).toBeVisible();
  const table = page.getByRole("table", { name: "My data collections" });
  await expect(table.getByRole("link", { name: /^Kindergarten Readiness/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-assessments");

  await table.getByRole("link", { name: /^Completion of Kindergarten Readiness/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Completion: Kindergarten Readiness/ })).toBeVisible();
  const id = Number(/collections\/(\d+)\/completion/.exec(page.url())![1]);
  for (const name of ["By domain", "By item set", "By student", "Result by items"]) {
    await expect(page.getByRole("region", { name })).toBeVisible();
  }
  await expect(page.getByRole("progressbar", { name: /^Completion of LL · / })).toBeVisible();
  const before = await entered(page);
  expect(before.expected).toBeGreaterThan(before.scored);
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-completion");

  // One cell nobody has scored yet: a child short of 100% and an item they lack.
  const roster = (await (await page.request.get(`${API}/data-collections/${id}/students/legacy`)).json()) as {
    students: { studentEnrollmentId: number; progress: number }[];
  };
  const grades = (await (await page.request.get(`${API}/data-collections/${id}/grades`)).json()) as {
    grades: { studentEnrollmentId: number; assessmentItemsId: number }[];
  };
  const items = (await (await page.request.get(`${API}/data-collections/${id}/items`)).json()) as {
    assessmentItems: { id: number; parentScalesDirectoryId: number }[];
  };
  const scales = (await (await page.request.get(`${API}/data-collections/${id}/scales`)).json()) as { scales: { id: number; entries: { id: number }[] }[] };
  const kid = roster.students.find((s) => s.progress < 100)!;
  const done = new Set(grades.grades.filter((g) => g.studentEnrollmentId === kid.studentEnrollmentId).map((g) => g.assessmentItemsId));
  const item = items.assessmentItems.find((i) => !done.has(i.id))!;
  const entry = scales.scales.find((s) => s.id === item.parentScalesDirectoryId)!.entries[0];
  const saved = await page.request.post(`${API}/data-collections/${id}/scores`, {
    headers: { origin: new URL(page.url()).origin },
    data: { studentEnrollmentId: kid.studentEnrollmentId, assessmentItemsId: item.id, assessmentItemsScalesEntriesId: entry.id },
  });
  expect(saved.status()).toBe(200);

  await page.reload();
  expect(await entered(page)).toEqual({ scored: before.scored + 1, expected: before.expected });
});

test("another teacher's completion page is not found", async ({ page, browser, world }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, world.ohioTeacher);
  await expect(otherPage).toHaveURL(/\/teacher\/dashboard$/);
  const href = (await otherPage
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness/ })
    .getAttribute("href"))!;
  await other.close();

  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await page.goto(href.replace(/\/scoring$/, "/completion"));
  await expect(page.getByRole("heading", { name: "Should you be here? Please enter a valid address" })).toBeVisible();
});
