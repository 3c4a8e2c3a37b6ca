import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshot, signIn, test } from "./support";

/**
 * The student profile under its location (spec §2): a tenant admin moves a child's point of
 * authority to its second school, fills that enrollment's custom fields, puts the child on a
 * teacher's roster and assigns a data collection, all from the keyboard; axe on every tab.
 * The demo seeds one Maryland child enrolled at two Baltimore County schools.
 */

interface Student {
  id: number;
  tenantUniqueId: string;
  firstName: string;
  lastName: string;
  parentLocationId: number;
}
interface Enrollment {
  id: number;
  parentLocationId: number;
  locationName: string;
  isPointOfAuthority: boolean;
}

/** The seeded child with two active enrollments, found through the API as the signed-in admin. */
async function twoSchoolChild(page: Page): Promise<{ student: Student; enrollments: Enrollment[] }> {
  const get = async <T>(url: string) => (await (await page.request.get(url)).json()) as T;
  const { districts } = await get<{ districts: { id: number; nameLabel: string }[] }>("/en/api/v1/districts?active=1");
  const baltimore = districts.find((d) => d.nameLabel === "Baltimore County Public Schools")!;
  for (let p = 1; p < 5; p++) {
    const { students } = await get<{ students: Student[] }>(`/en/api/v1/students?districtId=${baltimore.id}&pageSize=100&page=${p}`);
    if (!students.length) break;
    const lists = await Promise.all(students.map((s) => get<{ enrollments: Enrollment[] }>(`/en/api/v1/enrollments?studentId=${s.id}`)));
    const i = lists.findIndex((l) => l.enrollments.length === 2);
    if (i >= 0) return { student: students[i], enrollments: lists[i].enrollments };
  }
  throw new Error("the demo's two-school child is missing");
}

