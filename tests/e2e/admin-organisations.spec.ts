import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The organisation tree (world.tenantAdmin): create a region, a district and a location, each
 * opening its new profile page (spec §2); edit the district; delete the location (landing on the
 * district's location list with 'Location successfully deleted'), then the district and the region,
 * so the demo tenant is left as it was. Names carry the run's time: the database outlives runs.
 */

const run = Date.now().toString(36);
const REGION = `Tidewater ${run}`;
const DISTRICT = `Seaford ${run}`;
const LOCATION = `Harbor Pre-K ${run}`;
const snackbar = (page: Page) => page.getByTestId("snackbar").locator("p");

/** Presses Tab until the focused element is the button named `name` (at most `max` presses). */
async function tabToButton(page: Page, name: string, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => (document.activeElement?.tagName === "BUTTON" ? document.activeElement.textContent?.trim() : null));
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** axe once the snackbar and dialog have finished fading in (a half-faded text fails contrast). */
async function axe(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await expectNoAxeViolations(page);
}

test.describe.configure({ mode: "serial" });

test("an admin builds region > district > location, edits and deletes them", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "Organisations" }).first().click();
  await expect(page).toHaveURL(/\/administrator\/organizations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Organisations" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Regions" })).toBeVisible();
  await axe(page);
  await screenshot(page, "organisations-regions");

  // New region by keyboard alone; an empty name shows the server's text at the field.
  await page.locator("body").focus();
  await tabToButton(page, "New region");
  await page.keyboard.press("Enter");
  const regionDialog = page.getByRole("dialog", { name: "New region" });
  await expect(regionDialog).toBeVisible();
  // Focus starts on the dialog's Close button; Tab reaches the name.
  await page.keyboard.press("Tab");
  await expect(regionDialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(regionDialog.getByText("Name is required")).toBeVisible();
  await axe(page);
  await screenshot(page, "organisations-region-dialog");
  await page.keyboard.type(REGION);
  await page.keyboard.press("Tab");
  await page.keyboard.type(`R-${run}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/administrator\/organizations\/regions\/\d+\/profile\/details$/);
  await expect(page.getByRole("heading", { level: 1, name: REGION })).toBeVisible();
  await expect(snackbar(page)).toHaveText("Region successfully created");
  await expect(page.getByText("This region has no districts yet.")).toBeVisible();

  // A district under it, census.
  await page.getByRole("button", { name: "New district" }).click();
  const districtDialog = page.getByRole("dialog", { name: "New district" });
  await districtDialog.getByLabel("Name").fill(DISTRICT);
  await districtDialog.getByLabel("Census district").check();
  await axe(page);
  await districtDialog.getByRole("button", { name: "Create district" }).click();
  await expect(page).toHaveURL(/\/regions\/\d+\/district\/\d+\/profile\/details$/);
  await expect(page.getByRole("heading", { level: 1, name: DISTRICT })).toBeVisible();
  await expect(snackbar(page)).toHaveText("District successfully created");
  await expect(page.getByText("Census district")).toBeVisible();
  const districtUrl = page.url();

  // A location in the district.
  await page.getByRole("button", { name: "New location" }).click();
  const locationDialog = page.getByRole("dialog", { name: "New location" });
  await locationDialog.getByLabel("Name").fill(LOCATION);
  await locationDialog.getByRole("button", { name: "Create location" }).click();
  await expect(page).toHaveURL(/\/district\/\d+\/location\/\d+\/profile\/details$/);
  await expect(page.getByRole("heading", { level: 1, name: LOCATION })).toBeVisible();
  await expect(snackbar(page)).toHaveText("Location successfully created");
  await axe(page);
  await screenshot(page, "organisations-location");

  // Edit the district: a new name and unique id; the page shows them.
  await page.goto(districtUrl);
  await expect(page.getByRole("table", { name: "Locations" }).getByRole("link", { name: LOCATION })).toBeVisible();
  await axe(page);
  await screenshot(page, "organisations-district");
  await page.getByRole("button", { name: "Edit district" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit district" });
  await expect(editDialog.getByLabel("Name")).toHaveValue(DISTRICT);
  await editDialog.getByLabel("Name").fill(`${DISTRICT} County`);
  await editDialog.getByLabel("Unique ID").fill(`D-${run}`);
  await axe(page);
  await editDialog.getByRole("button", { name: "Save changes" }).click();
  await expect(snackbar(page)).toHaveText("District successfully updated");
  await expect(page.getByRole("heading", { level: 1, name: `${DISTRICT} County` })).toBeVisible();
  await expect(page.getByText(`D-${run}`)).toBeVisible();

  // The district's data integration (spec §3): FTP settings and the password, which is never shown again.
  const integration = page.getByRole("region", { name: "Data integration" });
  await expect(integration.getByText("This district has no data integration.", { exact: false })).toBeVisible();
  await integration.getByLabel("Protocol").selectOption("sftp");
  await integration.getByRole("textbox", { name: "Host", exact: true }).fill("sftp.seaford.example");
  await integration.getByLabel("Port").fill("22");
  await integration.getByLabel("User name").fill(`feed-${run}`);
  await integration.getByLabel("Password").fill("Feed-secret-1");
  // SFTP trusts only the host key fingerprint entered (SHA256:…); anything else is refused with a reason.
  await integration.getByLabel("Host key fingerprint").fill("not a key");
  await integration.getByRole("button", { name: "Save integration" }).click();
  await expect(integration.getByText("Host key fingerprint must be SHA256: followed by 43 characters")).toBeVisible();
  const fingerprint = `SHA256:${"Qk7".repeat(14)}A`;
  await integration.getByLabel("Host key fingerprint").fill(fingerprint);
  await integration.getByRole("button", { name: "Save integration" }).click();
  await expect(snackbar(page)).toHaveText("Integration Saved");
  await expect(integration.getByLabel("Host key fingerprint")).toHaveValue(fingerprint);
  await expect(integration.getByText("The feed has not run yet.")).toBeVisible();
  await expect(integration.getByText("Active", { exact: true }).first()).toBeVisible();
  await expect(integration.getByLabel("Password")).toHaveValue("");
  await expect(integration.getByText("A password is stored and never shown.", { exact: false })).toBeVisible();
  await axe(page);
  await screenshot(page, "organisations-district-integration");
  const districtId = Number(/\/district\/(\d+)\//.exec(districtUrl)![1]);

  // Delete the location: the district's location list, with the spec's text.
  await page.getByRole("table", { name: "Locations" }).getByRole("link", { name: LOCATION }).click();
  await page.getByRole("button", { name: "Delete location" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete location?" });
  await expect(deleteDialog).toBeVisible();
  await axe(page);
  await screenshot(page, "organisations-delete-dialog");
  await deleteDialog.getByRole("button", { name: "Delete location" }).click();
  await expect(page).toHaveURL(/\/district\/\d+\/profile\/list$/);
  await expect(snackbar(page)).toHaveText("Location successfully deleted");
  await expect(page.getByText("This district has no locations yet.")).toBeVisible();
  await axe(page);

  // Then the district and the region, which leaves the tenant as it was.
  await page.getByRole("button", { name: "Delete district" }).click();
  await page.getByRole("dialog", { name: "Delete district?" }).getByRole("button", { name: "Delete district" }).click();
  await expect(page.getByRole("heading", { level: 1, name: REGION })).toBeVisible();
  await expect(snackbar(page)).toHaveText("District successfully deleted");
  await page.getByRole("button", { name: "Delete region" }).click();
  await page.getByRole("dialog", { name: "Delete region?" }).getByRole("button", { name: "Delete region" }).click();
  await expect(page).toHaveURL(/\/administrator\/organizations$/);
  await expect(snackbar(page)).toHaveText("Region successfully deleted");
  await expect(page.getByRole("table", { name: "Regions" }).getByRole("link", { name: REGION })).toHaveCount(0);

  // The audit page shows each change to the district, naming its region rather than its id.
  await page.goto(`/administrator/audit?entityType=district&entityId=${districtId}`);
  const trail = page.getByRole("table", { name: "Audit trail" });
  for (const action of ["create", "update", "integration_create", "delete"]) {
    await expect(
      trail
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: action, exact: true }) })
        .first(),
    ).toBeVisible();
  }
  await expect(
    trail
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "create", exact: true }) })
      .first(),
  ).toContainText(REGION);
  await expect(trail.getByRole("row").filter({ has: page.getByRole("cell", { name: "integration_create", exact: true }) })).not.toContainText("Feed-secret-1");
  await axe(page);
  await screenshot(page, "organisations-audit");
});

test("a district admin reaches their own district, and another district is not found", async ({ page, browser, world }) => {
  type District = { id: number; parentId: number; nameLabel: string };
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, world.tenantAdmin);
  await expect(admin).toHaveURL(/\/administrator\/dashboard$/);
  const all = ((await (await admin.request.get("/en/api/v1/districts?active=1")).json()) as { districts: District[] }).districts;
  await admin.context().close();

  await signIn(page, world.districtAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  const own = ((await (await page.request.get("/en/api/v1/districts?active=1")).json()) as { districts: District[] }).districts;
  const mine = own[0];
  const other = all.find((d) => !own.some((o) => o.id === d.id))!;
  await page.goto(`/administrator/organizations/regions/${mine.parentId}/district/${mine.id}/profile/details`);
  await expect(page.getByRole("heading", { level: 1, name: mine.nameLabel })).toBeVisible();
  await expect(page.getByRole("button", { name: "New location" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit district" })).toBeVisible();
  // Deleting their own district is for the region's administration, not theirs.
  await expect(page.getByRole("button", { name: "Delete district" })).toHaveCount(0);
  await axe(page);
  // On a phone the page fits its width: no sideways scrolling of the page itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await axe(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "organisations-district-phone");
  await page.goto(`/administrator/organizations/regions/${other.parentId}/district/${other.id}/profile/details`);
  await expect(page.getByRole("heading", { name: "Should you be here? Please enter a valid address" })).toBeVisible();
  await page.goto("/administrator/organizations/regions/999999999/profile/details");
  await expect(page.getByRole("heading", { name: "Should you be here? Please enter a valid address" })).toBeVisible();
});
