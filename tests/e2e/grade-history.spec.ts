import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/** A cell's grade history from the scoring screen (demo: world.teacher, an open ELA collection). */
test("a teacher changes a grade and reads the cell's history: who, what and when", async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await page
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Early Learning/ })
    .first()
    .click();
  await expect(page.getByRole("grid", { name: "Scores: students by items" })).toBeVisible();
  await expect(page.locator("[data-hydrated]")).toHaveCount(1);

  // The last row's last cell: a region of the grid no other journey writes.
  const cells = page.locator('[role="gridcell"]');
  const last = cells.last();
  await last.click();
  for (const code of ["A", "C"]) {
    await page.keyboard.press(code);
    await expect(last).toHaveAttribute("data-code", code);
    await expect(page.locator('[role="gridcell"][data-status="saving"], [role="gridcell"][data-status="pending"]')).toHaveCount(0);
  }

  await page.getByRole("button", { name: "History" }).click();
  const dialog = page.getByRole("dialog", { name: "Grade history" });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole("row");
  await expect(rows.nth(1)).toContainText("Changed");
  await expect(rows.nth(1)).toContainText("C");
  await expect(rows.nth(2)).toContainText("A");
  await expect(rows.nth(1)).toContainText(/Emily Carter|Teacher/);
  await expectNoAxeViolations(page);
  await screenshot(page, "grade-history");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
