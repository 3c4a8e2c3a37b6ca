import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { TEACHER_TYPES } from "@/db/schema";
import { assignCollection } from "@/lib/enrollments/assignments";
import { assignmentBody, id } from "@/lib/enrollments/schemas";
import { ASSIGNMENT_COLUMNS } from "./assignments-columns";
import { issueReasons, rowLoader, type Checked } from "./per-row";

/**
 * Type `assignments`: a row assigns a child's enrollment (by state id, at the row's school or else the
 * child's point of authority) to a data collection, through the collection-assignment API's
 * assignCollection: the enrollment within reach and active, the collection assigned to its school
 * and open for enrollment; its messages and audit row. Already assigned is the API's 409: unchanged.
 */

type Row = { stateId: string; locationId: number | null; dataCollectionId: number; teacherType: (typeof TEACHER_TYPES)[number] };

const STATE_ID_MAX = 50;
const body = assignmentBody.pick({ parentDataCollectionId: true, teacherType: true });

function check(cell: (name: string) => string): Checked<Row> {
  const problems: string[] = [];
  const stateId = cell("studentStateId").trim();
  if (!stateId) problems.push("studentStateId: Is required");
  else if (stateId.length > STATE_ID_MAX) problems.push("studentStateId: Is too long");
  const parsed = body.safeParse({ parentDataCollectionId: cell("dataCollectionId").trim(), teacherType: cell("teacherType").trim() || undefined });
  if (!parsed.success) problems.push(issueReasons(parsed.error.issues, (path) => (path[0] === "teacherType" ? "teacherType" : "dataCollectionId")));
  const locationText = cell("locationId").trim();
  const location = locationText ? id.safeParse(locationText) : null;
  if (location && !location.success) problems.push(issueReasons(location.error.issues, () => "locationId"));
  if (problems.length || !parsed.success) return { ok: false, reason: problems.join("; ") };
  return { ok: true, row: { stateId, locationId: location?.data ?? null, dataCollectionId: parsed.data.parentDataCollectionId, teacherType: parsed.data.teacherType } };
}

export const assignmentsLoader = rowLoader<Row>({
  columns: ASSIGNMENT_COLUMNS,
  key: "studentStateId",
  check,
  async apply(actor, row, origin) {
    const t = actor.tenantId;
    // The enrollment the API takes; none found stays 0, which the API answers with its own 404.
    const [enrollment] = await rows<{ id: number }>(
      db(),
      sql`select e.id from students s join student_enrollments e on e.tenant_id = ${t} and e.student_id = s.id
          and ${row.locationId === null ? sql`e.is_point_of_authority` : sql`e.location_id = ${row.locationId}`}
        where s.tenant_id = ${t} and s.tenant_unique_id = ${row.stateId} and s.merged_into_student_id is null
        order by e.active desc, e.id desc limit 1`,
    );
    await assignCollection(actor, { studentEnrollmentId: enrollment?.id ?? 0, parentDataCollectionId: row.dataCollectionId, teacherType: row.teacherType }, origin);
    return "created";
  },
  already: (error) => error.status === 409,
  columnOf(error) {
    const message = error.errors?.[0]?.message ?? error.message;
    if (message === "Enrollment not found" || message === "The enrollment is not active") return "studentStateId";
    return "dataCollectionId";
  },
});