test("an admin changes a POA, fills custom fields, rosters the child and assigns a collection, by keyboard", async ({ page, browser, world }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, world.tenantAdmin);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  const { student, enrollments } = await twoSchoolChild(page);
  const home = enrollments.find((e) => e.isPointOfAuthority)!;
  const second = enrollments.find((e) => !e.isPointOfAuthority)!;
  const name = `${student.firstName} ${student.lastName}`;

  // From the students list to the child's profile under its school.
  await page.goto(`/administrator/students?search=${student.tenantUniqueId}`);
  await page.getByRole("link", { name: student.lastName, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("link", { name: "Enrollments, teachers and collections" }).click();
  await expect(page).toHaveURL(new RegExp(`/location/${home.parentLocationId}/students/${student.id}/profile/enrollments$`));
  const list = page.getByRole("list", { name: "Enrollments" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Enrollments", exact: true })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-enrollments-enrollments");

  // POA to the second school, by keyboard.
  await page.getByRole("button", { name: `Make point of authority: ${second.locationName}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("POA changed successfully")).toBeVisible();
  const secondCard = list.getByRole("listitem").filter({ hasText: second.locationName });
  await expect(secondCard.getByText("Point of authority")).toBeVisible();
  await expect(page.getByRole("button", { name: `Make point of authority: ${home.locationName}` })).toBeVisible();
  await screenshot(page, "admin-enrollments-poa-changed");

  // The second school's enrollment: its custom fields (text and select), typed and chosen by keyboard.
  await secondCard.getByRole("link", { name: second.locationName }).click();
  await expect(page).toHaveURL(new RegExp(`/location/${second.parentLocationId}/students/${student.id}/profile/enrollments$`));
  await expect(page.getByRole("heading", { level: 2, name: `Enrollment fields at ${second.locationName}` })).toBeVisible();
  await page.getByLabel("Classroom").focus();
  await page.keyboard.type("Room 12");
  await page.getByLabel("Kindergarten schedule").focus();
  await page.keyboard.press("ArrowDown");
  await page.getByRole("button", { name: "Save fields" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Enrollment saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Classroom")).toHaveValue("Room 12");
  await expect(page.getByLabel("Kindergarten schedule")).toHaveValue("FULL");
  await expectNoAxeViolations(page);

  // Teachers: onto the roster of one of the school's teachers.
  await page.getByRole("navigation", { name: "Student profile" }).getByRole("link", { name: "Teachers" }).click();
  await expect(page.getByText("No teacher has this student on their roster yet.")).toBeVisible();
  const teacher = page.getByLabel(`Teacher at ${second.locationName}`);
  // Marcus Bennett (world.adminTeacher) teaches at the second school: he signs in below.
  const teacherName = (await teacher.locator("option").allTextContents()).find((t) => t.includes("Bennett"))!;
  await teacher.selectOption({ label: teacherName });
  await teacher.focus();
  await page.getByRole("button", { name: "Add to roster" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Student added to the teacher's roster")).toBeVisible();
  await expect(page.getByRole("table").getByRole("rowheader", { name: teacherName })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-enrollments-teachers");

  // The teacher's roster page lists the child, beside the school's other students to add.
  await page.getByRole("table").getByRole("link", { name: teacherName }).click();
  await expect(page.getByRole("heading", { level: 1, name: /'s roster$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /'s roster$/ }).getByRole("rowheader", { name: `${student.lastName}, ${student.firstName}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Available students" }).getByRole("button", { name: /^Add / }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-enrollments-teacher-roster");
  await page.goBack();

  // Collections: assign an open collection of the school (teacher type Primary).
  await page.getByRole("navigation", { name: "Student profile" }).getByRole("link", { name: "Collections" }).click();
  await expect(page.getByText("Not assigned to any data collection.")).toBeVisible();
  const collection = page.getByLabel("Data collection");
  const collectionName = (await collection.locator("option:checked").textContent())!;
  const collectionId = await page.getByLabel("Data collection", { exact: true }).inputValue();
  await page.getByRole("button", { name: "Assign collection" }).focus();
  await page.keyboard.press("Enter");
  // The outcome is the assignment's row. (In the full run, after the collections journey, the success
  // snackbar was once not seen though the POST answered 200: see the session note.)
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: collectionName }) });
  await expect(row.getByRole("cell", { name: "Primary" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-enrollments-collections");

  // The rostered, assigned child appears on the teacher's scoring screen, in the teacher's own browser.
  const theirs = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1280, height: 900 } });
  const teacherPage = await theirs.newPage();
  await signIn(teacherPage, world.adminTeacher);
  await expect(teacherPage).toHaveURL(/\/administrator\/dashboard$/);
  await teacherPage.getByRole("navigation", { name: "Application" }).getByRole("button", { name: "Teacher" }).click();
  await expect(teacherPage).toHaveURL(/\/teacher\/dashboard$/);
  await teacherPage.goto(`/teacher/collections/${collectionId}/scoring`);
  await expect(teacherPage.getByRole("heading", { level: 1 })).toContainText(collectionName);
  await expect(teacherPage.locator(`[role=rowheader][data-enrollment="${second.id}"]`)).toHaveCount(1);
  await screenshot(teacherPage, "admin-enrollments-teacher-scoring");
  await theirs.close();

  // ISR: the collection is listed with 'No ISR' until the reports worker makes one.
  await page.getByRole("navigation", { name: "Student profile" }).getByRole("link", { name: "ISR" }).click();
  // The details page lists the collection too: read the rows once the ISR page is there.
  await expect(page).toHaveURL(/\/profile\/isr$/);
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: collectionName }) })).toContainText("No ISR");
  await expectNoAxeViolations(page);
  await screenshot(page, "admin-enrollments-isr");
});

test("the new-student form offers only the locations the admin administers, already chosen when one", async ({ page, world }) => {
  await signIn(page, world.adminTeacher);
  await expect(page).toHaveURL(/\/administrator\/dashboard$/);
  await page.goto("/administrator/students/new");
  // A location admin (and teacher there): one region, one district, one location, each chosen for them.
  for (const level of ["Region", "District", "Location"]) {
    const select = page.getByRole("group", { name: "Location (point of authority)" }).getByLabel(level, { exact: true });
    await expect(select.locator("option")).toHaveCount(2);
    await expect(select).not.toHaveValue("");
  }
  await expectNoAxeViolations(page);
});
