import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import { forbidden } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { inDistrictScope, inLocationScope, inRegionScope } from "@/lib/organisations/scope";
import { overallCompletion, toProgress, type CollectionProgress, type ProgressRow } from "./completion";

export interface AdministratorDashboard {
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

/** An administrator's reach is what their administrative links cover (tenant admins: everything). */
const ADMIN = { administrative: true } as const;

/** Scope conditions on aliased columns; a district or region counts when it holds something in scope. */
function scope(actor: Actor) {
  const t = actor.tenantId;
  const location = (col: string): SQL => inLocationScope(actor, sql.raw(col), ADMIN);
  const district = (col: string): SQL =>
    sql`(${inDistrictScope(actor, sql.raw(col), ADMIN)} or ${sql.raw(col)} in (
      select sl.district_id from locations sl where sl.tenant_id = ${t} and ${location("sl.id")}))`;
  const region = (col: string): SQL =>
    sql`(${inRegionScope(actor, sql.raw(col), ADMIN)} or ${sql.raw(col)} in (
      select sd.region_id from districts sd where sd.tenant_id = ${t} and ${district("sd.id")}))`;
  return { location, district, region };
}

async function organisationCounts(actor: Actor) {
  const t = actor.tenantId;
  const s = scope(actor);
  const teacherScope = actor.tenantWide
    ? sql`true`
    : sql`exists (select 1 from user_organizations uo where uo.tenant_id = ${t} and uo.user_id = ur.user_id
        and uo.org_type = 'location' and ${s.location("uo.parent_id")})`;
  const [row] = await rows<Record<"regions" | "districts" | "locations" | "students" | "teachers", number | string>>(
    db(),
    sql`select
      (select count(*) from regions r where r.tenant_id = ${t} and r.active and ${s.region("r.id")}) as regions,
      (select count(*) from districts d where d.tenant_id = ${t} and d.active and ${s.district("d.id")}) as districts,
      (select count(*) from locations l where l.tenant_id = ${t} and l.active and ${s.location("l.id")}) as locations,
      (select count(distinct e.student_id) from student_enrollments e
        where e.tenant_id = ${t} and e.active and ${s.location("e.location_id")}) as students,
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
  const s = scope(actor);
  const at = now.toISOString();
  const result = await rows<ProgressRow>(
    db(),
    sql`with cols as (
      select dc.id from data_collections dc
      where dc.tenant_id = ${t} and dc.deleted_at is null and dc.cycle_end_date >= ${at}::timestamptz
        and (${actor.tenantWide ? sql`true` : sql`false`}
          or exists (select 1 from data_collection_location_assignments la where la.tenant_id = ${t} and la.data_collection_id = dc.id and ${s.location("la.location_id")})
          or exists (select 1 from data_collection_district_assignments da where da.tenant_id = ${t} and da.data_collection_id = dc.id and ${s.district("da.district_id")})
          or exists (select 1 from data_collection_region_assignments ra where ra.tenant_id = ${t} and ra.data_collection_id = dc.id and ${s.region("ra.region_id")}))
    ), assigned as (
      select a.data_collection_id, a.student_enrollment_id
      from student_data_collection_assignments a
      join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active and ${s.location("e.location_id")}
      where a.tenant_id = ${t} and a.data_collection_id in (select id from cols)
    ), students as (
      select data_collection_id, count(*) as n from assigned group by data_collection_id
    ), items as (
      select i.data_collection_id, count(*) as n from data_collection_items i
      where i.tenant_id = ${t} and i.data_collection_id in (select id from cols) group by i.data_collection_id
    ), scored as (
      -- Plain joins from the collections' scores: with statistics the planner hash-joins a tenant's
      -- millions of scores, or probes the scores key for a district's children.
      select sc.data_collection_id, count(*) as n
      from scores sc
      join student_data_collection_assignments a on a.tenant_id = ${t} and a.data_collection_id = sc.data_collection_id and a.student_enrollment_id = sc.student_enrollment_id
      join student_enrollments e on e.tenant_id = ${t} and e.id = sc.student_enrollment_id and e.active and ${s.location("e.location_id")}
      join data_collection_items i on i.tenant_id = ${t} and i.data_collection_id = sc.data_collection_id and i.assessment_item_id = sc.assessment_item_id
      where sc.tenant_id = ${t} and sc.data_collection_id in (select id from cols)
      group by sc.data_collection_id
    )
    select dc.id, dc.collection_name as name, a.name as assessment_name, a.taxonomy, sy.label as school_year,
      dc.cycle_start_date, dc.cycle_end_date, coalesce(st.n, 0) as students, coalesce(it.n, 0) as items, coalesce(sd.n, 0) as scored
    from cols
    join data_collections dc on dc.tenant_id = ${t} and dc.id = cols.id
    join assessments a on a.id = dc.assessment_id
    join school_years sy on sy.id = dc.school_year_id
    left join students st on st.data_collection_id = dc.id
    left join items it on it.data_collection_id = dc.id
    left join scored sd on sd.data_collection_id = dc.id
    order by dc.cycle_start_date, dc.id`,
  );
  return result.map((r) => toProgress(r, now));
}

export async function administratorDashboard(actor: Actor, now = new Date()): Promise<AdministratorDashboard> {
  if (!actor.roles.includes("ROLE_ADMIN")) throw forbidden();
  const started = performance.now();
  const [counts, collections] = await Promise.all([organisationCounts(actor), scopedCollections(actor, now)]);
  const open = collections.filter((c) => c.status === "Open");
  log.info("dashboard", { area: "administrator", userId: actor.userId, ms: Math.round(performance.now() - started) });
  return { tenantWide: actor.tenantWide, ...counts, openCollections: open.length, completion: overallCompletion(open), collections };
}
