import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize, can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, fieldError, notFound } from "@/lib/platform/errors";
import { sendJobs } from "@/lib/platform/queue";
import { contentDisposition, storage } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import { rosterArray, requireTeacherCollection } from "@/lib/scoring/roster";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { ISR_BATCH_SIZE, isrJob } from "./job-kind";
import { COLLECTION_NOT_FOUND, ISR_CLEARED, ISR_NOT_FOUND, ISR_REQUESTED, NOTHING_TO_DOWNLOAD, NO_CHILDREN, TOO_MANY_TO_MERGE } from "./messages";
import type { IsrRequestBody, IsrSummary, OutputView, StudentOutputView } from "./schemas";
import { TaggedPdfMerger } from "@/lib/pdf/merge-tagged";
import { WORDS, type IsrLanguage } from "./texts";

/**
 * ISRs (individual student reports, the parent page): requests, progress, the children's rows,
 * clearing and the merged download. Whom an actor reaches in a collection:
 * - an administrator: the children assigned to it through an active enrollment at a location within
 *   their reach (tenant admins: all);
 * - a teacher: the children rostered to them, in a collection of theirs.
 * Anything else answers 404 (existence is not disclosed); a role with neither permission 403.
 * A request (outputs row) is seen by its requester only, like a report.
 */

/** Pages merged into one download at most: a state's 130,000 are fetched school by school. */
const MERGE_LIMIT = 2000;

type Scope = { enrollment: SQL };

/** The actor's reach in the collection, as a condition on the enrollment aliased `e`; 404 outside. Run inside forTenant. */
export async function scopeIn(actor: Actor, collectionId: number): Promise<Scope> {
  const t = actor.tenantId;
  if (can(actor, "reports.admin")) {
    const [collection] = await rows<{ id: number }>(
      db(),
      sql`select id from data_collections where tenant_id = ${t} and id = ${collectionId} and deleted_at is null`,
    );
    if (!collection) throw notFound(COLLECTION_NOT_FOUND);
    return { enrollment: locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE) };
  }
  authorize(actor, "reports.teacher");
  await requireTeacherCollection(actor, collectionId).catch(() => {
    throw notFound(COLLECTION_NOT_FOUND);
  });
  return { enrollment: sql`e.id = any(${rosterArray(actor, collectionId)})` };
}

/** Whether the actor may use ISRs at all (403 before anything is looked up). */
function authorizeIsr(actor: Actor) {
  if (!can(actor, "reports.admin")) authorize(actor, "reports.teacher");
}

const narrowed = (input: { studentId?: number; locationId?: number }) =>
  sql`${input.studentId ? sql`and e.student_id = ${input.studentId}` : sql``} ${input.locationId ? sql`and e.location_id = ${input.locationId}` : sql``}`;

interface OutputRow {
  id: number;
  data_collection_id: number;
  type: string;
  status: OutputView["status"];
  request_data: { language?: IsrLanguage };
  created_at: Date | string;
  completed_at: Date | string | null;
  total: number;
  queued: number;
  in_progress: number;
  generated: number;
  failed: number;
  deleted: number;
}

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

async function outputRows(t: number, where: SQL): Promise<OutputView[]> {
  const found = await rows<OutputRow>(
    db(),
    sql`select o.id, o.data_collection_id, o.type, o.status, o.request_data, o.created_at, o.completed_at,
        c.total, c.queued, c.in_progress, c.generated, c.failed, c.deleted
      from outputs o
      cross join lateral (select count(*)::int as total, count(*) filter (where so.status = 'queued')::int as queued,
          count(*) filter (where so.status = 'in_progress')::int as in_progress,
          count(*) filter (where so.status = 'complete' and so.output_status = 'Generated')::int as generated,
          count(*) filter (where so.status = 'failed')::int as failed,
          count(*) filter (where so.output_status = 'Deleted')::int as deleted
        from student_outputs so where so.tenant_id = ${t} and so.output_id = o.id) c
      where o.tenant_id = ${t} and o.type = 'isr' and ${where}
      order by o.created_at desc, o.id desc limit 50`,
  );
  return found.map((o) => ({
    id: o.id,
    dataCollectionId: o.data_collection_id,
    type: o.type,
    status: o.status,
    language: o.request_data.language === "es" || o.request_data.language === "en" ? o.request_data.language : null,
    createdAt: toUnix(asDate(o.created_at))!,
    completedAt: toUnix(asDate(o.completed_at)),
    counts: { total: o.total, queued: o.queued, inProgress: o.in_progress, generated: o.generated, failed: o.failed, deleted: o.deleted },
  }));
}

