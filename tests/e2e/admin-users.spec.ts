import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, mailsTo, mailText, pickLocation, screenshot, signIn, test, waitForMail } from "./support";

/**
 * The tenant admin's user pages: find a teacher by search (keyboard), create a user at a location
 * (the invitation mail arrives and the person registers and signs in), promote them to admin of the
 * location and demote them, deactivate them (they cannot sign in) and activate again, and impersonate
 * a teacher from the list; axe on the list, the form, the profile and the dialog; the location page
 * lists its people.
 */

/** The path and query of the registration link in a captured mail. */
function registrationLink(raw: string): string {
  const match = mailText(raw).match(/https?:\/\/[^\s"<>]+(\/user-registration\?token=[A-Za-z0-9_-]+)/);
  if (!match) throw new Error("no registration link in mail");
  return match[1];
}

async function choosePassword(page: Page, password: string) {
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Complete Registration" }).click();
  await expect(page.getByText("User registration completed.")).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test("a tenant admin finds, creates, promotes, deactivates and impersonates users", async ({ page, browser, world }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "Users", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-users-list");

  // Search by keyboard: type a name start into the search field and press Enter; the server filters.
  await page.getByLabel("Name or email").focus();
  await page.keyboard.type("carter");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/search=carter/);
  const emily = page.getByRole("row").filter({ hasText: world.teacher });
  await expect(emily).toBeVisible();
  await expect(emily).toContainText("Teacher");
  // Sorting by keyboard: the Email header's button.
  await page.getByRole("button", { name: /^Email/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=email&order=asc/);
  await expect(page.getByRole("columnheader", { name: /Email/ })).toHaveAttribute("aria-sort", "ascending");

  // Create: the form by keyboard, one location, the invitation mail.
  const email = `new.teacher.${Date.now()}@demo.test`;
  await page.getByRole("link", { name: "New user" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New user" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("First name").focus();
  await page.keyboard.type("Nora");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Quill");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await expect(page.getByLabel("Level")).toHaveValue("location");
  // The location level by level (spec §5): asked for until chosen.
  await page.getByRole("button", { name: "Create user" }).press("Enter");
  await expect(page.getByText("Region is required")).toBeVisible();
  await expect(page.getByLabel("Region", { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  const locationLabel = await pickLocation(page, { region: "Central Maryland", district: "Baltimore County Public Schools" });
  await screenshot(page, "admin-users-new");
  const before = mailsTo(email).length;
  await page.getByRole("button", { name: "Create user" }).press("Enter");
  await expect(page.getByText("User created and invitation sent")).toBeVisible();
  // Spec §2: the new user's profile page.
  await expect(page).toHaveURL(/\/administrator\/users\/\d+\/profile\/details$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nora Quill" })).toBeVisible();
  await expect(page.getByText("Invited, not registered yet")).toBeVisible();
  const organizations = page.getByRole("table", { name: "Organizations of this user" });
  await expect(organizations).toContainText(locationLabel);
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-users-profile");

  // The person registers from the mail and signs in, in their own browser.
  const person = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const theirs = await person.newPage();
  await theirs.goto(registrationLink(await waitForMail(email, before)));
  await choosePassword(theirs, DEMO_PASSWORD);
  await signIn(theirs, email);
  await expect(theirs).toHaveURL(/\/teacher\/dashboard$/);

  // Promote to admin of the location, then demote.
  await page.reload();
  await page.getByRole("button", { name: `Promote to admin of ${locationLabel}` }).click();
  await expect(page.getByText("User promoted to administrator")).toBeVisible();
  await expect(organizations.getByText("Administrator")).toBeVisible();
  await expect(page.getByText("Admin, Teacher").or(page.getByText("Teacher, Admin"))).toBeVisible();
  await screenshot(page, "admin-users-promoted");
  await page.getByRole("button", { name: `Demote at ${locationLabel}` }).click();
  await expect(page.getByText("User demoted to member")).toBeVisible();
  await expect(organizations.getByText("Member")).toBeVisible();

  // Deactivate (confirmed in a dialog): their session ends and sign-in is refused.
  await page.getByRole("button", { name: "Deactivate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate Nora Quill?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-users-deactivate-dialog");
  await dialog.getByRole("button", { name: "Deactivate user" }).click();
  await expect(page.getByText("User deactivated")).toBeVisible();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await theirs.goto("/teacher/dashboard");
  await expect(theirs).toHaveURL(/\/sign-in/);
  await signIn(theirs, email);
  await expect(theirs.getByText("Your account is disabled. Contact your administrator.")).toBeVisible();
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText("User activated")).toBeVisible();
  await signIn(theirs, email);
  await expect(theirs).toHaveURL(/\/teacher\/dashboard$/);
  await person.close();

  // The audit page shows the account's creation and each status change.
  const userId = Number(/\/users\/(\d+)\//.exec(page.url())![1]);
  await page.goto(`/administrator/audit?entityType=user&entityId=${userId}`);
  const trail = page.getByRole("table", { name: "Audit trail" });
  for (const action of ["create", "deactivate", "activate"]) {
    await expect(
      trail
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: action, exact: true }) })
        .first(),
    ).toContainText("Nora Quill");
  }
  await expectNoAxeViolations(page);

  // Impersonate a teacher from the list, then end it and land back in administration.
  await page.goto("/administrator/users?search=carter");
  await page.getByRole("button", { name: "Impersonate Emily Carter" }).click();
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await expect(page.getByRole("button", { name: "End Impersonation" })).toBeVisible();
  await screenshot(page, "admin-users-impersonating");
  await page.getByRole("button", { name: "End Impersonation" }).click();
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
});

test("a district admin's list at phone width; the district page lists its people", async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, world.districtAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/users");
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  // A district admin sees only people of their district: no Ohio teacher, no tenant admin.
  await expect(page.getByRole("table", { name: "Users" })).not.toContainText(world.tenantAdmin);
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-users-district-phone");
  // The teacher's profile names their location; its page lists the people linked there.
  await page.goto(`/administrator/users?search=${encodeURIComponent(world.teacher)}`);
  await page.getByRole("link", { name: "Carter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Emily Carter" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/administrator/organizations");
  await page.getByRole("link", { name: "Central Maryland" }).click();
  await page
    .getByRole("link", { name: /Baltimore County/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /People/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "People linked here" })).toContainText(world.districtAdmin);
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-users-district-people");
  // A location's members (spec §7): its teachers are listed with their roles.
  await page.getByRole("link", { name: "Lincoln Elementary School" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lincoln Elementary School" })).toBeVisible();
  const people = page.getByRole("table", { name: "People linked here" });
  await expect(people.getByRole("row").nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-users-location-people");
});
