import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * A teacher prints score sheets (demo data: world.teacher's class in the open KRA collection): the
 * class's sheets from the class list (a job builds them while the page polls), the class's rating sheet
 * with its recorded ratings (the teacher has KRA_APP_CAPTURE_RATINGS_SHEET), then one child's practice sheet with random scores, read back
 * with pdftotext; the child's grades are the same before and after (a practice sheet saves nothing).
 * Reads only: the journey changes no grade, roster or child.
 */

const run = promisify(execFile);
const API = "/en/api/v1";

async function pdfText(file: string): Promise<string> {
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return stdout;
}

async function gradesOf(page: Page, id: number, enrollmentId: number) {
  const body = (await (await page.request.get(`${API}/data-collections/${id}/grades`)).json()) as {
    grades: { studentEnrollmentId: number; assessmentItemsId: number; assessmentItemsScalesEntriesId: number }[];
  };
  return body.grades
    .filter((g) => g.studentEnrollmentId === enrollmentId)
    .map((g) => `${g.assessmentItemsId}:${g.assessmentItemsScalesEntriesId}`)
    .sort();
}

test("a teacher downloads the class's score sheets, its rating sheet and a practice sheet with random scores", async ({ page, world }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const href = (await page
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness/ })
    .first()
    .getAttribute("href"))!;
  const id = Number(/collections\/(\d+)/.exec(href)![1]);

  await page.goto(`/teacher/collections/${id}/students`);
  await expect(page.getByRole("heading", { level: 1, name: /^Class list: Kindergarten Readiness/ })).toBeVisible();
  // Twenty children's pages rendered by a job while the page polls: allow for a loaded machine.
  const [classSheet] = await Promise.all([
    page.waitForEvent("download", { timeout: 120_000 }),
    page.getByRole("button", { name: "Download score sheets for the class" }).click(),
  ]);
  expect(classSheet.suggestedFilename()).toBe(`score-sheets-collection-${id}.pdf`);
  const classText = await pdfText((await classSheet.path())!);
  const links = page.getByRole("table", { name: "Students" }).getByRole("link");
  const count = await links.count();
  expect(classText.match(/Score sheet: Kindergarten Readiness/g)!.length).toBeGreaterThanOrEqual(count);

  const link = links.first();
  const [last, first] = (await link.textContent())!.split(", ");
  const enrollmentId = Number(/students\/(\d+)$/.exec((await link.getAttribute("href"))!)![1]);
  expect(classText).toContain(`${first} ${last}`);
  await expect(page.getByRole("status").filter({ hasText: "The class's score sheets are ready." })).toBeVisible();

  // The rating sheet, with the ratings recorded so far: a row per child, a legend of the items' scales.
  await page.getByLabel("Include recorded ratings").check();
  const [rating] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.getByRole("button", { name: "Download rating sheet" }).click()]);
  expect(rating.suggestedFilename()).toBe(`rating-sheet-collection-${id}-with-ratings.pdf`);
  const ratingText = await pdfText((await rating.path())!);
  expect(ratingText).toContain("Rating sheet: Kindergarten Readiness");
  expect(ratingText).toContain("Items and their rating scales");
  expect(ratingText).toContain("Ticked boxes are the ratings recorded when this sheet was printed.");
  expect(ratingText).toContain(`${first} ${last}`);
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-class-sheets");
  const before = await gradesOf(page, id, enrollmentId);

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `${first} ${last}` })).toBeVisible();
  const sheet = page.getByRole("region", { name: "Score sheet" });
  // By keyboard: tick random scores, Tab to the button, Enter.
  await sheet.getByLabel("Fill with random scores (practice; nothing is saved)").focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(sheet.getByRole("button", { name: "Download score sheet" })).toBeFocused();
  const [practice] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.keyboard.press("Enter")]);
  expect(practice.suggestedFilename()).toBe(`score-sheet-${enrollmentId}-practice.pdf`);
  const text = await pdfText((await practice.path())!);
  expect(text).toContain("Practice sheet: random scores for training. Nothing on this sheet is saved.");
  expect(text).toContain(`${first} ${last}`);
  expect(text).toContain("[X]");
  expect(await gradesOf(page, id, enrollmentId)).toEqual(before);
  await expectNoAxeViolations(page);
  await screenshot(page, "teacher-score-sheet");
});