/** POST /reports/individual-student: queue ISRs for one child, one school or the whole scope. */
export async function requestIsrs(actor: Actor, body: IsrRequestBody, origin: AuditOrigin): Promise<{ message: string; output: OutputView }> {
  authorizeIsr(actor);
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const scope = await scopeIn(actor, body.dataCollectionId);
    const [output] = await rows<{ id: number }>(
      db(),
      sql`insert into outputs (tenant_id, data_collection_id, type, status, requested_by, request_data)
        values (${t}, ${body.dataCollectionId}, 'isr', 'queued', ${actor.userId},
          ${JSON.stringify({ language: body.language ?? null, studentId: body.studentId ?? null, locationId: body.locationId ?? null })}::jsonb)
        returning id`,
    );
    const created = await rows<{ id: number }>(
      db(),
      sql`insert into student_outputs (tenant_id, output_id, student_id, data_collection_id, student_enrollment_id, language, status, output_status)
        select distinct on (e.student_id) ${t}, ${output.id}, e.student_id, ${body.dataCollectionId}, e.id,
          coalesce(${body.language ?? null}::text, s.isr_language, 'en'), 'queued'::job_status, 'No ISR'
        from student_data_collection_assignments a
        join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
        join students s on s.tenant_id = ${t} and s.id = e.student_id
        where a.tenant_id = ${t} and a.data_collection_id = ${body.dataCollectionId} and ${scope.enrollment} ${narrowed(body)}
        order by e.student_id, e.is_point_of_authority desc, e.id
        returning id`,
    );
    if (!created.length) {
      // One named child outside one's reach is not found; an empty school or collection is a bad request.
      if (body.studentId) throw notFound("Student not found");
      throw fieldError(body.locationId ? "locationId" : "dataCollectionId", NO_CHILDREN);
    }
    const ids = created.map((r) => r.id).sort((a, b) => a - b);
    const batches: { payload: { tenantId: number; outputId: number; studentOutputIds: number[] }; idempotencyKey: string }[] = [];
    for (let i = 0; i < ids.length; i += ISR_BATCH_SIZE) {
      const part = ids.slice(i, i + ISR_BATCH_SIZE);
      batches.push({ payload: { tenantId: t, outputId: output.id, studentOutputIds: part }, idempotencyKey: `isr:${t}:${output.id}:${part[0]}` });
    }
    await db().execute(
      sql`update outputs set metadata = ${JSON.stringify({ students: ids.length, batches: batches.length })}::jsonb where tenant_id = ${t} and id = ${output.id}`,
    );
    await writeAudit(
      actor,
      [
        {
          action: "request",
          entityType: "isr",
          entityId: output.id,
          studentId: body.studentId ?? null,
          details: { dataCollectionId: body.dataCollectionId, students: ids.length, language: body.language ?? "per child" },
        },
      ],
      origin,
    );
    await sendJobs(isrJob, batches);
    const [view] = await outputRows(t, sql`o.id = ${output.id}`);
    return { message: ISR_REQUESTED, output: view };
  });
}

/** Each child in scope's newest finished ISR row in the collection (generated or cleared). */
export const latestRows = (t: number, collectionId: number, scope: Scope, narrow: SQL) => sql`
  select distinct on (so.student_id) so.id, so.student_id, so.output_status, so.file_name, so.language
  from student_outputs so
  join student_enrollments e on e.tenant_id = ${t} and e.id = so.student_enrollment_id
  where so.tenant_id = ${t} and so.data_collection_id = ${collectionId} and so.status = 'complete' and ${scope.enrollment} ${narrow}
  order by so.student_id, so.generated_at desc nulls last, so.id desc`;

