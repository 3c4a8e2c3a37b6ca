import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoAxeViolations, pickLocation, screenshot, signIn, test, type World } from "./support";

/**
 * A transferred child's scores at the new location (issue 9, 'Done when'). The journey makes its own
 * child at world.teacher's school (Baltimore County), assigns the teacher's open KRA collection,
 * rosters the child to the teacher, who scores two items through the API. The Baltimore County
 * district admin sees the scores on the child's Collections tab, requests a move to a Howard County
 * school; the tenant admin (the demo has no Howard County admin) approves, finds the child, opens
 * its record under the new school and reads the same results there.
 */

const API = "/en/api/v1";
const RECEIVING_REGION = "Central Maryland";
const RECEIVING_DISTRICT = "Howard County Public School System";
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

async function login(request: APIRequestContext, username: string) {
  const res = await request.post(`${API}/login`, { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { jwt: string; profileData: { id: number } };
  return { userId: body.profileData.id, headers: { authorization: `Bearer ${body.jwt}` } };
}

async function json<T>(request: APIRequestContext, method: "get" | "post", path: string, headers: Record<string, string>, data?: unknown): Promise<T> {
  const res = await request[method](`${API}${path}`, { headers, data });
  expect(res.status(), `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** A new child at the teacher's school, in the teacher's KRA collection, with two items scored by the teacher. */
async function scoredChild(request: APIRequestContext, world: World, stateId: string) {
  const teacher = await login(request, world.teacher);
  const admin = await login(request, world.districtAdmin);
  const { dataCollections } = await json<{ dataCollections: { id: number; collectionName: string; enrollmentEndDate: number }[] }>(
    request,
    "get",
    "/data-collections?role=teacher",
    teacher.headers,
  );
  const kra = dataCollections.find((c) => c.collectionName.startsWith("Kindergarten Readiness") && c.enrollmentEndDate * 1000 > Date.now())!;
  const roster = await json<{ students: { studentId: number }[] }>(request, "get", `/data-collections/${kra.id}/students/legacy`, teacher.headers);
  const classmate = await json<{ enrollments: { parentLocationId: number }[] }>(
    request,
    "get",
    `/enrollments?studentId=${roster.students[0].studentId}`,
    admin.headers,
  );
  const locationId = classmate.enrollments[0].parentLocationId;

  const { student } = await json<{ student: { id: number } }>(request, "post", "/students", admin.headers, {
    tenantUniqueId: stateId,
    firstName: "Rory",
    lastName: "Carrier",
    locationId,
  });
  const { enrollments } = await json<{ enrollments: { id: number }[] }>(request, "get", `/enrollments?studentId=${student.id}`, admin.headers);
  const enrollmentId = enrollments[0].id;
  await json(request, "post", "/data-collections-student-assignments", admin.headers, {
    studentEnrollmentId: enrollmentId,
    parentDataCollectionId: kra.id,
    teacherType: "Primary",
  });
  await json(request, "post", "/user-students-associations", admin.headers, {
    userId: teacher.userId,
    studentEnrollmentId: enrollmentId,
    parentLocationId: locationId,
  });

  const items = await json<{ assessmentItems: { id: number; parentScalesDirectoryId: number }[] }>(
    request,
    "get",
    `/data-collections/${kra.id}/items`,
    teacher.headers,
  );
  const scales = await json<{ scales: { id: number; entries: { id: number }[] }[] }>(request, "get", `/data-collections/${kra.id}/scales`, teacher.headers);
  for (const item of items.assessmentItems.slice(0, 2)) {
    const entry = scales.scales.find((s) => s.id === item.parentScalesDirectoryId)!.entries[0];
    await json(request, "post", `/data-collections/${kra.id}/scores`, teacher.headers, {
      studentEnrollmentId: enrollmentId,
      assessmentItemsId: item.id,
      assessmentItemsScalesEntriesId: entry.id,
    });
  }
  return { collectionName: kra.collectionName, total: items.assessmentItems.length };
}

test("a transferred child's scores are on its record at the receiving school", async ({ page, browser, request, world }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stateId = `E2E-S-${Date.now() % 100_000_000}`;
  const kra = await scoredChild(request, world, stateId);
  const scoredText = `2 of ${kra.total}`;

  // The sending district's admin sees the child's scores at its school.
  await signIn(page, world.districtAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto(`/administrator/students?search=${stateId}`);
  await page.getByRole("table", { name: "Students" }).getByRole("link", { name: "Carrier" }).click();
  await page.getByRole("link", { name: "Enrollments, teachers and collections" }).click();
  await page.getByRole("navigation", { name: "Student profile" }).getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rory Carrier" })).toBeVisible();
  const sendingSchool = (await page.getByText(/^State ID /).textContent())!.split(" · ")[1].trim();
  const results = page.getByRole("table", { name: "Results of this student in each data collection" });
  await expect(results.getByRole("row", { name: literally(kra.collectionName) })).toContainText(scoredText);
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-transfer-scores-before");

  // It asks for the move to a Howard County school.
  await page.goto(`/administrator/transfers/new?stateId=${stateId}`);
  await expect(page.getByRole("heading", { level: 2, name: /Rory Carrier/ })).toBeVisible();
  const destination = await pickLocation(page, { region: RECEIVING_REGION, district: RECEIVING_DISTRICT });
  await page.getByRole("button", { name: "Request transfer" }).click();
  await expect(page.getByText("Student Transfer Requested")).toBeVisible();

  // The receiving side approves, then opens the child's record under its new school.
  const receiving = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await receiving.newPage();
  await signIn(other, world.tenantAdmin);
  await expect(other).toHaveURL(/\/administrator\/dashboard$/);
  await other.goto("/administrator/transfers");
  await other.getByRole("table", { name: "Transfers: incoming" }).getByRole("button", { name: "Approve the transfer of Rory Carrier" }).click();
  await other.getByRole("dialog", { name: "Approve transfer" }).getByRole("button", { name: "Approve", exact: true }).click();
  await expect(other.getByText("Transfer Request Approved")).toBeVisible();

  await other.goto(`/administrator/students?search=${stateId}`);
  const listed = other.getByRole("table", { name: "Students" }).getByRole("row", { name: /Carrier/ });
  await expect(listed).toContainText(destination);
  await listed.getByRole("link", { name: "Carrier" }).click();
  await other.getByRole("link", { name: "Enrollments, teachers and collections" }).click();
  await other.getByRole("navigation", { name: "Student profile" }).getByRole("link", { name: "Collections" }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Rory Carrier" })).toBeVisible();
  await expect(other.getByRole("navigation", { name: "Breadcrumb" })).toContainText(RECEIVING_DISTRICT);
  await expect(other.getByText(/^State ID /)).toContainText(destination);
  const moved = other.getByRole("table", { name: "Results of this student in each data collection" }).getByRole("row", { name: literally(kra.collectionName) });
  await expect(moved).toContainText(scoredText);
  await expect(moved.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^[1-9]\d?$/);
  await expect(moved).toContainText("Not complete");
  await expectNoAxeViolations(other);
  await screenshot(other, "admin-transfer-scores-after");
  await receiving.close();

  // The sending district no longer reaches the child's record.
  await page.goto(`/administrator/students?search=${stateId}`);
  await expect(page.getByText("No students match.", { exact: false })).toBeVisible();
  expect(sendingSchool).not.toBe(destination);
});
