import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, studentResults, students, tenants } from "@/db/schema";
import { GET as edfiGet } from "@/app/en/api/v1/data-collections/[id]/edfi/[resource]/route";
import { GET as settingsGet, PUT as settingsPut } from "@/app/en/api/v1/edfi/settings/route";
import { call } from "../support/api";
import { LEVELS, NS, edfiWorld } from "../support/edfi-world";
import { assign, makeEnrollment, score } from "../support/school-fixtures";

/** The Ed-Fi export (docs/integrations.md 'Ed-Fi assessment results'), over the world of tests/support/edfi-world.ts. */
let W: Awaited<ReturnType<typeof edfiWorld>>;

/** The export as the route streams it, split into its lines (each parsed). */
async function exported(token: string, resource: string, options: { collectionId?: number; districtId?: number | string } = {}) {
  const id = options.collectionId ?? W.collection.id;
  const res = await call(edfiGet, "GET", `/en/api/v1/data-collections/${id}/edfi/${resource}`, {
    token,
    params: { id: String(id), resource },
    query: options.districtId === undefined ? {} : { districtId: options.districtId },
  });
  const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
  const lines = res.status === 200 ? text.split("\n") : [];
  return { ...res, text, lines, documents: lines.filter(Boolean).map((l) => JSON.parse(l)) };
}

/** The Ed-Fi Alliance's resource schemas (tests/fixtures/edfi), compiled with ajv. */
function edfiValidators(): Record<"assessment" | "objectiveAssessment" | "studentAssessment", ValidateFunction> {
  const file = path.join(__dirname, "../fixtures/edfi/resources-ds-5.0-assessments.json");
  const spec = JSON.parse(readFileSync(file, "utf8")) as { components: { schemas: Record<string, Record<string, unknown>> } };
  // The published schemas leave additionalProperties open; closed here, so a misspelt field fails too.
  const close = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(close);
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node))
      out[k] = k === "properties" ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, close(s)])) : close(v);
    if (out.type === "object" && out.properties) out.additionalProperties = false;
    return out;
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  // OpenAPI's formats: date-time and date as RFC 3339; the numeric ones only name a width.
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
  for (const f of ["int32", "int64", "double"]) ajv.addFormat(f, true);
  ajv.addSchema({ components: { schemas: close(spec.components.schemas) } }, "edfi");
  const of = (name: string) => ajv.getSchema(`edfi#/components/schemas/${name}`)!;
  return { assessment: of("edFi_assessment"), objectiveAssessment: of("edFi_objectiveAssessment"), studentAssessment: of("edFi_studentAssessment") };
}

// Each test its own world: the paging test adds a scored child, the settings test a namespace.
beforeEach(async () => {
  W = await edfiWorld();
});

const SCALE = "uri://ed-fi.org/AssessmentReportingMethodDescriptor#Scale score";
const INTEGER = "uri://ed-fi.org/ResultDatatypeTypeDescriptor#Integer";
const level = (code: string) => `${NS}/PerformanceLevelDescriptor#${code}`;

