import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The teacher's scoring screen with the demo data (world.teacher: 20 children, an open KRA and an
 * open ELA collection, about half scored). Each journey writes its own region of the grid, so they
 * hold in any order on the fresh e2e database.
 */

const API = "/en/api/v1";

const cell = (page: Page, row: number, col: number): Locator => page.locator(`[role="gridcell"][data-row="${row}"][data-col="${col}"]`);
const busyCells = (page: Page) => page.locator('[role="gridcell"][data-status="saving"], [role="gridcell"][data-status="pending"]');

async function openScoring(page: Page, name: RegExp, username: string): Promise<number> {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const link = page.getByRole("table", { name: "My data collections" }).getByRole("link", { name });
  const href = (await link.getAttribute("href"))!;
  await page.goto(href);
  await waitReady(page);
  return Number(/collections\/(\d+)\/scoring/.exec(href)![1]);
}

async function waitReady(page: Page) {
  await expect(page.getByRole("grid", { name: "Scores: students by items" })).toBeVisible();
  await expect(page.locator("[data-hydrated]")).toHaveCount(1);
}

async function focusedCell(page: Page): Promise<{ row: number; col: number } | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (el?.getAttribute("role") !== "gridcell") return null;
    return { row: Number(el.getAttribute("data-row")), col: Number(el.getAttribute("data-col")) };
  });
}

async function enrollmentOf(page: Page, row: number): Promise<number> {
  return Number(await page.locator("[role=rowheader][data-enrollment]").nth(row).getAttribute("data-enrollment"));
}

async function itemOf(page: Page, col: number): Promise<number> {
  return Number(await page.locator("[role=columnheader][data-item]").nth(col).getAttribute("data-item"));
}

/** The server's grades of the collection as code by "enrollment:item", read with the page's cookies. */
async function serverCodes(page: Page, id: number): Promise<Map<string, { code: string; comment: string | null }>> {
  const grades = (await (await page.request.get(`${API}/data-collections/${id}/grades`)).json()) as {
    grades: { studentEnrollmentId: number; assessmentItemsId: number; assessmentItemsScalesEntriesId: number; comment: string | null }[];
  };
  const scales = (await (await page.request.get(`${API}/data-collections/${id}/scales`)).json()) as { scales: { entries: { id: number; code: string }[] }[] };
  const code = new Map(scales.scales.flatMap((s) => s.entries.map((e) => [e.id, e.code] as const)));
  return new Map(
    grades.grades.map((g) => [`${g.studentEnrollmentId}:${g.assessmentItemsId}`, { code: code.get(g.assessmentItemsScalesEntriesId)!, comment: g.comment }]),
  );
}

test.describe.configure({ mode: "serial" });

test("a teacher scores a row by keyboard alone, reloads and sees every score", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await openScoring(page, /^Kindergarten Readiness/, world.teacher);

  // One tab stop: Tab reaches the grid's active cell.
  let at = null;
  for (let i = 0; i < 80 && !at; i++) {
    await page.keyboard.press("Tab");
    at = await focusedCell(page);
  }
  expect(at).toEqual({ row: 0, col: 0 });
  const cols = await page.locator("[role=columnheader][data-item]").count();
  const rows = await page.locator("[role=rowheader][data-enrollment]").count();
  expect(cols).toBeGreaterThan(40);

  // "1" is a grade of every KRA scale (selected response, performance task, observation rubric).
  for (let c = 0; c < cols; c++) {
    await page.keyboard.press("1");
    if (c < cols - 1) await page.keyboard.press("ArrowRight");
  }
  await expect.poll(() => focusedCell(page)).toEqual({ row: 0, col: cols - 1 });
  await page.keyboard.press("Home");
  await expect.poll(() => focusedCell(page)).toEqual({ row: 0, col: 0 });
  await page.keyboard.press("End");
  await expect.poll(() => focusedCell(page)).toEqual({ row: 0, col: cols - 1 });
  await page.keyboard.press("Control+End");
  await expect.poll(() => focusedCell(page)).toEqual({ row: rows - 1, col: cols - 1 });
  await page.keyboard.press("Control+Home");
  await expect.poll(() => focusedCell(page)).toEqual({ row: 0, col: 0 });
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedCell(page)).toEqual({ row: 1, col: 0 });
  await expect(busyCells(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("failed-banner")).toHaveCount(0);

  // Tab leaves the grid.
  await page.keyboard.press("Tab");
  await expect.poll(() => focusedCell(page)).toBeNull();

  const enrollment = await enrollmentOf(page, 0);
  await page.reload();
  await waitReady(page);
  for (let c = 0; c < cols; c++) await expect(cell(page, 0, c)).toHaveAttribute("data-code", "1");
  // Every item scored: the child's progress is stored as 100.
  await expect(page.getByRole("progressbar").first()).toHaveAttribute("aria-valuenow", "100");
  const codes = await serverCodes(page, id);
  const row = [...codes].filter(([k]) => k.startsWith(`${enrollment}:`));
  expect(row).toHaveLength(cols);
  expect(row.every(([, v]) => v.code === "1")).toBe(true);
  await screenshot(page, "scoring-kra-row-scored");
});

