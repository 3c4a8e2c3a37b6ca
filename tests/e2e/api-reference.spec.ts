import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, test } from "./support";

/**
 * The API reference as an integrator meets it: public, server-rendered from the OpenAPI document,
 * every operation under its group, an index that a keyboard reaches, the document to download,
 * axe-core clean, and no sideways scrolling at 320 px.
 */

const METHOD_PATH = /^(GET|POST|PUT|PATCH|DELETE) \//;

/**
 * Open a page of the reference and wait until its client parts (the skip link) are hydrated; `hydrated`
 * false reads the server's page alone (the headings and index are server-rendered), which is what the
 * walk over every group checks, without waiting for the network to go quiet on each.
 */
async function openReference(page: Page, path = "/api-reference", heading = "API reference", hydrated = true) {
  const response = await page.goto(path, { waitUntil: hydrated ? "load" : "domcontentloaded" });
  expect(response!.status()).toBe(200);
  if (hydrated) await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
}

/** The number of operations the served OpenAPI document describes. */
async function operationCount(page: Page): Promise<number> {
  const doc = (await (await page.request.get("/en/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
}

/** The groups' pages as the overview links them, with their names. */
async function groupLinks(page: Page): Promise<{ name: string; href: string }[]> {
  const links = page.getByRole("main").getByRole("list").last().getByRole("link");
  return links.evaluateAll((all) => all.map((a) => ({ name: a.textContent!.trim(), href: a.getAttribute("href")! })));
}

test("anyone reads the reference: every group and operation, who may call each, fields and errors", async ({ page }) => {
  test.setTimeout(180_000); // every group's page, and axe over the largest
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await openReference(page);
  // No session: the page is open, not a detour through sign-in.
  await expect(page).toHaveURL(/\/api-reference$/);
  for (const name of ["Authentication", "Conventions", "Operations by group"]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
  const auth = page.getByRole("region", { name: "Authentication", exact: true });
  await expect(auth.getByText("Authorization: Bearer <jwt>", { exact: true })).toBeVisible();
  const groups = await groupLinks(page);
  expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(["Auth and profile", "Organisations", "Users", "Lookups", "Files", "Platform"]));
  await screenshot(page, "api-reference-1280", { fullPage: false });
  await expectNoAxeViolations(page);

  // Every group's page: its operations, each in the index too; together, every operation of the document.
  let shown = 0;
  let largest = { href: "", count: 0 };
  for (const group of groups) {
    await openReference(page, group.href, group.name, false);
    const count = await page.getByRole("main").getByRole("heading", { level: 3, name: METHOD_PATH }).count();
    expect(count, group.name).toBeGreaterThan(0);
    await expect(page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: METHOD_PATH })).toHaveCount(count);
    await expect(page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: group.name, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    shown += count;
    if (count > largest.count) largest = { href: group.href, count };
  }
  expect(shown).toBe(await operationCount(page));

  await openReference(page, "/api-reference/auth-and-profile", "Auth and profile");
  const login = page.getByRole("region", { name: "POST /login", exact: true });
  await expect(login.getByText("Anyone: no sign-in needed.")).toBeVisible();
  const body = login.getByRole("table", { name: "Request body (JSON)" });
  await expect(body.getByRole("columnheader", { name: "Type" })).toBeVisible();
  await expect(body.getByRole("rowheader", { name: "username" })).toBeVisible();
  await expect(body.getByRole("rowheader", { name: "password" })).toBeVisible();
  await expect(login.getByRole("table", { name: /^Keys of the 200 answer/ }).getByRole("rowheader", { name: "jwt", exact: true })).toBeVisible();
  await expect(login.getByRole("table", { name: "Error statuses" }).getByRole("rowheader", { name: "423" })).toBeVisible();
  await expectNoAxeViolations(page);

  await openReference(page, "/api-reference/users", "Users");
  const invite = page.getByRole("region", { name: "POST /users/{id}/registration-invite", exact: true });
  await expect(invite.getByText("users.invite")).toBeVisible();
  await expect(invite.getByText(/Tenant Admin/)).toBeVisible();
  await openReference(page, "/api-reference/lookups", "Lookups");
  await expect(page.getByRole("region", { name: "GET /race-codes", exact: true }).getByText(/Any signed-in person/)).toBeVisible();

  // The largest group, where axe has the most to check.
  await page.goto(largest.href);
  await screenshot(page, "api-reference-group-1280", { fullPage: false });
  await expectNoAxeViolations(page);
  expect(pageErrors).toEqual([]);
});

test("an unknown group is not found", async ({ page }) => {
  const response = await page.goto("/api-reference/no-such-group");
  expect(response!.status()).toBe(404);
});

test("the OpenAPI document downloads as openapi.json", async ({ page }) => {
  await openReference(page);
  const link = page.getByRole("link", { name: "Download openapi.json" });
  await expect(link).toHaveAttribute("href", "/en/api/v1/openapi.json");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("openapi.json");
  const doc = JSON.parse(readFileSync((await download.path())!, "utf8")) as { openapi: string; servers: { url: string }[] };
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.servers).toEqual([{ url: "/en/api/v1" }]);
});

test("the keyboard reaches the index, opens a group and moves to one of its operations", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openReference(page);
  const index = page.getByRole("navigation", { name: "Contents" });

  // Skip link, the banner's sign-in, the download, then the index.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Download openapi.json" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(index.getByRole("link", { name: "Authentication", exact: true })).toBeFocused();

  // Every index link is a stop in the tab order: walk on to a group, open it, then to one operation.
  const walkTo = async (target: ReturnType<Page["getByRole"]>) => {
    for (let i = 0; i < 100 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(target).toBeFocused();
  };
  await walkTo(index.getByRole("link", { name: "Auth and profile", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/api-reference\/auth-and-profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Auth and profile" })).toBeVisible();
  await walkTo(page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "GET /login/me", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#getLoginMe$/);
  await expect(page.getByRole("heading", { level: 3, name: "GET /login/me", exact: true })).toBeInViewport();
  await screenshot(page, "api-reference-followed-link", { fullPage: false });
});

test("the skip link moves focus past the index to the main content", async ({ page }) => {
  await openReference(page);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
});

test("at 320 px wide (WCAG reflow) the reference and a group's page fit the screen", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 720 });
  for (const [path, heading] of [
    ["/api-reference", "API reference"],
    ["/api-reference/users", "Users"],
  ]) {
    await openReference(page, path, heading);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page, path).toBeLessThanOrEqual(widths.screen);
    await expectNoAxeViolations(page);
  }
  await screenshot(page, "api-reference-320", { fullPage: false });
});
