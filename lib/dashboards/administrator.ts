import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { log } from "@/lib/platform/logger";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, collectionInReach, districtOnPath, locationInReach, regionOnPath } from "@/lib/organisations/reach";
import { overallCompletion, toProgress, type CollectionProgress, type ProgressRow } from "./completion";

interface AdministratorDashboard {
  tenantWide: boolean;
  regions: number;
  districts: number;
  locations: number;
  students: number;
  teachers: number;
  openCollections: number;
  /** Completion over the open collections, counting only students in the admin's scope. */
  completion: number;
  /** Open and upcoming collections that reach the admin's organisations. */
  collections: CollectionProgress[];
}

/** Counts of what the admin reaches: a region or district counts when it holds a location in reach. */
async function organisationCounts(actor: Actor) {
  const t = actor.tenantId;
  const at = (column: string) => locationInReach(actor, sql.raw(column), ADMINISTRATIVE);
  const teacherScope = actor.tenantWide
    ? sql`true`
    : sql`exists (select 1 from user_organizations uo where uo.tenant_id = ${t} and uo.user_id = ur.user_id
        and uo.org_type = 'location' and ${at("uo.parent_id")})`;
  const [row] = await rows<Record<"regions" | "districts" | "locations" | "students" | "teachers", number | string>>(
    db(),
    sql`select
      (select count(*) from regions r where r.tenant_id = ${t} and r.active and ${regionOnPath(actor, sql.raw("r.id"), ADMINISTRATIVE)}) as regions,
      (select count(*) from districts d where d.tenant_id = ${t} and d.active and ${districtOnPath(actor, sql.raw("d.id"), ADMINISTRATIVE)}) as districts,
      (select count(*) from locations l where l.tenant_id = ${t} and l.active and ${at("l.id")}) as locations,
      (select count(distinct e.student_id) from student_enrollments e
        where e.tenant_id = ${t} and e.active and ${at("e.location_id")}) as students,
      (select count(distinct ur.user_id) from user_roles ur
        join users u on u.id = ur.user_id and u.tenant_id = ${t} and u.enabled
        where ur.tenant_id = ${t} and ur.role = 'ROLE_TEACHER' and ${teacherScope}) as teachers`,
  );
  return {
    regions: Number(row.regions),
    districts: Number(row.districts),
    locations: Number(row.locations),
    students: Number(row.students),
    teachers: Number(row.teachers),
  };
}

/** Open and upcoming collections assigned to an organisation in scope, with completion in scope. */
async function scopedCollections(actor: Actor, now: Date): Promise<CollectionProgress[]> {
  const t = actor.tenantId;
  const at = now.toISOString();
  const result = await rows<ProgressRow>(
    db(),
    sql`with cols as (
      select dc.id from data_collections dc
      where dc.tenant_id = ${t} and dc.deleted_at is null and dc.cycle_end_date >= ${at}::timestamptz
        and ${collectionInReach(actor, sql.raw("dc.id"), ADMINISTRATIVE)}
    ), progress as (
      -- Kept by triggers per (collection, location): active assigned children and their scored
      -- items (migration 0010). A state sums ~1,500 rows; nothing counts children or scores here.
      select p.data_collection_id, sum(p.students) as students, sum(p.scored) as scored
      from collection_location_progress p
      where p.tenant_id = ${t} and p.data_collection_id in (select id from cols) and ${locationInReach(actor, sql.raw("p.location_id"), ADMINISTRATIVE)}
      group by p.data_collection_id
    ), items as (
      select i.data_collection_id, count(*) as n from data_collection_items i
      where i.tenant_id = ${t} and i.data_collection_id in (select id from cols) group by i.data_collection_id
    )
    select dc.id, dc.collection_name as name, a.name as assessment_name, a.taxonomy, sy.label as school_year,
      dc.cycle_start_date, dc.cycle_end_date, coalesce(pr.students, 0) as students, coalesce(it.n, 0) as items, coalesce(pr.scored, 0) as scored
    from cols
    join data_collections dc on dc.tenant_id = ${t} and dc.id = cols.id
    join assessments a on a.id = dc.assessment_id
    join school_years sy on sy.id = dc.school_year_id
    left join progress pr on pr.data_collection_id = dc.id
    left join items it on it.data_collection_id = dc.id
    order by dc.cycle_start_date, dc.id`,
  );
  return result.map((r) => toProgress(r, now));
}

export async function administratorDashboard(actor: Actor, now = new Date()): Promise<AdministratorDashboard> {
  authorize(actor, "area.administrator");
  const started = performance.now();
  // Each read in its own tenant-bound transaction: the two big ones stay parallel on PostgreSQL.
  const [counts, collections] = await Promise.all([forTenant(actor, () => organisationCounts(actor)), forTenant(actor, () => scopedCollections(actor, now))]);
  const open = collections.filter((c) => c.status === "Open");
  log.info("dashboard", { area: "administrator", userId: actor.userId, ms: Math.round(performance.now() - started) });
  return { tenantWide: actor.tenantWide, ...counts, openCollections: open.length, completion: overallCompletion(open), collections };
}
