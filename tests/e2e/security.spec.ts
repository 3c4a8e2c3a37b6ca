import { DEMO_PASSWORD, expect, screenshot, signIn, test } from "./support";

/**
 * The security headers as a browser meets them: a fresh CSP nonce on every page (Next puts it on
 * its own scripts), the API's headers, and a page on another origin that tries to frame /profile.
 */

test("every page answer carries the CSP with a fresh nonce and the other security headers", async ({ page, world }) => {
  const first = await page.goto("/sign-in");
  const headers = first!.headers();
  const nonce = headers["content-security-policy"].match(/'nonce-([A-Za-z0-9+/=]+)'/)![1];
  expect(headers["content-security-policy"]).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Served over http here: no HSTS, which only an https address may send.
  expect(headers["strict-transport-security"]).toBeUndefined();
  // Next stamped this request's nonce on its scripts, and they ran: the form works.
  expect(await page.locator("script[src]").evaluateAll((scripts) => scripts.every((s) => (s as HTMLScriptElement).nonce !== ""))).toBe(true);
  const second = await page.goto("/sign-in");
  expect(second!.headers()["content-security-policy"]).not.toContain(nonce);
  await signIn(page, world.teacher, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
});

test("API answers carry the API's security headers", async ({ request }) => {
  for (const path of ["/en/api/v1/health", "/en/api/v1/no-such-route", "/api/auth/csrf"]) {
    const res = await request.get(path);
    expect(res.headers()["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
  }
});

test("a page on another origin cannot frame /profile", async ({ page, baseURL, world }) => {
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const profile = await page.request.get("/profile");
  expect(profile.headers()["x-frame-options"]).toBe("DENY");
  expect(profile.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

  await page.route("http://attacker.invalid/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Attacker</title><h1>Attacker</h1><iframe src="${baseURL}/profile" width="800" height="500"></iframe>`,
    }),
  );
  await page.goto("http://attacker.invalid/frame");
  await expect(page.getByRole("heading", { name: "Attacker" })).toBeVisible();
  // The browser refuses to render any page of ours inside theirs: the frame holds Chromium's error page.
  const framed = page.frames().find((f) => f !== page.mainFrame())!;
  await expect.poll(() => framed.url()).toBe("chrome-error://chromewebdata/");
  await screenshot(page, "security-frame-refused");
});
