import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import type { Reaching } from "@/lib/organisations/reach";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { errorFields, log } from "@/lib/platform/logger";
import { contentDisposition } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, districtOnPath, locationInReach } from "@/lib/organisations/reach";
import { collectionItems } from "@/lib/reports/collection-content";
import type { ReportContext } from "@/lib/reports/sheet";
import {
  assessmentResource,
  levelsOf,
  objectiveAssessmentResources,
  scoreRangeOf,
  studentAssessmentResource,
  type EdfiCollection,
  type EdfiResultRow,
} from "./mapping";
import type { EdfiResource } from "./schemas";
import { edfiSettings } from "./settings";

/**
 * GET /data-collections/{id}/edfi/{resource}: a collection's results as Ed-Fi resources, one JSON
 * document a line (JSON Lines, as Ed-Fi bulk loaders such as Lightbeam read them: one file per
 * resource). Tenant admins export the state, other administrators their reach; `districtId` narrows
 * either to one district (404 outside reach or tenant). The children are those assigned to the
 * collection through an active enrollment in scope with a stored result (student_results: a domain
 * or the overall score); a child with two assigned enrollments is exported once, from the point of
 * authority (else the first enrollment), and only by whoever reaches that enrollment.
 *
 * Streaming: the children are read in pages of 1,000 assignments by keyset on the assignment key
 * (enrollment id), each page its own short transaction, and the next batch is read only when the client has taken the
 * last: memory holds one batch whatever the collection's size, and a slow download holds no
 * connection or transaction open between batches (the embedded PGlite has only one).
 */

const COLLECTION_NOT_FOUND = "Data collection not found";
const DISTRICT_NOT_FOUND = "District not found";
/** Assignments per page (a line is about 2.4 KB). */
const BATCH = 1000;

interface CollectionRow {
  id: number;
  collection_name: string;
  school_year_id: number;
  assessment_id: number;
  assessment_name: string;
  config: Record<string, unknown> | null;
  school_year: number;
  slug: string;
  edfi: unknown;
}

/** The collection as the export describes it: effective configuration (the assessment's, overridden by the collection's scoring), domains, settings. */
async function collectionOf(actor: Reaching, collectionId: number): Promise<{ collection: EdfiCollection; config: Record<string, unknown> }> {
  const t = actor.tenantId;
  const [found] = await rows<CollectionRow>(
    db(),
    sql`select dc.id, dc.collection_name, dc.school_year_id, dc.assessment_id, a.name as assessment_name,
        coalesce(a.configuration, '{}'::jsonb) || coalesce(dc.scoring, '{}'::jsonb) as config,
        extract(year from y.end_date)::int as school_year, tn.slug, tn.configuration -> 'edfi' as edfi
      from data_collections dc
      join assessments a on a.id = dc.assessment_id
      join school_years y on y.id = dc.school_year_id
      join tenants tn on tn.id = dc.tenant_id
      where dc.tenant_id = ${t} and dc.id = ${collectionId} and dc.deleted_at is null`,
  );
  if (!found) throw notFound(COLLECTION_NOT_FOUND);
  const config = found.config ?? {};
  const context: ReportContext = {
    tenantId: t,
    scope: { all: true },
    schoolYearId: found.school_year_id,
    collection: { id: found.id, name: found.collection_name, assessmentId: found.assessment_id, configuration: config },
  };
  const { domains } = await collectionItems(context);
  const levels = levelsOf(config);
  return {
    config,
    collection: {
      id: found.id,
      name: found.collection_name,
      assessmentName: found.assessment_name,
      schoolYear: found.school_year,
      levels,
      scoreRange: scoreRangeOf(config, levels),
      domains: domains.map((d) => ({ code: d.code, label: d.label })),
      settings: edfiSettings(found.slug, found.edfi),
    },
  };
}

/**
 * Whom the file covers, as a condition on the enrollment `e`: the actor's administrative reach
 * (tenant admins: the tenant), narrowed to a district when one is named; a district of another
 * tenant, or with no school in reach, is 404.
 */
