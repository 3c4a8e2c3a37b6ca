import { POST as acknowledgementsPost } from "@/app/en/api/v1/acknowledgements/route";
import { POST as periodsPost } from "@/app/en/api/v1/data-collections/[id]/checkpoint-periods/route";
import { GET as collectionsGet } from "@/app/en/api/v1/data-collections/route";
import { POST as groupsPost } from "@/app/en/api/v1/data-collections/[id]/groups/route";
import { GET as rosterGet } from "@/app/en/api/v1/data-collections/[id]/students/legacy/route";
import { GET as supportsGet, POST as supportsPost } from "@/app/en/api/v1/data-collections/[id]/supports/route";
import { POST as filtersPost } from "@/app/en/api/v1/data-collections-filters/route";
import { PUT as oneRosterProviderPut } from "@/app/en/api/v1/data-integrations/oneroster/route";
import { GET as districtsGet } from "@/app/en/api/v1/districts/route";
import { PUT as edfiConnectionPut } from "@/app/en/api/v1/edfi/connection/route";
import { GET as enrollmentsGet } from "@/app/en/api/v1/enrollments/route";
import { GET as locationsGet } from "@/app/en/api/v1/locations/route";
import { GET as studentsGet } from "@/app/en/api/v1/students/route";
import { POST as integrationsPost } from "@/app/en/api/v1/tenant-integrations/route";
import { POST as transfersPost } from "@/app/en/api/v1/transfers/route";
import { db } from "@/db/client";
import { notifications } from "@/db/schema";
import { call, tokenFor } from "./api";
import { demoWorld } from "./demo-world";
import { installWriteLog } from "./write-log";

/**
 * One record of each kind the demo data lacks, made through the API (a notification, which only the
 * platform sends, as a row), so that every update of the document has a record to be sent.
 */
export async function makeUpdateFixtures(token: string, user: { id: number; tenantId: number }) {
  const get = (handler: Parameters<typeof call>[0], path: string, query: Record<string, string | number> = {}) => call(handler, "GET", path, { token, query });
  // The collection the API lists first: the one the generated tests resolve a collection to.
  const collectionId: number = (await get(collectionsGet, "/en/api/v1/data-collections")).body.dataCollections[0].id;
  const student = (await get(studentsGet, "/en/api/v1/students")).body.students[0];
  const enrollment = (await get(enrollmentsGet, "/en/api/v1/enrollments", { studentId: student.id })).body.enrollments[0];
  const elsewhere = (await get(locationsGet, "/en/api/v1/locations")).body.locations.find((l: { id: number }) => l.id !== student.parentLocationId);
  const made = [
    await call(acknowledgementsPost, "POST", "/en/api/v1/acknowledgements", { token, body: { text: "Fixture acknowledgement" } }),
    await call(integrationsPost, "POST", "/en/api/v1/tenant-integrations", {
      token,
      body: { tenantId: user.tenantId, token: "fixture-token-0123456789abcdef", clientId: "fixture" },
    }),
    await call(filtersPost, "POST", "/en/api/v1/data-collections-filters", {
      token,
      body: { name: "Fixture", color: "#1565c0", dataCollectionsId: collectionId, metadata: JSON.stringify({ filterType: "DATA_FILTERS" }) },
    }),
    await call(periodsPost, "POST", `/en/api/v1/data-collections/${collectionId}/checkpoint-periods`, {
      token,
      params: { id: String(collectionId) },
      body: { label: "Fall", startDate: 1788220800, endDate: 1790000000 },
    }),
    await call(edfiConnectionPut, "PUT", "/en/api/v1/edfi/connection", {
      token,
      body: {
        baseUrl: "https://ods.example.org/data/v3",
        tokenUrl: "https://ods.example.org/oauth/token",
        clientId: "fixture",
        clientSecret: "fixture-secret",
      },
    }),
    // The OneRoster provider of the district GET /districts lists first (where the generated tests read it).
    await call(oneRosterProviderPut, "PUT", "/en/api/v1/data-integrations/oneroster", {
      token,
      body: {
        districtId: (await get(districtsGet, "/en/api/v1/districts")).body.districts[0].id,
        tokenUrl: "https://sis.example.org/oauth/token",
        clientId: "fixture",
        clientSecret: "fixture-secret",
        baseUrl: "https://sis.example.org/ims/oneroster/rostering/v1p2",
      },
    }),
    await call(transfersPost, "POST", "/en/api/v1/transfers", {
      token,
      body: { studentId: student.id, enrollmentId: enrollment.id, locationId: elsewhere.id },
    }),
  ];
  const failed = made.filter((res) => res.status >= 300);
  if (failed.length) throw new Error(`fixtures refused: ${JSON.stringify(failed.map((f) => f.body))}`);
  await db().insert(notifications).values({ tenantId: user.tenantId, userId: user.id, type: "message", message: "Fixture notification", metadata: {} });
}

/** A teacher's own class records the demo lacks, in the collection the teacher's list gives first: a group, and a child's support. */
async function makeTeacherFixtures(token: string) {
  const collections = await call(collectionsGet, "GET", "/en/api/v1/data-collections", { token, query: { role: "teacher" } });
  const id = String(collections.body.dataCollections[0].id);
  const path = `/en/api/v1/data-collections/${id}`;
  const [child] = (await call(rosterGet, "GET", `${path}/students/legacy`, { token, params: { id } })).body.students;
  const [offered] = (await call(supportsGet, "GET", `${path}/supports`, { token, params: { id } })).body.supports;
  const made = [
    await call(groupsPost, "POST", `${path}/groups`, { token, params: { id }, body: { label: "Fixture group", color: "#1565c0", enrollmentIds: [] } }),
    await call(supportsPost, "POST", `${path}/supports`, {
      token,
      params: { id },
      body: { studentEnrollmentId: child.studentEnrollmentId, supportId: offered.id },
    }),
  ];
  const failed = made.filter((res) => res.status >= 300);
  if (failed.length) throw new Error(`fixtures refused: ${JSON.stringify(failed.map((f) => f.body))}`);
}

/** Tables an unchanged write may still touch: the sessions of the tokens made here, and audit rows (a refused or empty change may be recorded). */
export const NOT_CHANGES = ["auth_sessions", "audit_log"];

/**
 * The world of the generated update tests: the demo's powerful actor and its teacher (their tokens,
 * tried in turn to reach a record), the records the demo lacks, and the write log, in one place.
 */
export async function updateWorld(): Promise<string[]> {
  const { user, teacher } = await demoWorld();
  const tokens = [await tokenFor(user), await tokenFor(teacher)];
  await makeUpdateFixtures(tokens[0], user);
  await makeTeacherFixtures(tokens[1]);
  await installWriteLog();
  return tokens;
}
