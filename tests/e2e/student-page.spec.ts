import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The teacher's class list and one child's page (demo data: world.teacher with 20 children in an
 * open KRA collection; the demo tenant has a "Fall checkpoint" milestone open now). The journey
 * works on the last child of the class, whom the other journeys leave alone.
 */

const API = "/en/api/v1";

async function kraCollectionId(page: Page, username: string): Promise<number> {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const href = (await page
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness/ })
    .first()
    .getAttribute("href"))!;
  return Number(/collections\/(\d+)/.exec(href)![1]);
}

/** Sets a grade through the API (the scoring screen's call) that differs from the child's current one on the item. */
async function changeGrade(page: Page, id: number, enrollmentId: number): Promise<{ itemCode: string; entryCode: string }> {
  const get = async <T>(path: string) => (await (await page.request.get(`${API}/data-collections/${id}/${path}`)).json()) as T;
  const items = await get<{ assessmentItems: { id: number; code: string; parentScalesDirectoryId: number }[] }>("items");
  const scales = await get<{ scales: { id: number; entries: { id: number; code: string }[] }[] }>("scales");
  const grades = await get<{ grades: { studentEnrollmentId: number; assessmentItemsId: number; assessmentItemsScalesEntriesId: number }[] }>("grades");
  const item = items.assessmentItems[0];
  const current = grades.grades.find((g) => g.studentEnrollmentId === enrollmentId && g.assessmentItemsId === item.id)?.assessmentItemsScalesEntriesId;
  const entry = scales.scales.find((s) => s.id === item.parentScalesDirectoryId)!.entries.find((e) => e.id !== current)!;
  const saved = await page.request.post(`${API}/data-collections/${id}/scores`, {
    headers: { origin: new URL(page.url()).origin },
    data: { studentEnrollmentId: enrollmentId, assessmentItemsId: item.id, assessmentItemsScalesEntriesId: entry.id },
  });
  expect(saved.status()).toBe(200);
  return { itemCode: item.code, entryCode: entry.code };
}

test("a teacher opens a child from the class list, records supports, sees the grade history and captures a milestone", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await kraCollectionId(page, world.teacher);

  await page.goto(`/teacher/collections/${id}/students`);
  await expect(page.getByRole("heading", { level: 1, name: /^Class list: Kindergarten Readiness/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Students" });
  const links = table.getByRole("link");
  expect(await links.count()).toBeGreaterThan(10);
  await expect(table.getByRole("progressbar").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-class-list");

  const link = links.last();
  const [last, first] = (await link.textContent())!.split(", ");
  const enrollmentId = Number(/students\/(\d+)$/.exec((await link.getAttribute("href"))!)![1]);
  const graded = await changeGrade(page, id, enrollmentId);

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `${first} ${last}` })).toBeVisible();
  await expect(page.getByText(/^State student id /)).toBeVisible();
  await expect(page.getByRole("link", { name: "Open scoring", exact: true })).toHaveAttribute("href", `/teacher/collections/${id}/scoring`);
  await expect(page.getByRole("link", { name: "Completion", exact: true })).toHaveAttribute("href", `/teacher/collections/${id}/completion`);
  const custom = page.getByRole("region", { name: "Custom fields" });
  await expect(custom.getByText("Kindergarten schedule")).toBeVisible();
  await expect(custom.getByText(/^(Full day|Half day)$/)).toBeVisible();

  // The grade set through the API is the newest change, by the teacher.
  const history = page.getByRole("region", { name: "Grade changes" });
  const newest = history.getByRole("row").nth(1);
  await expect(newest.getByRole("rowheader")).toHaveText(graded.itemCode);
  await expect(newest.getByRole("cell").nth(1)).toHaveText(graded.entryCode);
  await expect(newest).toContainText("Emily Carter");
  await expect(newest).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);

  // Two supports ticked and saved hold after a reload; so does the comment.
  const supports = page.getByRole("group", { name: "Supports used with this child" }).getByRole("checkbox");
  expect(await supports.count()).toBeGreaterThanOrEqual(2);
  const boxes = await supports.count();
  for (let i = 0; i < boxes; i++) await supports.nth(i).setChecked(i < 2);
  await page.getByRole("button", { name: "Save supports" }).click();
  await expect(page.getByText("Supports saved.")).toBeVisible();
  const comment = `Sat near the front; enlarged print on the counting tasks (${Date.now()})`;
  await page.getByLabel("Support comment").fill(comment);
  await page.getByRole("button", { name: "Save comment" }).click();
  await expect(page.getByText("Support comment saved.")).toBeVisible();
  await page.reload();
  for (let i = 0; i < boxes; i++) await expect(supports.nth(i)).toBeChecked({ checked: i < 2 });
  await expect(page.getByLabel("Support comment")).toHaveValue(comment);

  // The open milestone: capture freezes the child's grades, the graded item among them.
  const milestones = page.getByRole("region", { name: "Milestones" });
  await milestones.getByRole("button", { name: /^(Capture ratings|Capture again) for Fall checkpoint$/ }).click();
  await expect(milestones.getByText("Ratings captured for Fall checkpoint.")).toBeVisible();
  const captured = milestones.getByRole("listitem").filter({ hasText: /captured [A-Z]/ });
  await expect(captured).toContainText("Fall checkpoint");
  await expect(captured).toContainText(`${graded.itemCode} ${graded.entryCode}`);
  await expect(milestones.getByRole("button", { name: "Capture again for Fall checkpoint" })).toBeVisible();

  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "teacher-student-page");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-student-page-phone");
});

test("another teacher's child and collection are not found", async ({ page, browser, world }) => {
  const other = await browser.newContext({ baseURL: world.origins.ohio });
  const otherPage = await other.newPage();
  const ohioId = await kraCollectionId(otherPage, world.ohioTeacher);
  const roster = (await (await otherPage.request.get(`${API}/data-collections/${ohioId}/students/legacy`)).json()) as {
    students: { studentEnrollmentId: number }[];
  };
  const ohioChild = roster.students[0].studentEnrollmentId;
  await other.close();

  const id = await kraCollectionId(page, world.teacher);
  const notFound = page.getByRole("heading", { name: "Should you be here? Please enter a valid address" });
  for (const path of [
    `/teacher/collections/${id}/students/${ohioChild}`,
    `/teacher/collections/${ohioId}/students/${ohioChild}`,
    `/teacher/collections/${ohioId}/students`,
  ]) {
    await page.goto(path);
    await expect(notFound).toBeVisible();
  }
});