test("a teacher pastes a 5 x 5 block copied from a spreadsheet, picks from the list and undoes", async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await openScoring(page, /^Early Learning/, world.teacher);
  // LP01-LP02 are rated 1 to 5, LP03-LP05 A to D.
  const block = [
    ["1", "2", "A", "B", "C"],
    ["2", "3", "B", "C", "D"],
    ["3", "4", "C", "D", "A"],
    ["4", "5", "D", "A", "B"],
    ["5", "1", "A", "B", "C"],
  ];
  await cell(page, 0, 0).click();
  // A pasted block goes to the server in one batch call; one cell alone through the single save.
  const batches: number[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.endsWith("/scores/batch"))
      batches.push((JSON.parse(r.postData()!) as { scores: unknown[] }).scores.length);
  });
  const paste = (text: string) =>
    page.evaluate((t) => {
      const data = new DataTransfer();
      data.setData("text/plain", t);
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  // As Excel and Google Sheets copy it: tabs between cells, CRLF after each row.
  await paste(block.map((r) => r.join("\t")).join("\r\n") + "\r\n");
  await expect(page.getByTestId("grid-report")).toContainText("Pasted");
  await expect(busyCells(page)).toHaveCount(0, { timeout: 30_000 });
  const pasted = Number((await page.getByTestId("grid-report").textContent())!.match(/Pasted (\d+)/)![1]);
  expect(pasted).toBeGreaterThan(1);
  expect(batches).toEqual([pasted]);

  const codes = await serverCodes(page, id);
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 5; c++) {
      await expect(cell(page, r, c)).toHaveAttribute("data-code", block[r][c]);
      expect(codes.get(`${await enrollmentOf(page, r)}:${await itemOf(page, c)}`)?.code).toBe(block[r][c]);
    }

  // A code outside the item's scale is reported and not saved.
  await cell(page, 6, 2).click();
  const before = await cell(page, 6, 2).getAttribute("data-code");
  await paste("Z\tB");
  await expect(page.getByTestId("grid-report")).toContainText('1 not a grade of the item and not saved: "Z"');
  await expect(busyCells(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(cell(page, 6, 2)).toHaveAttribute("data-code", before ?? "");
  await expect(cell(page, 6, 3)).toHaveAttribute("data-code", "B");
  expect(batches).toHaveLength(1);

  // Enter lists the cell's grades; arrows and Enter pick one.
  await cell(page, 7, 2).click();
  await page.keyboard.press("Delete");
  await expect(cell(page, 7, 2)).toHaveAttribute("data-code", "");
  await page.keyboard.press("Enter");
  const list = page.getByRole("listbox", { name: /^Grade for / });
  await expect(list).toBeVisible();
  await expect(list.getByRole("option")).toHaveCount(7);
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(list).toHaveCount(0);
  await expect(cell(page, 7, 2)).toHaveAttribute("data-code", "B");
  await expect.poll(() => focusedCell(page)).toEqual({ row: 7, col: 2 });
  // Typing N waits for a possible E: NE is its own grade.
  await page.keyboard.type("NE");
  await expect(cell(page, 7, 2)).toHaveAttribute("data-code", "NE");
  // Ctrl+Z undoes the last change by saving the previous value.
  await page.keyboard.press("Control+z");
  await expect(cell(page, 7, 2)).toHaveAttribute("data-code", "B");
  await expect(busyCells(page)).toHaveCount(0, { timeout: 15_000 });
  expect((await serverCodes(page, id)).get(`${await enrollmentOf(page, 7)}:${await itemOf(page, 2)}`)?.code).toBe("B");
  await screenshot(page, "scoring-ela-pasted");
});

test("scores made offline are kept, survive a reload, flush in one batch call and are each saved exactly once", async ({ page, context, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const started = Math.floor(Date.now() / 1000) - 1;
  const id = await openScoring(page, /^Early Learning/, world.teacher);

  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toHaveText("Offline: changes are kept on this device");
  // Ten cells of LP06 and LP07 (rated A to D), each set to a grade it does not hold yet.
  const targets: { row: number; col: number; code: string }[] = [];
  for (let k = 0; k < 10; k++) {
    const row = 10 + Math.floor(k / 2);
    const col = 5 + (k % 2);
    const current = await cell(page, row, col).getAttribute("data-code");
    const code = ["A", "B", "C", "D"].find((c) => c !== current)!;
    await cell(page, row, col).click();
    await page.keyboard.press(code);
    targets.push({ row, col, code });
  }
  await expect(page.getByTestId("pending-banner")).toHaveText("10 changes waiting to be sent");
  await expect(page.locator('[role="gridcell"][data-status="pending"]')).toHaveCount(10);
  await screenshot(page, "scoring-offline-pending");

  // A reload cannot load the page offline (no service worker): reload online with the API cut off.
  await page.route("**/en/api/v1/data-collections/*/scores**", (route) => route.abort("internetdisconnected"));
  await context.setOffline(false);
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId("pending-banner")).toHaveText("10 changes waiting to be sent");
  for (const t of targets) {
    await expect(cell(page, t.row, t.col)).toHaveAttribute("data-code", t.code);
    await expect(cell(page, t.row, t.col)).toHaveAttribute("data-status", "pending");
  }

  // The connection returns, but the first two answers are lost after the server wrote: the queue
  // flushes in one batch call, and its resends carry the same requestKeys, so the server answers
  // the first results without writing again.
  await page.unroute("**/en/api/v1/data-collections/*/scores**");
  let lost = 0;
  const sent: string[] = [];
  const bodies: string[] = [];
  await page.route("**/en/api/v1/data-collections/*/scores**", async (route) => {
    sent.push(route.request().url());
    bodies.push(route.request().postData() ?? "");
    if (lost < 2) {
      lost++;
      await route.fetch();
      await route.abort("connectionreset");
    } else await route.continue();
  });
  await expect(page.getByTestId("pending-banner")).toHaveCount(0, { timeout: 45_000 });
  await expect(busyCells(page)).toHaveCount(0, { timeout: 15_000 });
  expect(lost).toBe(2);
  expect(sent.map((url) => new URL(url).pathname.endsWith("/scores/batch"))).toEqual([true, true, true]);
  const flushed = bodies.map((b) => (JSON.parse(b) as { scores: { requestKey: string }[] }).scores.map((c) => c.requestKey));
  expect(flushed[0]).toHaveLength(10);
  expect(flushed[1]).toEqual(flushed[0]);
  expect(flushed[2]).toEqual(flushed[0]);
  await page.unroute("**/en/api/v1/data-collections/*/scores**");

  const codes = await serverCodes(page, id);
  const roster = (await (await page.request.get(`${API}/data-collections/${id}/students/legacy`)).json()) as {
    students: { studentEnrollmentId: number; studentId: number }[];
  };
  const studentOf = new Map(roster.students.map((s) => [s.studentEnrollmentId, s.studentId]));
  for (const t of targets) {
    const enrollment = await enrollmentOf(page, t.row);
    const item = await itemOf(page, t.col);
    expect(codes.get(`${enrollment}:${item}`)?.code).toBe(t.code);
    const history = (await (
      await page.request.get(`${API}/data-collections/${id}/students/${studentOf.get(enrollment)}/items/${item}/grades/history`)
    ).json()) as { history: { changedAt: number; entryCode: string | null }[] };
    expect(history.history.filter((h) => h.changedAt >= started)).toHaveLength(1);
  }
  await page.reload();
  await waitReady(page);
  for (const t of targets) await expect(cell(page, t.row, t.col)).toHaveAttribute("data-code", t.code);
  await expect(page.getByTestId("pending-banner")).toHaveCount(0);
});

test("a teacher comments a score", async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await openScoring(page, /^Early Learning/, world.teacher);
  await cell(page, 15, 0).click();
  await page.keyboard.press("3");
  await expect(busyCells(page)).toHaveCount(0, { timeout: 15_000 });
  await page.keyboard.press("Shift+Enter");
  const dialog = page.getByRole("dialog", { name: "Comment" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, { include: ["[role=dialog]"] });
  await dialog.getByLabel("Comment", { exact: true }).fill("Counted to 20 with one-to-one correspondence.");
  await dialog.getByRole("button", { name: "Save comment" }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedCell(page)).toEqual({ row: 15, col: 0 });
  await expect(busyCells(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("active-cell")).toContainText("Counted to 20");
  const key = `${await enrollmentOf(page, 15)}:${await itemOf(page, 0)}`;
  expect((await serverCodes(page, id)).get(key)).toEqual({ code: "3", comment: "Counted to 20 with one-to-one correspondence." });
  await page.reload();
  await waitReady(page);
  await expect(cell(page, 15, 0)).toHaveAttribute("title", /Comment: Counted to 20/);
});

test("a refused change shows failed with the server's message and is sent again on retry", async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await openScoring(page, /^Early Learning/, world.teacher);
  const message = "The assessment window is closed: scores can no longer be changed";
  await page.route("**/en/api/v1/data-collections/*/scores", (route) => route.fulfill({ status: 409, json: { message } }));
  await cell(page, 17, 2).click();
  await page.keyboard.press("Delete");
  await page.keyboard.press("C");
  const failed = cell(page, 17, 2);
  await expect(failed).toHaveAttribute("data-status", "failed");
  await expect(failed).toHaveAttribute("title", message);
  await expect(page.getByTestId("failed-banner")).toContainText("not saved");
  await expect(page.getByTestId("save-announcement")).toContainText(message);
  await expect(page.getByTestId("active-cell")).toContainText(message);
  await screenshot(page, "scoring-failed");
  await expectNoAxeViolations(page, { include: ["[data-testid=failed-banner]", "[data-testid=active-cell]", "[data-status=failed]"] });
  await page.unroute("**/en/api/v1/data-collections/*/scores");
  await page.getByRole("button", { name: "Retry", exact: true }).click();
  await expect(failed).toHaveAttribute("data-status", "saved");
  await expect(page.getByTestId("failed-banner")).toHaveCount(0);
  expect((await serverCodes(page, id)).get(`${await enrollmentOf(page, 17)}:${await itemOf(page, 2)}`)?.code).toBe("C");
});

test("a teacher attaches a photo as evidence, downloads it byte-identical and deletes it", async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openScoring(page, /^Early Learning/, world.teacher);
  await cell(page, 18, 0).click();
  await page.keyboard.press("2");
  await expect(busyCells(page)).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("button", { name: /^Evidence/ }).click();
  const dialog = page.getByRole("dialog", { name: "Evidence" });
  await expect(dialog.getByText(/^No files yet/)).toBeVisible();

  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  await dialog.getByLabel("Add files").setInputFiles({ name: "counting.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByRole("list", { name: "Files" }).getByRole("listitem").filter({ hasText: "counting.png" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Preview of counting.png" })).toBeVisible();
  await expectNoAxeViolations(page, { include: ["[role=dialog]"] });
  const download = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download counting.png" }).click();
  expect(Buffer.compare(readFileSync(await (await download).path()), png)).toBe(0);

  // A type outside the evidence kinds is explained, not sent.
  await dialog.getByLabel("Add files").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") });
  await expect(dialog.getByRole("alert")).toContainText("File type not allowed");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Evidence (1)" })).toBeVisible();

  await page.getByRole("button", { name: "Evidence (1)" }).click();
  await dialog.getByRole("button", { name: "Delete counting.png" }).click();
  await expect(dialog.getByText(/^No files yet/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Evidence", exact: true })).toBeVisible();
});

test("the scoring screen passes axe, filters by the selectors and shows the grade tabs", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openScoring(page, /^Early Learning/, world.teacher);
  const tabs = page.getByRole("group", { name: "Grades of the active cell" });
  for (const name of ["Filter", "R", "N", "NE", "A", "B", "C", "D", "1", "2", "3", "4", "5"])
    await expect(tabs.getByRole("button", { name: new RegExp(`^${name}\\b`) }).first()).toBeVisible();
  await screenshot(page, "scoring-ela-grid");
  await expectNoAxeViolations(page);

  // The quick pick sets the active cell and hands focus back to the grid.
  await cell(page, 16, 1).click();
  await tabs.getByRole("button", { name: /^4 ?: Level 4/ }).click();
  await expect(cell(page, 16, 1)).toHaveAttribute("data-code", "4");
  await expect.poll(() => focusedCell(page)).toEqual({ row: 16, col: 1 });

  await page.getByLabel("Domain", { exact: true }).selectOption({ label: "MA · Mathematics" });
  await expect(page.locator("[role=columnheader][data-item]")).toHaveCount(4);
  await page.getByLabel("Student", { exact: true }).selectOption({ index: 1 });
  await expect(page.locator("[role=rowheader][data-enrollment]")).toHaveCount(1);
  await cell(page, 0, 0).click();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);

  await openKra(page);
  await screenshot(page, "scoring-kra-grid");
  await expectNoAxeViolations(page);
});