/** GET /data-collections-outputs?dataCollectionId: one's ISR requests with progress, and the scope's ISR statuses. */
export async function listOutputs(
  actor: Actor,
  collectionId: number,
): Promise<{
  dataCollectionsOutputs: OutputView[];
  summary: IsrSummary;
  locations: { id: number; name: string; students: number; districtId: number; districtName: string }[];
}> {
  authorizeIsr(actor);
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const scope = await scopeIn(actor, collectionId);
    const outputs = await outputRows(t, sql`o.data_collection_id = ${collectionId} and o.requested_by = ${actor.userId}`);
    const [summary] = await rows<{ students: number; generated: number; deleted: number }>(
      db(),
      sql`with children as (select distinct e.student_id from student_data_collection_assignments a
            join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
            where a.tenant_id = ${t} and a.data_collection_id = ${collectionId} and ${scope.enrollment}),
          latest as (${latestRows(t, collectionId, scope, sql``)})
        select (select count(*)::int from children) as students,
          (select count(*)::int from latest where output_status = 'Generated' and student_id in (select student_id from children)) as generated,
          (select count(*)::int from latest where output_status = 'Deleted' and student_id in (select student_id from children)) as deleted`,
    );
    const locations = await rows<{ id: number; name: string; students: number; districtId: number; districtName: string }>(
      db(),
      sql`select l.id, l.name, count(distinct e.student_id)::int as students, d.id as "districtId", d.name as "districtName"
        from student_data_collection_assignments a
        join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
        join locations l on l.tenant_id = ${t} and l.id = e.location_id
        join districts d on d.tenant_id = ${t} and d.id = l.district_id
        where a.tenant_id = ${t} and a.data_collection_id = ${collectionId} and ${scope.enrollment}
        group by l.id, l.name, d.id, d.name order by l.name, l.id limit 2000`,
    );
    return {
      dataCollectionsOutputs: outputs,
      locations,
      summary: {
        students: summary.students,
        generated: summary.generated,
        deleted: summary.deleted,
        noIsr: summary.students - summary.generated - summary.deleted,
      },
    };
  });
}

interface StudentRow {
  id: number;
  output_id: number | null;
  student_id: number;
  data_collection_id: number;
  first_name: string;
  last_name: string;
  location: string;
  language: IsrLanguage;
  status: StudentOutputView["status"];
  output_status: StudentOutputView["outputStatus"];
  created_at: Date | string;
  updated_at: Date | string;
  performance_level: string | null;
}

/** GET /data-collections-students-outputs/{outputId}: one's request with its children's rows within one's scope. */
export async function getOutput(actor: Actor, outputId: number): Promise<{ output: OutputView; dataCollectionsStudentsOutputs: StudentOutputView[] }> {
  authorizeIsr(actor);
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [output] = await outputRows(t, sql`o.id = ${outputId} and o.requested_by = ${actor.userId}`);
    if (!output) throw notFound(ISR_NOT_FOUND);
    const scope = await scopeIn(actor, output.dataCollectionId);
    const found = await rows<StudentRow>(
      db(),
      sql`select so.id, so.output_id, so.student_id, so.data_collection_id, s.first_name, s.last_name, l.name as location, so.language,
          so.status, so.output_status, so.created_at, so.updated_at, r.performance_level
        from student_outputs so
        join student_enrollments e on e.tenant_id = ${t} and e.id = so.student_enrollment_id
        join students s on s.tenant_id = ${t} and s.id = so.student_id
        join locations l on l.tenant_id = ${t} and l.id = e.location_id
        left join student_results r on r.tenant_id = ${t} and r.data_collection_id = so.data_collection_id and r.student_enrollment_id = e.id
        where so.tenant_id = ${t} and so.output_id = ${outputId} and ${scope.enrollment}
        order by l.name, lower(s.last_name), lower(s.first_name), so.id limit 5000`,
    );
    return {
      output,
      dataCollectionsStudentsOutputs: found.map((r) => ({
        id: r.id,
        outputId: r.output_id,
        studentsId: r.student_id,
        collectionId: r.data_collection_id,
        firstName: r.first_name,
        lastName: r.last_name,
        location: r.location,
        language: r.language,
        performanceLevel: r.performance_level,
        status: r.status,
        outputStatus: r.output_status,
        createdAt: toUnix(asDate(r.created_at))!,
        updatedAt: toUnix(asDate(r.updated_at))!,
        downloadUrl:
          r.status === "complete" && r.output_status === "Generated"
            ? `/en/api/v1/data-collections/${r.data_collection_id}/outputs/download?studentId=${r.student_id}`
            : null,
      })),
    };
  });
}