async function scopeOf(actor: Reaching, districtId: number | undefined): Promise<SQL> {
  const t = actor.tenantId;
  const reach = locationInReach(actor, sql.raw("e.location_id"), ADMINISTRATIVE);
  if (districtId === undefined) return reach;
  const [district] = await rows<{ id: number }>(
    db(),
    sql`select d.id from districts d where d.tenant_id = ${t} and d.id = ${districtId} and ${districtOnPath(actor, sql.raw("d.id"), ADMINISTRATIVE)}`,
  );
  if (!district) throw notFound(DISTRICT_NOT_FOUND);
  return sql`${reach} and e.district_id = ${districtId}`;
}

/**
 * The next page of the collection's assignments after an enrollment id (an index range on the
 * assignments key), then the children of that page with their results. Paging on the assignments
 * themselves keeps each batch's cost to its own page: filtered in one statement with ORDER BY and
 * LIMIT, the planner joined the whole collection and sorted it for every batch (100,000 children:
 * 5 s a batch).
 */
async function resultPage(actor: Reaching, collectionId: number, config: Record<string, unknown>, scope: SQL, narrow: boolean, after: number) {
  const t = actor.tenantId;
  const c = collectionId;
  // A state pages the collection's assignments; a district or a reach pages its own active enrollments
  // that are assigned (a district's few thousand, not the state's 100,000 assignments).
  const page = await rows<{ id: number }>(
    db(),
    narrow
      ? sql`select e.id from student_enrollments e
          where e.tenant_id = ${t} and e.active and ${scope} and e.id > ${after}
            and exists (select 1 from student_data_collection_assignments a
              where a.tenant_id = ${t} and a.data_collection_id = ${c} and a.student_enrollment_id = e.id offset 0)
          order by e.id limit ${BATCH}`
      : sql`select student_enrollment_id as id from student_data_collection_assignments
          where tenant_id = ${t} and data_collection_id = ${c} and student_enrollment_id > ${after}
          order by student_enrollment_id limit ${BATCH}`,
  );
  if (!page.length) return { last: null, found: [] };
  const ids = sql`${`{${page.map((p) => p.id).join(",")}}`}::int[]`;
  // Each row is met by its keys (LATERAL ... OFFSET 0: a probe per child the planner cannot turn into
  // a join over guessed row counts; without statistics it had scanned the tenant's enrollments per child).
  const found = await rows<EdfiResultRow & { enrollment_id: number }>(
    db(),
    sql`select e.id as enrollment_id, s.id as student_id, s.tenant_unique_id as state_id, l.unique_id as school_code,
        r.overall_score, r.performance_level, r.domain_scores,
        (select jsonb_object_agg(ds.key, result_performance_level(${JSON.stringify(config)}::jsonb, ds.value::numeric::integer))
          from jsonb_each_text(r.domain_scores) ds) as domain_levels,
        w.first_scored, w.last_scored
      from unnest(${ids}) as p(id)
      cross join lateral (select * from student_enrollments e0 where e0.tenant_id = ${t} and e0.id = p.id offset 0) e
      cross join lateral (select * from students s0 where s0.tenant_id = ${t} and s0.id = e.student_id offset 0) s
      cross join lateral (select l0.unique_id from locations l0 where l0.tenant_id = ${t} and l0.id = e.location_id offset 0) l
      cross join lateral (select * from student_results r0
        where r0.tenant_id = ${t} and r0.data_collection_id = ${c} and r0.student_enrollment_id = e.id offset 0) r
      cross join lateral (select min(sc.created_at) as first_scored, max(sc.updated_at) as last_scored from scores sc
        where sc.tenant_id = ${t} and sc.data_collection_id = ${c} and sc.student_enrollment_id = e.id) w
      where e.active and ${scope}
        and (r.overall_score is not null or r.domain_scores <> '{}'::jsonb)
        and length(s.tenant_unique_id) between 1 and 32
        -- One line per child: another active assigned enrollment that counts before this one (the point of authority, else the lower id) wins.
        and not exists (select 1 from student_enrollments e2
          where e2.tenant_id = ${t} and e2.student_id = e.student_id and e2.id <> e.id and e2.active
            and (e2.is_point_of_authority > e.is_point_of_authority or (e2.is_point_of_authority = e.is_point_of_authority and e2.id < e.id))
            and exists (select 1 from student_data_collection_assignments a2
              where a2.tenant_id = ${t} and a2.data_collection_id = ${c} and a2.student_enrollment_id = e2.id offset 0)
          offset 0)
      order by p.id`,
  );
  return { last: page.length < BATCH ? null : page[page.length - 1].id, found };
}

