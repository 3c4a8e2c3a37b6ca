import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";
import { districtRoster, zipBundle } from "../support/oneroster";

/**
 * The district admin's OneRoster load: a bundle of the demo district (Baltimore County) naming the
 * demo teacher's school and a new class of two children taught by world.teacher, uploaded on
 * the OneRoster page with the teacher's open KRA collection chosen; the dry run's counts and its one
 * refused row are read, the bundle applied, and the two children are on the teacher's scoring screen.
 * Axe on each step. Each run's children have their own state ids and names.
 */

const API = "/en/api/v1";

async function login(request: APIRequestContext, username: string) {
  const res = await request.post(`${API}/login`, { data: { username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).jwt}` };
}

async function json<T>(request: APIRequestContext, path: string, headers: Record<string, string>): Promise<T> {
  const res = await request.get(`${API}${path}`, { headers });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

test("a district admin uploads a OneRoster bundle, reads the dry run, applies it, and the new class is on the teacher's scoring screen", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36).toUpperCase();
  // The teacher's open KRA collection and school (a classmate's enrollment), the school's and its district's Unique IDs.
  const teacher = await login(request, world.teacher);
  const admin = await login(request, world.districtAdmin);
  const { dataCollections } = await json<{ dataCollections: { id: number; collectionName: string; enrollmentEndDate: number }[] }>(
    request,
    "/data-collections?role=teacher",
    teacher,
  );
  const kra = dataCollections.find((c) => c.collectionName.startsWith("Kindergarten Readiness") && c.enrollmentEndDate * 1000 > Date.now())!;
  const roster = await json<{ students: { studentId: number }[] }>(request, `/data-collections/${kra.id}/students/legacy`, teacher);
  const classmate = await json<{ enrollments: { parentLocationId: number }[] }>(request, `/enrollments?studentId=${roster.students[0].studentId}`, admin);
  const { location } = await json<{ location: { uniqueId: string; parentId: number; nameLabel: string } }>(
    request,
    `/locations/${classmate.enrollments[0].parentLocationId}`,
    admin,
  );
  const { district } = await json<{ district: { uniqueId: string } }>(request, `/districts/${location.parentId}`, admin);

  // One school (the teacher's, matched by its Unique ID), one class: the demo teacher and two new children.
  const files = districtRoster({ districtIdentifier: district.uniqueId, schools: 1, teachersPerSchool: 1, childrenPerTeacher: 2, prefix: stamp.toLowerCase() });
  Object.assign(files.orgs[1], { identifier: location.uniqueId, name: location.nameLabel });
  const teacherRow = files.users[0];
  Object.assign(teacherRow, { email: world.teacher, username: world.teacher });
  const kids = files.users.slice(1);
  kids.forEach((k, i) => Object.assign(k, { givenName: `Rostered${stamp}`, familyName: `Child${i + 1}`, identifier: `OR-${stamp}-${i + 1}` }));
  // A third child of the class without a state id: the dry run refuses that row and names why.
  const nostate = `${stamp.toLowerCase()}-nostate`;
  files.users.push({ ...kids[0], sourcedId: nostate, identifier: "", givenName: "Nostate" });
  files.enrollments.push({ ...files.enrollments[1], sourcedId: `${nostate}-e`, userSourcedId: nostate });
  const bundle = Buffer.from(zipBundle(files));

  await signIn(page, world.districtAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.getByRole("link", { name: "OneRoster", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "OneRoster" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong kind of file is refused before anything is sent.
  await page.getByLabel("OneRoster 1.2 CSV bundle (ZIP, up to 100 MB)").setInputFiles({ name: "roster.csv", mimeType: "text/csv", buffer: Buffer.from("a,b") });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A OneRoster bundle must be a ZIP (.zip) file" })).toBeVisible();

  await page
    .getByLabel("OneRoster 1.2 CSV bundle (ZIP, up to 100 MB)")
    .setInputFiles({ name: `roster-${stamp}.zip`, mimeType: "application/zip", buffer: bundle });
  await page.getByLabel("Assign the children to a collection (optional)").selectOption({ value: String(kra.id) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page.getByText("Your OneRoster bundle is being checked")).toBeVisible();

  // The dry run: what would change, and the refused row.
  await expect(page.getByText("Nothing has been written yet. Read what would change, then apply it.")).toBeVisible({ timeout: 60_000 });
  const counts = page.getByRole("table", { name: "Would change, per kind" });
  await expect(counts.getByRole("row", { name: /Children/ })).toContainText("2");
  await expect(counts.getByRole("row", { name: /Roster entries/ })).toHaveText(/Roster entries\s*2\s*0\s*0\s*0/);
  await expect(counts.getByRole("row", { name: /Schools/ })).toHaveText(/Schools\s*0\s*0\s*0\s*1/);
  const refused = page.getByRole("table", { name: "1 refused row" });
  await expect(refused).toContainText("identifier: The state id (identifier) is blank");
  await expectNoAxeViolations(page);
  await screenshot(page, "oneroster-dry-run");

  // Apply, by keyboard.
  const applyButton = page.getByRole("button", { name: "Apply these changes" });
  await applyButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: /What the load changed/ })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("table", { name: "Changed, per kind" }).getByRole("row", { name: /Collection assignments/ })).toHaveText(
    /Collection assignments\s*2\s*0\s*0\s*0/,
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "oneroster-applied");

  // The teacher's scoring screen now has the new class's children.
  await page.context().clearCookies();
  await signIn(page, world.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await page.goto(`/teacher/collections/${kra.id}/scoring`);
  const grid = page.getByRole("grid", { name: "Scores: students by items" });
  await expect(grid).toContainText(`Rostered${stamp}`);
  await expectNoAxeViolations(page);
  const onScreen = await json<{ students: { firstName: string }[] }>(request, `/data-collections/${kra.id}/students/legacy`, teacher);
  expect(onScreen.students.filter((s) => s.firstName === `Rostered${stamp}`)).toHaveLength(2);
});
