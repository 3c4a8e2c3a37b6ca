import type { APIRequestContext, Page } from "@playwright/test";
import { districtRoster } from "../support/oneroster";
import { restRoster, startMockProvider, type ProviderUnderTest } from "../support/oneroster-provider";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The OneRoster 1.2 REST pull (issue 24 item 2): a mock provider in this test process (Prism's
 * validating proxy on the published description, in front of this journey's roster, and a token
 * endpoint). The tenant admin opens a district this journey creates, names the provider, pulls now
 * by keyboard, sees the (full) pull succeed over pages of two, then turns on "Review each pull
 * before it is applied": the next pull waits for review, its link opens its dry run on the OneRoster
 * page, and applying it there writes the change. Axe on each step. The district's integration is removed at the end so the hourly pull does not
 * call a provider that is gone.
 */

const snackbar = (page: Page) => page.getByTestId("snackbar").locator("p");

let mock: ProviderUnderTest;

test.beforeAll(async () => {
  mock = await startMockProvider();
});

test.afterAll(async () => {
  await mock?.stop();
});

async function bearer(request: APIRequestContext, username: string) {
  const res = await request.post("/en/api/v1/login", { data: { username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).jwt}` };
}

test("an admin names a district's OneRoster provider, pulls now, then reviews a pull before it is applied", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36).toUpperCase();
  const headers = await bearer(request, world.tenantAdmin);
  const [first] = (await (await request.get("/en/api/v1/districts?active=1", { headers })).json()).districts as { parentId: number }[];
  const created = await request.post("/en/api/v1/districts", {
    headers,
    data: { parentRegionId: first.parentId, nameLabel: `Pull District ${stamp}`, uniqueId: `PULL-${stamp}` },
  });
  expect(created.status()).toBe(200);
  const districtId = (await created.json()).district.id as number;
  const prefix = `p${stamp.toLowerCase()}`;
  mock.data = restRoster(
    districtRoster({ districtIdentifier: `PULL-${stamp}`, schools: 1, teachersPerSchool: 1, childrenPerTeacher: 2, prefix }),
    "2026-08-01T00:00:00.000Z",
  );
  mock.maxPage = 2;

  try {
    await signIn(page, world.tenantAdmin);
    await expect(page).toHaveURL(/\/administrator\/dashboard$/);
    await page.goto(`/administrator/organizations/regions/${first.parentId}/district/${districtId}/profile/details`);
    const provider = page.getByRole("region", { name: "OneRoster provider" });
    await expect(provider.getByText("Name the district's OneRoster 1.2 provider", { exact: false })).toBeVisible();

    // A base URL that is not a OneRoster 1.2 rostering base is refused under its field.
    await provider.getByLabel("Token URL").fill(mock.tokenUrl);
    await provider.getByLabel("Base URL").fill("https://sis.example.org/api");
    await provider.getByLabel("Client id").fill(mock.clientId);
    await provider.getByLabel("Client secret").fill(mock.clientSecret);
    await provider.getByRole("button", { name: "Save provider" }).focus();
    await page.keyboard.press("Enter");
    await expect(provider.getByText("Base URL must end with /ims/oneroster/rostering/v1p2")).toBeVisible();
    await expectNoAxeViolations(page);

    await provider.getByLabel("Base URL").fill(mock.baseUrl);
    await provider.getByRole("button", { name: "Save provider" }).focus();
    await page.keyboard.press("Enter");
    await expect(snackbar(page)).toHaveText("Integration Saved");
    const pulls = provider.getByRole("table", { name: "Latest OneRoster pulls, newest first" });
    await expect(pulls.getByText("No pulls yet.")).toBeVisible();
    await expect(provider.getByText("A secret is stored and never shown.", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);

    await provider.getByRole("button", { name: "Pull now" }).focus();
    await page.keyboard.press("Enter");
    await expect(snackbar(page)).toHaveText("Pull requested");
    const run = pulls.getByRole("row").nth(1);
    await expect(run.getByText("Succeeded", { exact: true })).toBeVisible({ timeout: 60_000 });
    // 2 orgs, 1 session, 3 users, 1 class, 3 enrollments, 2 demographics, in pages of two.
    await expect(run).toContainText("12 records pulled (full roster)");
    await expect(run).toContainText("0 refused");
    await expect(run.getByRole("cell", { name: "Full", exact: true })).toBeVisible();
    await expect(provider.getByText(/^Last successful pull started /)).toBeVisible();
    expect(mock.requests.filter((r) => r.collection === "users").map((r) => r.offset)).toEqual([0, 2]);
    await expectNoAxeViolations(page);
    await screenshot(page, "district-oneroster-pull");

    // Review each pull: turned on by keyboard and saved.
    const review = provider.getByRole("checkbox", { name: "Review each pull before it is applied" });
    await expect(review).not.toBeChecked();
    await review.focus();
    await page.keyboard.press("Space");
    await expect(review).toBeChecked();
    await provider.getByRole("button", { name: "Save provider" }).focus();
    await page.keyboard.press("Enter");
    await expect(snackbar(page)).toHaveText("Integration Saved");
    await expect(provider.getByText(/^Every hour the pull reads .* and stops after its dry run/)).toBeVisible();

    // A child renamed at the provider: the next pull stops after its dry run.
    const child = mock.data.users.find((u) => u.sourcedId === `${prefix}-k1`)!;
    Object.assign(child, { givenName: "Renamed", dateLastModified: new Date().toISOString() });
    await provider.getByRole("button", { name: "Pull now" }).focus();
    await page.keyboard.press("Enter");
    await expect(snackbar(page)).toHaveText("Pull requested");
    const held = pulls.getByRole("row").nth(1);
    await expect(held.getByText("Waits for review", { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(held).toContainText("1 record pulled (changed since");
    await expect(held).toContainText("dry run: 0 to create, 1 to update, 0 to end, 0 refused");
    await expect(held.getByRole("cell", { name: "Changes", exact: true })).toBeVisible();
    await expect(review).toBeChecked();
    await expectNoAxeViolations(page);
    await screenshot(page, "district-oneroster-pull-review");

    // Its link opens the dry run on the OneRoster page; applying it there writes the change.
    await held.getByRole("link", { name: "Read its dry run and apply it" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "OneRoster" })).toBeVisible();
    const dryRun = page.getByRole("region", { name: /^Dry run: oneroster-pull-\d+-delta\.zip$/ });
    await expect(dryRun.getByText("Nothing has been written yet.", { exact: false })).toBeVisible();
    const children = dryRun.getByRole("table", { name: "Would change, per kind" }).getByRole("row", { name: /^Children/ });
    // Created, updated, ended: the one renamed child.
    for (const [i, n] of ["0", "1", "0"].entries()) await expect(children.getByRole("cell").nth(i)).toHaveText(n);
    await expectNoAxeViolations(page);
    await screenshot(page, "district-oneroster-pull-dry-run");
    await dryRun.getByRole("button", { name: "Apply these changes" }).click();
    await expect(
      page.getByRole("region", { name: /^What the load changed: oneroster-pull-\d+-delta\.zip$/ }).getByText("Applied", { exact: true }),
    ).toBeVisible({
      timeout: 60_000,
    });
    await expectNoAxeViolations(page);

    // The full pull's load, applied at once, in the list.
    const load = page
      .getByRole("table", { name: "OneRoster bundles, newest first" })
      .getByRole("row")
      .filter({ hasText: /oneroster-pull-\d+-bulk\.zip/ })
      .first();
    await expect(load.getByText("Applied", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await request.delete(`/en/api/v1/data-integrations?districtId=${districtId}`, { headers });
  }
});