const lines = (documents: unknown[]) => documents.map((d) => `${JSON.stringify(d)}\n`).join("");

/** Batches as a byte stream: each pull reads the next batch (its own transaction) once the client has taken the last. */
function streamOf(batches: AsyncGenerator<string>, label: Record<string, unknown>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error("edfi export failed", { ...label, ...errorFields(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** What an export covers, fixed before its first line: the collection described and the enrollments in scope. */
export interface EdfiPlan {
  who: Reaching;
  collection: EdfiCollection;
  config: Record<string, unknown>;
  scope: SQL;
  /** A district or an administrator's reach rather than the whole tenant. */
  narrow: boolean;
}

/** Describe the collection and fix the scope (404s before anything is sent). Run inside the caller's forTenant. */
export async function planEdfi(who: Reaching, collectionId: number, districtId: number | undefined): Promise<EdfiPlan> {
  const { collection, config } = await collectionOf(who, collectionId);
  return { who, collection, config, scope: await scopeOf(who, districtId), narrow: !who.tenantWide || districtId !== undefined };
}

/** The children's StudentAssessments in batches (each read in its own transaction when the consumer asks for it). */
export async function* studentAssessmentBatches(plan: EdfiPlan): AsyncGenerator<ReturnType<typeof studentAssessmentResource>[]> {
  let after: number | null = 0;
  while (after !== null) {
    const from: number = after;
    const { last, found } = await forTenant(plan.who, () => resultPage(plan.who, plan.collection.id, plan.config, plan.scope, plan.narrow, from));
    after = last;
    if (found.length) yield found.map((row) => studentAssessmentResource(plan.collection, row));
  }
}

export interface EdfiDownload {
  body: ReadableStream<Uint8Array>;
  headers: Headers;
}

export async function exportEdfi(
  actor: Actor,
  collectionId: number,
  resource: EdfiResource,
  query: { districtId?: number },
  origin: AuditOrigin,
): Promise<EdfiDownload> {
  authorize(actor, "results.edfiExport");
  const plan = await forTenant(actor, async () => {
    const planned = await planEdfi(actor, collectionId, query.districtId);
    if (resource === "studentAssessments") {
      await writeAudit(
        actor,
        [
          {
            action: "export",
            entityType: "data_collection",
            entityId: collectionId,
            details: { format: "edfi", resource, districtId: query.districtId ?? null, tenantWide: actor.tenantWide },
          },
        ],
        origin,
      );
    }
    return planned;
  });
  const label = { tenantId: actor.tenantId, userId: actor.userId, collectionId, resource, districtId: query.districtId ?? null };

  async function* generate(): AsyncGenerator<string> {
    if (resource === "assessments") {
      yield lines([assessmentResource(plan.collection)]);
      return;
    }
    if (resource === "objectiveAssessments") {
      yield lines(objectiveAssessmentResources(plan.collection));
      return;
    }
    const started = performance.now();
    let count = 0;
    for await (const batch of studentAssessmentBatches(plan)) {
      count += batch.length;
      yield lines(batch);
    }
    log.info("edfi export", { ...label, children: count, ms: Math.round(performance.now() - started) });
  }

  const name = `${resource}.collection-${collectionId}${query.districtId ? `.district-${query.districtId}` : ""}.jsonl`;
  return {
    body: streamOf(generate(), label),
    headers: new Headers({
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": contentDisposition(name),
      "cache-control": "no-store",
    }),
  };
}