test("the grid filters by the teacher's group", async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await openScoring(page, /^Early Learning/, world.teacher);
  const members = [await enrollmentOf(page, 2), await enrollmentOf(page, 5), await enrollmentOf(page, 9)];
  const created = await page.request.post(`${API}/data-collections/${id}/groups`, {
    headers: { origin: new URL(page.url()).origin },
    data: { label: "Reading circle", color: "#1976d2", enrollmentIds: members },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await waitReady(page);
  await page.getByLabel("Group", { exact: true }).selectOption({ label: "Reading circle" });
  const rows = page.locator("[role=rowheader][data-enrollment]");
  await expect(rows).toHaveCount(3);
  expect((await rows.evaluateAll((ths) => ths.map((th) => Number(th.getAttribute("data-enrollment"))))).sort()).toEqual([...members].sort());
});

async function openKra(page: Page) {
  await page.goto("/teacher/dashboard");
  const href = (await page
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness/ })
    .getAttribute("href"))!;
  await page.goto(href);
  await waitReady(page);
}

test("another teacher's collection is not found, by page and by API", async ({ page, browser, world }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, world.ohioTeacher);
  await expect(otherPage).toHaveURL(/\/teacher\/dashboard$/);
  const href = (await otherPage
    .getByRole("table", { name: "My data collections" })
    .getByRole("link", { name: /^Kindergarten Readiness/ })
    .getAttribute("href"))!;
  await other.close();
  const ohioId = Number(/collections\/(\d+)\/scoring/.exec(href)![1]);

  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await page.goto(href);
  await expect(page.getByRole("heading", { name: "Should you be here? Please enter a valid address" })).toBeVisible();
  expect((await page.request.get(`${API}/data-collections/${ohioId}/grades`)).status()).toBe(404);
  // Same-origin, as the screen sends it (a write without its Origin is refused before any lookup).
  const post = await page.request.post(`${API}/data-collections/${ohioId}/scores`, {
    headers: { origin: new URL(page.url()).origin },
    data: { studentEnrollmentId: 1, assessmentItemsId: 1, assessmentItemsScalesEntriesId: 1 },
  });
  expect(post.status()).toBe(404);
});
