import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, test } from "./support";

/**
 * A page that fails shows our failure page, not Next's bare "Application error". The failure is
 * real: one client module of the page is made to throw as the browser loads it (its chunk is
 * rewritten in flight), as a broken deployment or a bug in a component would.
 */

/** Makes the module of a script chunk that contains `marker` throw when it is evaluated (Turbopack's chunk format). */
async function breakModuleContaining(page: Page, marker: string): Promise<{ broken: string[] }> {
  const state = { broken: [] as string[] };
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const at = body.indexOf(marker);
    const start = at < 0 ? undefined : [...body.slice(0, at).matchAll(/,\d+,\w=>\{"use strict";/g)].at(-1);
    if (!start) return route.fulfill({ response, body });
    state.broken.push(route.request().url());
    const cut = start.index + start[0].length;
    // no-store: the broken chunk must not outlive the test in the browser's cache (chunks are immutable).
    const headers = { ...response.headers(), "cache-control": "no-store" };
    await route.fulfill({ response, headers, body: `${body.slice(0, cut)}throw new Error("injected failure");${body.slice(cut)}` });
  });
  return state;
}

async function expectFailurePage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "This page could not be shown" })).toBeVisible();
  await expect(page.getByText("Unable to complete your request. If you believe this message to be in error contact your system administrator")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByText("This page couldn’t load")).toHaveCount(0); // Next's own
  await expectNoAxeViolations(page);
}

test("a public page that fails shows our page inside the layout, and the way home works", async ({ page }) => {
  const state = await breakModuleContaining(page, "/api/auth/callback/credentials"); // the sign-in form
  await page.goto("/sign-in");
  await expectFailurePage(page);
  expect(state.broken).toHaveLength(1);
  await expect(page).toHaveTitle("Sign in · Assessment Platform"); // app/error.tsx: the root layout stands
  await screenshot(page, "error-public-page");

  await page.unroute("**/_next/static/chunks/*.js");
  await page.getByRole("link", { name: "Go to my dashboard" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});

test("a failing root layout shows our page in its own document", async ({ page }) => {
  const state = await breakModuleContaining(page, "__webpack_nonce__"); // get-nonce, under the root layout's providers
  await page.goto("/sign-in");
  await expectFailurePage(page);
  expect(state.broken).toHaveLength(1);
  await expect(page).toHaveTitle("Something went wrong · Assessment Platform"); // app/global-error.tsx
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await screenshot(page, "error-root-layout");
});

// In the built app the storage driver is made by whichever layer comes first, and its errors cross
// into route handlers: a tenant with no uploaded logo answered 500 here (issue 21), never in-process.
test("a tenant's logo that was never uploaded is a 404 in the built app, signed in or not", async ({ request }) => {
  for (const tenantId of [1, 2, 999999]) {
    const res = await request.get(`/en/api/v1/tenants/${tenantId}/logo`);
    expect(res.status(), `tenant ${tenantId}`).toBe(404);
    expect(await res.json()).toEqual({ message: "File not found" });
  }
});
