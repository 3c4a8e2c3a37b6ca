import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, screenshot, signIn, test, type World } from "./support";

/**
 * A child across school years (issue 24 item 4). The journey makes its own child at world.teacher's
 * school and its own KRA collection in last school year: the tenant admin builds it (a set of four
 * items, one per domain, named apart from the demo's) with an open window, assigns it to the school,
 * the teacher scores the child at the lowest entries, and the window is moved into last year. This year the teacher scores the child at
 * the highest entries in the demo's open KRA collection. Then: the district admin reads the child's
 * 'Results over time' (values as the API answers them, keyboard, axe); the teacher shows the previous
 * checkpoint's level on the scoring screen; the district admin compares the two school years on the
 * data displays.
 */

const API = "/en/api/v1";
const DAY = 86_400;

type Headers = Record<string, string>;

async function login(request: APIRequestContext, username: string) {
  const res = await request.post(`${API}/login`, { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { jwt: string; profileData: { id: number; tenantId: number } };
  return { userId: body.profileData.id, tenantId: body.profileData.tenantId, headers: { authorization: `Bearer ${body.jwt}` } as Headers };
}

async function api<T>(request: APIRequestContext, method: "get" | "post" | "put" | "delete", path: string, headers: Headers, data?: unknown): Promise<T> {
  const res = await request[method](`${API}${path}`, { headers, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

interface Item {
  id: number;
  parentScalesDirectoryId: number;
}
interface Scale {
  id: number;
  entries: { id: number }[];
}

/** The teacher's items and scales of a collection, and a batch setting each of the child's items to the lowest or highest entry. */
async function scoreAll(request: APIRequestContext, headers: Headers, collectionId: number, enrollmentId: number, pick: "lowest" | "highest") {
  const { assessmentItems } = await api<{ assessmentItems: Item[] }>(request, "get", `/data-collections/${collectionId}/items`, headers);
  const { scales } = await api<{ scales: Scale[] }>(request, "get", `/data-collections/${collectionId}/scales`, headers);
  const scores = assessmentItems.map((item) => {
    const entries = scales.find((s) => s.id === item.parentScalesDirectoryId)!.entries;
    return {
      studentEnrollmentId: enrollmentId,
      assessmentItemsId: item.id,
      assessmentItemsScalesEntriesId: (pick === "lowest" ? entries[0] : entries.at(-1)!).id,
    };
  });
  const saved = await api<{ scores: { status: number }[] }>(request, "post", `/data-collections/${collectionId}/scores/batch`, headers, { scores });
  expect(saved.scores.every((s) => s.status === 200)).toBe(true);
  return assessmentItems;
}

interface ChildResult {
  dataCollectionId: number;
  collectionName: string;
  schoolYear: { label: string };
  window: string;
  overallScore: number | null;
  levelLabel: string | null;
  change: { overallScore: number | null; direction: string | null; fromLevelLabel: string | null } | null;
}

async function makeHistory(request: APIRequestContext, world: World, stamp: string) {
  const teacher = await login(request, world.teacher);
  const district = await login(request, world.districtAdmin);
  const state = await login(request, world.tenantAdmin);
  const { dataCollections } = await api<{
    dataCollections: { id: number; collectionName: string; enrollmentEndDate: number; schoolYear: { label: string } }[];
  }>(request, "get", "/data-collections?role=teacher", teacher.headers);
  const kra = dataCollections.find((c) => c.collectionName.startsWith("Kindergarten Readiness") && c.enrollmentEndDate * 1000 > Date.now())!;
  const roster = await api<{ students: { studentId: number }[] }>(request, "get", `/data-collections/${kra.id}/students/legacy`, teacher.headers);
  const classmate = await api<{ enrollments: { parentLocationId: number }[] }>(
    request,
    "get",
    `/enrollments?studentId=${roster.students[0].studentId}`,
    district.headers,
  );
  const locationId = classmate.enrollments[0].parentLocationId;

  // The child, at the teacher's school, on the teacher's roster.
  const { student } = await api<{ student: { id: number } }>(request, "post", "/students", district.headers, {
    tenantUniqueId: stamp,
    firstName: "Wren",
    lastName: `Yearling${stamp.slice(-4)}`,
    locationId,
  });
  const { enrollments } = await api<{ enrollments: { id: number }[] }>(request, "get", `/enrollments?studentId=${student.id}`, district.headers);
  const enrollmentId = enrollments[0].id;
  const { userStudentsAssociation } = await api<{ userStudentsAssociation: { id: number } }>(request, "post", "/user-students-associations", district.headers, {
    userId: teacher.userId,
    studentEnrollmentId: enrollmentId,
    parentLocationId: locationId,
  });

  // Last school year's KRA: built with an open window, scored, then moved into that year.
  const { schoolYears } = await api<{ schoolYears: { id: number; label: string; startDate: number }[] }>(request, "get", "/school-years", state.headers);
  const current = schoolYears.find((y) => y.label === kra.schoolYear.label)!;
  const lastYear = schoolYears.filter((y) => y.startDate < current.startDate).sort((a, b) => b.startDate - a.startDate)[0];
  const { assessments } = await api<{ assessments: { id: number; name: string }[] }>(request, "get", "/assessments", state.headers);
  const assessmentId = assessments.find((a) => a.name === "Kindergarten Readiness Assessment")!.id;
  const now = Math.floor(Date.now() / 1000);
  const priorName = `E2E entry KRA ${stamp}`;
  const { dataCollection: prior } = await api<{ dataCollection: { id: number } }>(request, "post", "/data-collections", state.headers, {
    collectionName: priorName,
    assessmentId,
    schoolYear: lastYear.id,
    cycleStartDate: now - DAY,
    cycleEndDate: now + DAY,
    enrollmentEndDate: now + DAY,
  });
  const currentItems = await api<{ assessmentItems: (Item & { code: string })[] }>(request, "get", `/data-collections/${kra.id}/items`, teacher.headers);
  const onePerDomain = ["LL01", "MA01", "SF01", "PD01"].map((code) => currentItems.assessmentItems.find((i) => i.code === code)!.id);
  await api(request, "post", "/data-collections-sets", state.headers, {
    parentDataCollectionId: prior.id,
    label: "Entry",
    items: onePerDomain.map((id) => ({ parentAssessmentItemId: id })),
  });
  // Assigned to the school (its children with it): what puts it in the district admin's reach.
  const atSchool = `/admin/tenants/${state.tenantId}/collections/${prior.id}/locations.json`;
  await api(request, "post", atSchool, state.headers, { locationId });
  await scoreAll(request, teacher.headers, prior.id, enrollmentId, "lowest");
  const lastFall = lastYear.startDate + 60 * DAY;
  await api(request, "put", "/data-collections", state.headers, {
    id: prior.id,
    cycleStartDate: lastFall,
    cycleEndDate: lastFall + 40 * DAY,
    enrollmentEndDate: lastFall + 30 * DAY,
  });

  // This year: the demo's open KRA, every item at its highest entry.
  await api(request, "post", "/data-collections-student-assignments", district.headers, {
    studentEnrollmentId: enrollmentId,
    parentDataCollectionId: kra.id,
    teacherType: "Primary",
  });
  await scoreAll(request, teacher.headers, kra.id, enrollmentId, "highest");

  const history = await api<{ results: ChildResult[] }>(request, "get", `/students/${student.id}/results`, district.headers);
  // Afterwards the class and the school are as the demo left them: the child leaves the teacher's roster
  // (journeys after this one read the class list), last year's collection the school (its scored child stays).
  const tidy = async () => {
    await api(request, "delete", `/user-students-associations?associationId=${userStudentsAssociation.id}`, district.headers);
    await api(request, "delete", `${atSchool}?locationId=${locationId}`, state.headers);
  };
  return {
    tidy,
    kra,
    prior: { id: prior.id, name: priorName, schoolYear: lastYear.label },
    studentId: student.id,
    enrollmentId,
    lastName: `Yearling${stamp.slice(-4)}`,
    history,
  };
}

/** Press Tab until the locator holds the focus (keyboard reach), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("not reached by keyboard");
}

test("a child's results across school years: the profile, the scoring screen's previous level, the displays by year", async ({ page, request, world }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = `E2E-Y-${Date.now() % 100_000_000}`;
  const made = await makeHistory(request, world, stamp);
  const [before, after] = made.history.results;
  expect(made.history.results).toHaveLength(2);
  expect(before).toMatchObject({ dataCollectionId: made.prior.id, schoolYear: { label: made.prior.schoolYear }, window: "Kindergarten entry", change: null });
  // The highest entry everywhere is the top of the scale and its level.
  expect(after).toMatchObject({ dataCollectionId: made.kra.id, overallScore: 298, levelLabel: "Demonstrating Readiness" });
  expect(after.change).toMatchObject({ overallScore: 298 - before.overallScore!, direction: "up", fromLevelLabel: before.levelLabel });

  // The district admin opens the child's profile and reaches 'Results over time' by keyboard.
  await signIn(page, world.districtAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto(`/administrator/students?search=${stamp}`);
  await page.getByRole("table", { name: "Students" }).getByRole("link", { name: made.lastName }).click();
  await page.getByRole("link", { name: "Enrollments, teachers and collections" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Wren ${made.lastName}` })).toBeVisible();
  const tab = page.getByRole("navigation", { name: "Student profile" }).getByRole("link", { name: "Results over time" });
  await tabTo(page, tab);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Results over time" })).toBeVisible();
  await expect(tab).toHaveAttribute("aria-current", "page");

  const kraTable = page.getByRole("region", { name: "Kindergarten Readiness Assessment results" });
  await tabTo(page, kraTable);
  const rows = kraTable.getByRole("row");
  await expect(rows).toHaveCount(3);
  const first = rows.nth(1);
  await expect(first).toContainText(made.prior.schoolYear);
  await expect(first).toContainText("Kindergarten entry");
  await expect(first.getByRole("rowheader")).toContainText(made.prior.name);
  await expect(first).toContainText(String(before.overallScore));
  await expect(first).toContainText(before.levelLabel!);
  await expect(first).toContainText("First result");
  const second = rows.nth(2);
  await expect(second.getByRole("rowheader")).toContainText(made.kra.collectionName);
  await expect(second).toContainText("298");
  await expect(second).toContainText("Demonstrating Readiness");
  await expect(second).toContainText(`+${after.change!.overallScore} points, up from ${before.levelLabel}`);
  // The chart's text alternative carries the same figures.
  await expect(page.getByRole("img", { name: /^Overall scale score of Kindergarten Readiness Assessment over time/ })).toHaveAccessibleName(
    new RegExp(`${before.overallScore} \\(${before.levelLabel}\\); .*298 \\(Demonstrating Readiness\\)`),
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "child-results-profile");

  // The teacher shows the previous checkpoint's level beside the class on the scoring screen.
  const teacher = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 900 } });
  const tp = await teacher.newPage();
  await signIn(tp, world.teacher);
  await expect(tp).toHaveURL(/\/teacher/);
  await tp.goto(`/teacher/collections/${made.kra.id}/scoring`);
  await expect(tp.getByRole("columnheader", { name: "Previous level" })).toHaveCount(0);
  const show = tp.getByRole("link", { name: "Show each child's level in the previous checkpoint" });
  await tabTo(tp, show);
  await tp.keyboard.press("Enter");
  await expect(tp.getByRole("columnheader", { name: "Previous level" })).toBeVisible();
  const previous = tp.locator("tr", { has: tp.getByRole("rowheader", { name: made.lastName }) }).getByTestId("previous-level");
  await expect(previous).toContainText(before.levelLabel!);
  await expect(previous).toContainText(`in ${made.prior.name} (${made.prior.schoolYear})`);
  await expectNoAxeViolations(tp, { include: ["table[role=grid] thead", `[data-testid=previous-level]`] });
  await screenshot(tp, "child-results-scoring-previous");
  await tp.getByRole("link", { name: "Hide the previous checkpoint's levels" }).click();
  await expect(tp.getByRole("columnheader", { name: "Previous level" })).toHaveCount(0);
  // The teacher's page of the child shows the same history.
  await tp.goto(`/teacher/collections/${made.kra.id}/students/${made.enrollmentId}`);
  const own = tp.getByRole("region", { name: "Kindergarten Readiness Assessment results" });
  await expect(own.getByRole("row")).toHaveCount(3);
  await expect(own.getByRole("row").nth(2)).toContainText(`+${after.change!.overallScore} points, up from ${before.levelLabel}`);
  await expectNoAxeViolations(tp);
  await teacher.close();

  // The district admin compares the two school years' levels on the data displays.
  const years = await api<{
    years: { dataCollectionId: number; schoolYear: string; assessed: number; students: number; levels: { label: string; count: number; percent: number }[] }[];
  }>(request, "get", `/data-displays/years?dataCollectionId=${made.kra.id}&compareWith=${made.prior.id}`, (await login(request, world.districtAdmin)).headers);
  await page.goto(`/administrator/displays?collection=${made.kra.id}`);
  const compare = page.getByRole("region", { name: "Compare school years" });
  const picker = compare.getByLabel("Compare with");
  await tabTo(page, picker, 80);
  await picker.selectOption({ label: `${made.prior.schoolYear}: ${made.prior.name} (Kindergarten entry)` });
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const table = page.getByRole("region", { name: "Performance levels by school year" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText([
    "Performance level",
    `${made.prior.schoolYear}${made.prior.name}`,
    `${made.kra.schoolYear.label}${made.kra.collectionName}`,
  ]);
  for (const level of years.years[1].levels) {
    const row = table.getByRole("row", { name: new RegExp(`^${level.label}`) });
    const old = years.years[0].levels.find((l) => l.label === level.label)!;
    await expect(row.getByRole("cell")).toHaveText([`${old.count} (${old.percent}%)`, `${level.count} (${level.percent}%)`]);
  }
  // Last year only the journey's child was scored, among the school's children.
  expect(years.years[0].assessed).toBe(1);
  await expect(table.getByRole("row", { name: /^Assessed of children/ }).getByRole("cell")).toHaveText([
    `1 of ${years.years[0].students}`,
    `${years.years[1].assessed} of ${years.years[1].students}`,
  ]);
  await expect(compare.getByRole("img", { name: /^Performance levels of Kindergarten Readiness Assessment by school year/ })).toBeVisible();
  await expectNoAxeViolations(page, { include: ["section[aria-labelledby=compare-years]"] });
  await screenshot(page, "child-results-displays-years");
  await made.tidy();
});