describe("GET /data-collections/{id}/edfi/studentAssessments", () => {
  it("maps a child's stored results: overall scale score and level, each domain as an objective assessment", async () => {
    const res = await exported(W.admin, "studentAssessments");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(`studentAssessments.collection-${W.collection.id}.jsonl`);
    const baker = res.documents.find((d) => d.studentReference.studentUniqueId === "000121");
    // LL: 8 of 8 points = 298; MA: 4 of 8 = 250; overall 12 of 16 = 274 (202 + 96 x 0.75). Faraway: 4 of 16 = 226.
    expect(baker).toEqual({
      studentAssessmentIdentifier: `collection-${W.collection.id}-student-${W.kids.Baker.student.id}`,
      assessmentReference: { assessmentIdentifier: `collection-${W.collection.id}`, namespace: NS },
      studentReference: { studentUniqueId: "000121" },
      schoolYearTypeReference: { schoolYear: expect.any(Number) },
      reportedSchoolReference: { schoolId: 77 },
      administrationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      administrationEndDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      whenAssessedGradeLevelDescriptor: "uri://ed-fi.org/GradeLevelDescriptor#Kindergarten",
      scoreResults: [{ assessmentReportingMethodDescriptor: SCALE, resultDatatypeTypeDescriptor: INTEGER, result: "274" }],
      performanceLevels: [{ assessmentReportingMethodDescriptor: SCALE, performanceLevelDescriptor: level("DEMONSTRATING") }],
      studentObjectiveAssessments: [
        {
          objectiveAssessmentReference: { assessmentIdentifier: `collection-${W.collection.id}`, identificationCode: "LL", namespace: NS },
          scoreResults: [{ assessmentReportingMethodDescriptor: SCALE, resultDatatypeTypeDescriptor: INTEGER, result: "298" }],
          performanceLevels: [{ assessmentReportingMethodDescriptor: SCALE, performanceLevelDescriptor: level("DEMONSTRATING") }],
        },
        {
          objectiveAssessmentReference: { assessmentIdentifier: `collection-${W.collection.id}`, identificationCode: "MA", namespace: NS },
          scoreResults: [{ assessmentReportingMethodDescriptor: SCALE, resultDatatypeTypeDescriptor: INTEGER, result: "250" }],
          performanceLevels: [{ assessmentReportingMethodDescriptor: SCALE, performanceLevelDescriptor: level("EMERGING") }],
        },
      ],
    });
    // The same figures the database keeps (student_results), not a second computation.
    const [stored] = await db()
      .select()
      .from(studentResults)
      .where(and(eq(studentResults.dataCollectionId, W.collection.id), eq(studentResults.studentEnrollmentId, W.kids.Baker.enrollment.id)));
    expect(stored).toMatchObject({ overallScore: 274, performanceLevel: "DEMONSTRATING", domainScores: { LL: 298, MA: 250 } });
    const [year] = await db().execute<{ y: number }>(
      (await import("drizzle-orm")).sql`select extract(year from end_date)::int as y from school_years where id = ${W.assessment.schoolYearId}`,
    );
    expect(baker.schoolYearTypeReference.schoolYear).toBe(year.y);
  });

  it("exports each child with a result once: a partly scored child without overall, nothing for the unscored, the school's text id as is", async () => {
    const res = await exported(W.admin, "studentAssessments");
    const byId = Object.fromEntries(res.documents.map((d) => [d.studentReference.studentUniqueId, d]));
    // Dent has nothing scored; Baker's second (not authoritative) enrollment adds no line.
    expect(Object.keys(byId).sort()).toEqual(["000120", "000121", "000122", "0009999"]);
    expect(res.documents).toHaveLength(4);
    expect(byId["000122"]).toMatchObject({ scoreResults: [], performanceLevels: [] });
    expect(byId["000122"].administrationEndDate).toBeUndefined();
    expect(
      byId["000122"].studentObjectiveAssessments.map(
        (o: { objectiveAssessmentReference: { identificationCode: string } }) => o.objectiveAssessmentReference.identificationCode,
      ),
    ).toEqual(["LL"]);
    expect(byId["000120"].scoreResults[0].result).toBe("298");
    expect(byId["0009999"]).toMatchObject({ reportedSchoolIdentifier: "BIRCH-01", scoreResults: [{ result: "226" }] });
    expect(byId["0009999"].reportedSchoolReference).toBeUndefined();
    expect(byId["0009999"].performanceLevels[0].performanceLevelDescriptor).toBe(level("EMERGING"));
  });

  it("is JSON Lines: one compact document per line, each ending in a newline, nothing else", async () => {
    const res = await exported(W.admin, "studentAssessments");
    expect(res.text.endsWith("\n")).toBe(true);
    const lines = res.text.slice(0, -1).split("\n");
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toMatch(/^\s|\s$/);
      expect(JSON.stringify(JSON.parse(line))).toBe(line);
    }
  });

  it("validates against the Ed-Fi Alliance's published Data Standard 5 schemas", async () => {
    const validate = edfiValidators();
    for (const [resource, check] of [
      ["studentAssessments", validate.studentAssessment],
      ["assessments", validate.assessment],
      ["objectiveAssessments", validate.objectiveAssessment],
    ] as const) {
      const { documents } = await exported(W.admin, resource);
      expect(documents.length).toBeGreaterThan(0);
      for (const document of documents) {
        const ok = check(document);
        expect(ok ? null : { resource, errors: check.errors }).toBeNull();
      }
    }
    // The validator refuses what the published schemas refuse (so the checks above can fail).
    expect(validate.studentAssessment({ studentAssessmentIdentifier: "x", assessmentReference: { assessmentIdentifier: "a", namespace: NS } })).toBe(false);
    expect(validate.studentAssessment({ ...(await exported(W.admin, "studentAssessments")).documents[0], reportedSchoolReference: { schoolId: "77" } })).toBe(
      false,
    );
    expect(validate.studentAssessment({ ...(await exported(W.admin, "studentAssessments")).documents[0], scoreResult: [] })).toBe(false);
  });

  it("scopes a district admin to their district's children, by default and with their districtId; another district is 404", async () => {
    const own = await exported(W.districtAdmin, "studentAssessments");
    expect(own.status).toBe(200);
    expect(own.documents.map((d) => d.studentReference.studentUniqueId).sort()).toEqual(["000120", "000121", "000122"]);
    const named = await exported(W.districtAdmin, "studentAssessments", { districtId: W.d1.id });
    expect(named.documents).toHaveLength(3);
    expect(named.headers.get("content-disposition")).toContain(`.district-${W.d1.id}.jsonl`);
    const far = await exported(W.districtAdmin, "studentAssessments", { districtId: W.d2.id });
    expect(far.status).toBe(404);
    expect(far.body).toEqual({ message: "District not found" });
  });

  it("gives a tenant admin the state, or one district (Baker's second enrollment at D2 not counted there)", async () => {
    const d2 = await exported(W.admin, "studentAssessments", { districtId: W.d2.id });
    expect(d2.documents.map((d) => d.studentReference.studentUniqueId)).toEqual(["0009999"]);
    expect((await exported(W.admin, "studentAssessments", { districtId: W.otherDistrict.id })).status).toBe(404);
  });

  it("refuses a teacher (403), another tenant's collection (404), bad ids and resources (400), and records nothing then", async () => {
    const before = await db().select().from(auditLog).where(eq(auditLog.tenantId, W.tenant.id));
    const teacher = await exported(W.teacher, "studentAssessments");
    expect(teacher.status).toBe(403);
    expect(teacher.body.message).toBe("Token does not have the required permissions");
    const foreign = await exported(W.admin, "studentAssessments", { collectionId: W.otherCollection.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: "Data collection not found" });
    expect((await exported(W.otherAdmin, "studentAssessments")).status).toBe(404);
    const resource = await exported(W.admin, "students");
    expect(resource.status).toBe(400);
    expect(resource.body.errors).toEqual([{ field: "resource", message: "Must be assessments, objectiveAssessments or studentAssessments" }]);
    const district = await exported(W.admin, "studentAssessments", { districtId: "abc" });
    expect(district.status).toBe(400);
    expect(district.body.errors[0].field).toBe("districtId");
    expect((await call(edfiGet, "GET", "/x", { params: { id: "1", resource: "assessments" } })).status).toBe(401);
    const after = await db().select().from(auditLog).where(eq(auditLog.tenantId, W.tenant.id));
    expect(after).toHaveLength(before.length);
  });

  it("writes one audit row per student export, naming the collection and scope but no child", async () => {
    await exported(W.districtAdmin, "studentAssessments", { districtId: W.d1.id });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, W.tenant.id), eq(auditLog.action, "export"), eq(auditLog.entityId, W.collection.id)));
    expect(rows.at(-1)).toMatchObject({
      entityType: "data_collection",
      studentId: null,
      details: { format: "edfi", resource: "studentAssessments", districtId: W.d1.id, tenantWide: false },
    });
  });
});

