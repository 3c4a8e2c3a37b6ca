import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, shot, test } from "./support";

/**
 * The API reference as an integrator meets it: public, server-rendered from the OpenAPI document,
 * every operation under its group, an index that a keyboard reaches, the document to download,
 * axe-core clean, and no sideways scrolling at 320 px.
 */

const METHOD_PATH = /^(GET|POST|PUT|PATCH|DELETE) \//;


/** Open the page and wait until its client parts (the skip link) are hydrated. */
async function openReference(page: Page) {
  const response = await page.goto("/api-reference");
  expect(response!.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
}

/** The number of operations the served OpenAPI document describes. */
async function operationCount(page: Page): Promise<number> {
  const doc = (await (await page.request.get("/en/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
}

test("anyone reads the reference: every group and operation, who may call each, fields and errors", async ({ page }) => {
  test.setTimeout(120_000); // about 300 operations to read and check
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await openReference(page);
  // No session: the page is open, not a detour through sign-in.
  await expect(page).toHaveURL(/\/api-reference$/);

  for (const name of ["Authentication", "Conventions", "Auth and profile", "Organisations", "Users", "Lookups", "Files", "Platform"]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
  const count = await operationCount(page);
  expect(count).toBeGreaterThan(25);
  await expect(page.getByRole("main").getByRole("heading", { level: 3, name: METHOD_PATH })).toHaveCount(count);
  const index = page.getByRole("navigation", { name: "Contents" });
  await expect(index.getByRole("link", { name: METHOD_PATH })).toHaveCount(count);

  const login = page.getByRole("region", { name: "POST /login", exact: true });
  await expect(login.getByText("Anyone: no sign-in needed.")).toBeVisible();
  const body = login.getByRole("table", { name: "Request body (JSON)" });
  await expect(body.getByRole("columnheader", { name: "Type" })).toBeVisible();
  await expect(body.getByRole("rowheader", { name: "username" })).toBeVisible();
  await expect(body.getByRole("rowheader", { name: "password" })).toBeVisible();
  await expect(login.getByRole("table", { name: /^Keys of the 200 answer/ }).getByRole("rowheader", { name: "jwt", exact: true })).toBeVisible();
  await expect(login.getByRole("table", { name: "Error statuses" }).getByRole("rowheader", { name: "423" })).toBeVisible();

  const invite = page.getByRole("region", { name: "POST /users/{id}/registration-invite", exact: true });
  await expect(invite.getByText("users.invite")).toBeVisible();
  await expect(invite.getByText(/Tenant Admin/)).toBeVisible();
  await expect(page.getByRole("region", { name: "GET /race-codes", exact: true }).getByText(/Any signed-in person/)).toBeVisible();

  const auth = page.getByRole("region", { name: "Authentication", exact: true });
  await expect(auth.getByText("Authorization: Bearer <jwt>", { exact: true })).toBeVisible();

  // The viewport only: the whole reference is a very long page, slow to capture in full.
  await page.screenshot({ ...shot("api-reference-1280"), fullPage: false });
  await expectNoAxeViolations(page);
  expect(pageErrors).toEqual([]);
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

test("the keyboard reaches the index, and an index link moves to its operation", async ({ page }) => {
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

  // Every index link is a stop in the tab order: walk on to one operation and follow it.
  const target = index.getByRole("link", { name: "GET /login/me", exact: true });
  for (let i = 0; i < 300 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#getLoginMe$/);
  await expect(page.getByRole("heading", { level: 3, name: "GET /login/me", exact: true })).toBeInViewport();
  await page.screenshot({ ...shot("api-reference-followed-link"), fullPage: false });
});

test("the skip link moves focus past the index to the main content", async ({ page }) => {
  await openReference(page);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
});

test("at 320 px wide (WCAG reflow) the reference fits the screen", async ({ page }) => {
  test.setTimeout(180_000); // axe over about 300 operations at phone width
  await page.setViewportSize({ width: 320, height: 720 });
  await openReference(page);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  await page.screenshot({ ...shot("api-reference-320"), fullPage: false });
  await expectNoAxeViolations(page);
});