/** DELETE /data-collections-students-outputs: the scope's generated ISRs become 'Deleted' and their files go. */
export async function clearIsrs(
  actor: Actor,
  input: { dataCollectionId: number; studentId?: number; locationId?: number; outputId?: number },
  origin: AuditOrigin,
) {
  authorizeIsr(actor);
  const t = actor.tenantId;
  const { cleared, files } = await forTenant(actor, async () => {
    const scope = await scopeIn(actor, input.dataCollectionId);
    const found = await rows<{ id: number; student_id: number; file_name: string | null }>(
      db(),
      sql`update student_outputs so set output_status = 'Deleted', updated_at = now()
        from student_enrollments e
        where so.tenant_id = ${t} and so.data_collection_id = ${input.dataCollectionId} and so.output_status = 'Generated'
          and e.tenant_id = ${t} and e.id = so.student_enrollment_id and ${scope.enrollment} ${narrowed(input)}
          ${input.outputId ? sql`and so.id = ${input.outputId}` : sql``}
        returning so.id, so.student_id, so.file_name`,
    );
    if (!found.length && input.studentId) throw notFound(ISR_NOT_FOUND);
    await writeAudit(
      actor,
      found.length <= 100
        ? found.map((r) => ({
            action: "clear",
            entityType: "isr",
            entityId: r.id,
            studentId: r.student_id,
            details: { dataCollectionId: input.dataCollectionId },
          }))
        : [
            {
              action: "clear",
              entityType: "isr",
              details: { dataCollectionId: input.dataCollectionId, rows: found.length, locationId: input.locationId ?? null },
            },
          ],
      origin,
    );
    return { cleared: found.length, files: found.map((r) => r.file_name).filter((f): f is string => !!f) };
  });
  // The files go once the rows say 'Deleted' (a failed delete leaves an unreachable file, never a shown one).
  for (const file of files)
    await storage()
      .deleteObject(file)
      .catch(() => undefined);
  return { message: ISR_CLEARED, cleared };
}

/**
 * DELETE /reports/individual-student/{outputId} (administration.md §7): clear the one ISR the students
 * page lists, as clearing that child in its collection does (reach, audit, file removed).
 */
export async function clearIsrOutput(actor: Actor, outputId: number, origin: AuditOrigin) {
  authorizeIsr(actor);
  const [output] = await forTenant(actor, () =>
    rows<{ data_collection_id: number; student_id: number }>(
      db(),
      sql`select data_collection_id, student_id from student_outputs where tenant_id = ${actor.tenantId} and id = ${outputId}`,
    ),
  );
  if (!output) throw notFound(ISR_NOT_FOUND);
  return clearIsrs(actor, { dataCollectionId: output.data_collection_id, studentId: output.student_id, outputId }, origin);
}

export async function bytesOf(key: string): Promise<Buffer> {
  const object = await storage().getObject(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** GET /data-collections/{id}/outputs/download: the scope's generated ISRs as one PDF (pdf-lib), by school and name. */
export async function downloadIsrs(actor: Actor, collectionId: number, input: { studentId?: number; locationId?: number }) {
  authorizeIsr(actor);
  const t = actor.tenantId;
  const found = await forTenant(actor, async () => {
    const scope = await scopeIn(actor, collectionId);
    return rows<{ file_name: string; language: IsrLanguage; collection_name: string }>(
      db(),
      sql`select x.file_name, x.language, dc.collection_name from (${latestRows(t, collectionId, scope, narrowed(input))}) x
        join students s on s.tenant_id = ${t} and s.id = x.student_id
        join lateral (select l.name from student_enrollments e2 join locations l on l.tenant_id = ${t} and l.id = e2.location_id
          where e2.tenant_id = ${t} and e2.student_id = x.student_id order by e2.is_point_of_authority desc, e2.id limit 1) loc on true
        join data_collections dc on dc.tenant_id = ${t} and dc.id = ${collectionId}
        where x.output_status = 'Generated' and x.file_name is not null
        order by loc.name, lower(s.last_name), lower(s.first_name), x.student_id
        limit ${MERGE_LIMIT + 1}`,
    );
  });
  if (!found.length) throw notFound(NOTHING_TO_DOWNLOAD);
  if (found.length > MERGE_LIMIT) throw new AppError(400, TOO_MANY_TO_MERGE);
  // copyPages drops the parts' structure trees: the merger copies each over (lib/pdf/merge-tagged.ts).
  const merger = await TaggedPdfMerger.create();
  for (const row of found) await merger.add(await bytesOf(row.file_name));
  const languages = new Set(found.map((r) => r.language));
  const language = languages.size === 1 ? [...languages][0] : "en";
  merger.doc.setSubject(found[0].collection_name);
  const bytes = await merger.save({ title: `${WORDS[language].title}: ${found[0].collection_name}`, lang: WORDS[language].lang });
  const name = `isr-${collectionId}${input.locationId ? `-location-${input.locationId}` : ""}${input.studentId ? `-student-${input.studentId}` : ""}.pdf`;
  return {
    bytes,
    headers: new Headers({ "content-type": "application/pdf", "content-length": String(bytes.byteLength), "content-disposition": contentDisposition(name) }),
  };
}