describe("paging", () => {
  // On the file's fresh database, with no statistics: the page's query must not depend on estimates (it once scanned the tenant's enrollments per child).
  it("reads past a full page of 1,000 assignments: a child scored after 1,100 unscored ones is there, once", async () => {
    const t = W.tenant.id;
    await db().execute(sql`with s as (insert into students (tenant_id, tenant_unique_id, first_name, last_name)
        select ${t}, 'PAGE' || g, 'Kid', 'Page ' || g from generate_series(1, 1100) g returning id),
      e as (insert into student_enrollments (tenant_id, student_id, region_id, district_id, location_id, is_point_of_authority)
        select ${t}, s.id, ${W.at1.regionId}, ${W.at1.districtId}, ${W.at1.locationId}, true from s returning id)
      insert into student_data_collection_assignments (tenant_id, data_collection_id, student_enrollment_id, token)
        select ${t}, ${W.collection.id}, e.id, gen_random_uuid()::text from e`);
    const late = await makeEnrollment(t, W.at1);
    await db().update(students).set({ tenantUniqueId: "000777" }).where(eq(students.id, late.student.id));
    await assign(t, W.collection.id, [late.enrollment.id]);
    await score(
      t,
      W.collection.id,
      late.enrollment.id,
      W.assessment.items.map((i) => i.id),
      W.assessment.entries.C.id,
    );
    const res = await exported(W.admin, "studentAssessments");
    expect(res.documents.map((d) => d.studentReference.studentUniqueId).sort()).toEqual(["000120", "000121", "000122", "000777", "0009999"]);
    expect(res.documents.find((d) => d.studentReference.studentUniqueId === "000777").scoreResults[0].result).toBe("274");
  });
});

