import { networkInterfaces } from "node:os";
import { demoTest as test, expect, screenshot, signIn } from "./support";

// Runs against `npm start` on its embedded defaults (PGlite, local files, outbox mail, in-process
// workers), as a fresh clone would: sign in with a demo account and run a job through the queue.
test("the product on its embedded defaults signs in and runs a job", async ({ page }) => {
  expect(await (await page.request.get("/en/api/v1/health")).json()).toEqual({ status: "ok" });

  await signIn(page, "system@demo.test");
  await expect(page).toHaveURL(/\/system\/dashboard$/);
  // Signed in as a system administrator, health names the embedded engine and the queue.
  const health = await page.request.get("/en/api/v1/health");
  expect(await health.json()).toMatchObject({ status: "ok", database: { ok: true, detail: "pglite" }, queue: { ok: true } });
  await expect(page.getByRole("heading", { name: "System dashboard", level: 1 })).toBeVisible();
  // A database migrated in this process answers arrays of its own enums as lists (PGlite learns array
  // types when it opens: roles once came back as the text "{ROLE_ADMIN,...}" and the users page failed).
  const { users } = await (await page.request.get("/en/api/v1/users")).json();
  expect(users.length).toBeGreaterThan(0);
  for (const user of users) expect(user.roles).toEqual(expect.arrayContaining([expect.stringMatching(/^ROLE_/)]));

  const mail = page.getByRole("region", { name: "Mail delivery" });
  await expect(mail).toContainText("No SMTP server is configured");
  await mail.getByRole("button", { name: "Send a test message" }).click();
  await expect(mail.getByRole("status")).toContainText("Kept in the outbox (no mail server is configured)", { timeout: 20_000 });
  await screenshot(page, "smoke-system-dashboard");
});

// Its passwords are in the README: the demo answers on 127.0.0.1, not on this machine's network address.
test("the demo listens on this machine only", async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const outward = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  expect(outward, "a network address to try").toBeDefined();
  await expect(fetch(`http://127.0.0.1:${port}/en/api/v1/health`)).resolves.toHaveProperty("status", 200);
  await expect(fetch(`http://${outward!.address}:${port}/en/api/v1/health`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow();
});
