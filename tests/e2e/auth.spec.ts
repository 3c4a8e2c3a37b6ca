import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, mailsTo, mailText, screenshot, signIn, test, waitForMail } from "./support";

/** The path and query of the first link to this app in a captured mail. */
function mailLink(raw: string, page: string): string {
  const match = mailText(raw).match(new RegExp(`https?://[^\\s"<>]+(/${page}\\?token=[A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${page} link in mail`);
  return match[1];
}

/** The form's own error (the page also holds the snackbar's and the router's empty alert regions). */
const formAlert = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ });

/** Choose a new password on the reset or registration page and confirm. */
async function choosePassword(page: Page, password: string, button: string) {
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await expect(page.getByRole("listitem").filter({ hasText: "(not met yet)" })).toHaveCount(0);
  await page.getByRole("button", { name: button }).click();
}

test.describe("sign-in", () => {
  test("signs in with the keyboard alone and lands in the teacher area", async ({ page, world }) => {
    await page.goto("/sign-in");
    await expect(page.getByLabel("Username")).toBeFocused();
    await page.keyboard.type(world.teacher);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Login" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/teacher\/dashboard$/);
    await expect(page.getByText("Loading…")).toHaveCount(0);
    await screenshot(page, "auth-teacher-landed");
  });

  test("each role lands in its own area", async ({ page, world }) => {
    for (const [username, area] of [
      [world.system, "/system/dashboard"],
      [world.tenantAdmin, "/administrator/dashboard"],
    ]) {
      await page.context().clearCookies();
      await signIn(page, username);
      await expect(page).toHaveURL(new RegExp(`${area}$`));
    }
  });

  test("shows the spec's texts for empty, malformed and wrong credentials", async ({ page, world }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByLabel("Username")).toBeFocused();
    await page.getByLabel("Username").fill("not-an-email");
    await expect(page.getByText("Invalid username format")).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn(page, world.teacher, "Wrong-pass1");
    await expect(formAlert(page)).toHaveText("Invalid username or password");
    await expect(page).toHaveURL(/\/sign-in/);
    await expectNoAxeViolations(page);
    await screenshot(page, "auth-sign-in-wrong-password");
  });

  test("five wrong passwords lock the account; a password reset lifts the lock", async ({ page, world }) => {
    const account = world.helpdeskAdmin;
    for (let i = 1; i <= 4; i++) {
      await signIn(page, account, `Wrong-pass${i}`);
      await expect(formAlert(page)).toHaveText("Invalid username or password");
    }
    await signIn(page, account, "Wrong-pass5");
    await expect(formAlert(page)).toContainText("Your account is locked after 5 failed sign-in attempts");
    await signIn(page, account);
    await expect(formAlert(page)).toContainText("Your account is locked");
    await screenshot(page, "auth-sign-in-locked");

    const before = mailsTo(account).length;
    const response = await page.request.post("/en/api/v1/forgot-password/email", { data: { email: account } });
    expect(response.status()).toBe(200);
    await page.goto(mailLink(await waitForMail(account, before), "reset-password"));
    await choosePassword(page, DEMO_PASSWORD, "Reset Password");
    await expect(page.getByText("Password has been successfully reset.")).toBeVisible();
    await signIn(page, account);
    await expect(page).not.toHaveURL(/\/sign-in/);
  });

  test("explains why a visitor arrived, and sends the unauthenticated to sign-in (not from forgot or reset)", async ({ page }) => {
    await page.goto("/teacher/dashboard");
    await expect(page).toHaveURL(/\/sign-in\?reason=bad-session/);
    await expect(page.getByRole("status").first()).toHaveText("Your session is missing or has expired. Please sign in.");
    await page.goto("/sign-in?reason=logout");
    await expect(page.getByText("You have been logged out.")).toBeVisible();
    await page.goto("/forgot");
    await expect(page).toHaveURL(/\/forgot$/);
    await page.goto("/reset-password?token=x");
    await expect(page).toHaveURL(/\/reset-password/);
  });

  test("a teacher opening /system goes home with the permission message", async ({ page, world }) => {
    await signIn(page, world.teacher);
    await expect(page).toHaveURL(/\/teacher\/dashboard/);
    await page.goto("/system");
    await expect(page).toHaveURL(/\/teacher\/dashboard/);
    await expect(page.getByText("You don't have enough permissions to view '/system' page")).toBeVisible();
  });

  test("logout is the header's POST; opening /sign-out (a link, an image) keeps the session", async ({ page, world }) => {
    await signIn(page, world.teacher);
    await expect(page).toHaveURL(/\/teacher\/dashboard/);
    await page.goto("/sign-out");
    await expect(page).toHaveURL(/\/teacher\/dashboard/);
    // next-auth's own signout is closed: there is one logout flow.
    expect((await page.request.post("/api/auth/signout")).status()).toBe(404);
    await page.goto("/teacher/dashboard");
    await expect(page).toHaveURL(/\/teacher\/dashboard/);
    await page.getByRole("navigation", { name: "Application" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/sign-in\?reason=logout/);
    await page.goto("/teacher/dashboard");
    await expect(page).toHaveURL(/\/sign-in\?reason=bad-session/);
  });

  test("on a second host name too, every redirect stays on it: sign-in, the way back, Logout", async ({ page, baseURL, world }) => {
    // The journeys' own host is maryland.localhost; the public address (NEXTAUTH_URL) is localhost.
    const origin = `http://127.0.0.1:${new URL(baseURL!).port}`;
    await page.goto(`${origin}/teacher/dashboard`);
    await expect(page).toHaveURL(`${origin}/sign-in?reason=bad-session&callbackUrl=%2Fteacher%2Fdashboard`);
    await page.getByLabel("Username").fill(world.teacher);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(`${origin}/teacher/dashboard`);
    await page.getByRole("navigation", { name: "Application" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(`${origin}/sign-in?reason=logout`);
    await expect(page.getByText("You have been logged out.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });

  test("a session ended elsewhere is cleared on the next page and arrives with reason 401", async ({ page, playwright, baseURL, world }) => {
    await signIn(page, world.teacher);
    await expect(page).toHaveURL(/\/teacher\/dashboard/);
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
    expect(cookie).toBeTruthy();
    // The same token used as a bearer jwt by another client, which logs out: the session ends server-side.
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${cookie!.value}` } });
    expect((await api.get("/en/api/v1/logout")).status()).toBe(200);
    await api.dispose();
    await page.goto("/teacher/dashboard");
    await expect(page).toHaveURL(/\/sign-in\?reason=401/);
    expect((await page.context().cookies()).some((c) => c.name.endsWith("next-auth.session-token") && c.value)).toBe(false);
  });

  test("the host's first label picks the tenant logo", async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    for (const [host, name] of [
      ["ohio", "Ohio"],
      ["southcarolina", "South Carolina"],
      ["mdk", "Maryland"],
      ["localhost", "Assessment Platform"],
    ]) {
      await page.goto(`http://${host === "localhost" ? "" : `${host}.`}localhost:${port}/sign-in`);
      // A seeded tenant shows its own name ("Ohio Department of ..."); the logo file is the state's.
      const logo = page.getByRole("img", { name: new RegExp(`${name}.* logo`) });
      await expect(logo).toBeVisible();
      expect(await logo.getAttribute("src")).toContain(host === "localhost" ? "default" : name === "South Carolina" ? "south-carolina" : name.toLowerCase());
    }
    await page.goto(`http://ohio.localhost:${port}/sign-in`);
    await screenshot(page, "auth-sign-in-ohio");
  });

  test("/beta, /legacy and /legacy-stop set and clear their flags", async ({ page, context }) => {
    await page.goto("/beta");
    await page.goto("/legacy");
    let names = (await context.cookies()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["beta", "legacy"]));
    await page.goto("/legacy-stop");
    names = (await context.cookies()).map((c) => c.name);
    expect(names).toContain("beta");
    expect(names).not.toContain("legacy");
  });
});

test.describe("forgot password and registration", () => {
  test("a mailed link resets the password and the new password signs in", async ({ page, request, world }) => {
    const account = world.dataManager;
    await page.goto("/forgot");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Invalid email format")).toBeVisible();
    const before = mailsTo(account).length;
    await page.getByLabel("Email").fill(account);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("An email has been sent and contains a link to reset your password.")).toBeVisible();
    await screenshot(page, "auth-forgot-sent");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.goto(mailLink(await waitForMail(account, before), "reset-password"));
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await page.getByLabel("New password").fill("short");
    await expect(page.getByRole("listitem").filter({ hasText: "8 to 30 characters" })).toContainText("(not met yet)");
    await screenshot(page, "auth-reset-checklist");
    await choosePassword(page, "Journey-pass2", "Reset Password");
    await expect(page.getByText("Password has been successfully reset.")).toBeVisible();
    await page.getByRole("link", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn(page, account, "Journey-pass2");
    await expect(page).not.toHaveURL(/\/sign-in/);

    // A second link works once: it sets the password back, and used again it is refused.
    const again = mailsTo(account).length;
    await request.post("/en/api/v1/forgot-password/email", { data: { email: account } });
    const link = mailLink(await waitForMail(account, again), "reset-password");
    await page.goto(link);
    await choosePassword(page, DEMO_PASSWORD, "Reset Password");
    await expect(page.getByText("Password has been successfully reset.")).toBeVisible();
    await page.goto(link);
    await choosePassword(page, DEMO_PASSWORD, "Reset Password");
    await expect(formAlert(page)).toContainText("This password reset link is invalid");
  });

  test("a registration link completes the account", async ({ page, request, world }) => {
    const account = world.helpdesk;
    const admin = await request.post("/en/api/v1/login", { data: { username: world.tenantAdmin, password: DEMO_PASSWORD } });
    const person = await request.post("/en/api/v1/login", { data: { username: account, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${(await admin.json()).jwt}` };
    const before = mailsTo(account).length;
    const sent = await request.post(`/en/api/v1/users/${(await person.json()).profileData.id}/registration-invite`, { headers });
    expect(sent.status()).toBe(200);
    await page.goto(mailLink(await waitForMail(account, before), "user-registration"));
    await expect(page.getByRole("heading", { name: "User Registration" })).toBeVisible();
    await choosePassword(page, DEMO_PASSWORD, "Complete Registration");
    await expect(page.getByText("User registration completed.")).toBeVisible();
    await screenshot(page, "auth-registration-done");
    await page.getByRole("link", { name: "Confirm" }).click();
    await signIn(page, account);
    await expect(page).not.toHaveURL(/\/sign-in/);
  });
});

test.describe("accessibility", () => {
  test("sign-in, forgot and reset pages have no axe violations of any impact", async ({ page }) => {
    for (const [path, name] of [
      ["/sign-in", "sign-in"],
      ["/sign-in?reason=401&error=CredentialsSignin", "sign-in-error"],
      ["/forgot", "forgot"],
      ["/reset-password?token=abc", "reset"],
      ["/user-registration?token=abc", "registration"],
      ["/reset-password", "reset-no-token"],
    ]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
      await screenshot(page, `auth-${name}`);
    }
  });
});