describe("GET /data-collections/{id}/edfi/assessments and objectiveAssessments", () => {
  it("describes the collection's assessment: title, subjects, grade, levels with cut scores, the scale", async () => {
    const res = await exported(W.districtAdmin, "assessments");
    expect(res.status).toBe(200);
    expect(res.documents).toHaveLength(1);
    const [collection] = [W.collection];
    expect(res.documents[0]).toEqual({
      assessmentIdentifier: `collection-${collection.id}`,
      namespace: NS,
      assessmentTitle: `Kindergarten Readiness Assessment: ${collection.collectionName}`,
      assessmentFamily: "Kindergarten Readiness Assessment",
      academicSubjects: [
        { academicSubjectDescriptor: "uri://ed-fi.org/AcademicSubjectDescriptor#English Language Arts" },
        { academicSubjectDescriptor: "uri://ed-fi.org/AcademicSubjectDescriptor#Mathematics" },
      ],
      assessedGradeLevels: [{ gradeLevelDescriptor: "uri://ed-fi.org/GradeLevelDescriptor#Kindergarten" }],
      performanceLevels: LEVELS.map((l) => ({
        assessmentReportingMethodDescriptor: SCALE,
        performanceLevelDescriptor: level(l.code),
        resultDatatypeTypeDescriptor: INTEGER,
        minimumScore: String(l.min),
        maximumScore: String(l.max),
      })),
      scores: [{ assessmentReportingMethodDescriptor: SCALE, resultDatatypeTypeDescriptor: INTEGER, minimumScore: "202", maximumScore: "298" }],
    });
  });

  it("lists the domains in the collection's order as objective assessments of it", async () => {
    const res = await exported(W.admin, "objectiveAssessments");
    expect(res.documents.map((d) => [d.identificationCode, d.description, d.academicSubjectDescriptor])).toEqual([
      ["LL", "Language and Literacy", "uri://ed-fi.org/AcademicSubjectDescriptor#English Language Arts"],
      ["MA", "Mathematics", "uri://ed-fi.org/AcademicSubjectDescriptor#Mathematics"],
    ]);
    expect(res.documents[0].assessmentReference).toEqual({ assessmentIdentifier: `collection-${W.collection.id}`, namespace: NS });
    expect(res.documents[0].performanceLevels).toHaveLength(3);
  });

  it("uses the tenant's default namespace when none is set", async () => {
    await db().update(tenants).set({ configuration: {} }).where(eq(tenants.id, W.tenant.id));
    const res = await exported(W.admin, "assessments");
    expect(res.documents[0].namespace).toBe(`uri://${W.tenant.slug}.kra.example.org`);
  });
});

describe("GET/PUT /edfi/settings", () => {
  const put = (token: string, body: unknown) => call(settingsPut, "PUT", "/en/api/v1/edfi/settings", { token, body });

  it("lets a tenant admin set the namespace and a domain's subject, which the export then uses; the same again writes nothing", async () => {
    const read = await call(settingsGet, "GET", "/en/api/v1/edfi/settings", { token: W.admin });
    expect(read.status).toBe(200);
    expect(read.body.settings).toEqual({
      id: W.tenant.id,
      namespace: NS,
      gradeLevel: "Kindergarten",
      academicSubjects: { LL: "English Language Arts", MA: "Mathematics", SF: "Other", PD: "Physical, Health, and Safety Education" },
    });
    const saved = await put(W.admin, { namespace: "uri://education.other-state.gov", academicSubjects: { LL: "Reading" } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Ed-Fi settings saved");
    expect(saved.body.settings).toMatchObject({ namespace: "uri://education.other-state.gov", academicSubjects: { LL: "Reading", MA: "Mathematics" } });
    const objectives = await exported(W.admin, "objectiveAssessments");
    expect(objectives.documents[0]).toMatchObject({
      assessmentReference: { namespace: "uri://education.other-state.gov" },
      academicSubjectDescriptor: "uri://ed-fi.org/AcademicSubjectDescriptor#Reading",
    });
    const audits = async () =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.tenantId, W.tenant.id), eq(auditLog.entityType, "edfi_settings")))
      ).length;
    const before = await audits();
    expect((await put(W.admin, saved.body.settings)).status).toBe(200);
    expect(await audits()).toBe(before);
  });

  it("refuses a namespace that is not a uri, district admins and teachers, changing nothing", async () => {
    const [before] = await db().select().from(tenants).where(eq(tenants.id, W.tenant.id));
    const bad = await put(W.admin, { namespace: "http://education.state.gov" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "namespace", message: "Must look like uri://education.state.gov" }]);
    expect((await put(W.admin, { gradeLevel: "" })).status).toBe(400);
    expect((await put(W.districtAdmin, { namespace: "uri://district.gov" })).status).toBe(403);
    expect((await call(settingsGet, "GET", "/en/api/v1/edfi/settings", { token: W.teacher })).status).toBe(403);
    const [after] = await db().select().from(tenants).where(eq(tenants.id, W.tenant.id));
    expect(after.configuration).toEqual(before.configuration);
  });
});
