import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { log } from "@/lib/platform/logger";
import { forTenant } from "@/lib/platform/tenancy";
import { overallCompletion, toProgress, type CollectionProgress, type ProgressRow } from "./completion";

interface AnnouncementSummary {
  id: number;
  title: string;
  text: string;
  startDate: string;
  endDate: string;
}

interface TeacherDashboard {
  rosteredStudents: number;
  openCollections: number;
  /** Completion over the open collections. */
  completion: number;
  collections: CollectionProgress[];
  announcements: AnnouncementSummary[];
}

/**
 * The teacher's collections: those where one of the teacher's rostered, active enrollments is
 * assigned. Completion = scored items / (assigned students × collection items), counting only the
 * teacher's own students and only scores of the collection's items.
 */
async function teacherCollections(actor: Actor, now: Date): Promise<CollectionProgress[]> {
  const t = actor.tenantId;
  const result = await rows<ProgressRow>(
    db(),
    sql`with mine as (
      select distinct a.data_collection_id, a.student_enrollment_id
      from student_data_collection_assignments a
      join enrollment_associations ea on ea.tenant_id = ${t} and ea.student_enrollment_id = a.student_enrollment_id and ea.user_id = ${actor.userId}
      join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
      where a.tenant_id = ${t}
    ), students as (
      select data_collection_id, count(*) as n from mine group by data_collection_id
    ), items as (
      select i.data_collection_id, count(*) as n from data_collection_items i
      where i.tenant_id = ${t} and i.data_collection_id in (select data_collection_id from students)
      group by i.data_collection_id
    ), scored as (
      -- One index range per (collection, child) on the scores key: a teacher has a class, not a state,
      -- and this plan holds even before the tables have statistics (the embedded database never auto-analyzes).
      select m.data_collection_id, sum(x.n) as n
      from mine m
      cross join lateral (
        select count(*) as n from scores s
        where s.tenant_id = ${t} and s.data_collection_id = m.data_collection_id and s.student_enrollment_id = m.student_enrollment_id
          and exists (select 1 from data_collection_items i
            where i.tenant_id = ${t} and i.data_collection_id = s.data_collection_id and i.assessment_item_id = s.assessment_item_id)
      ) x
      group by m.data_collection_id
    )
    select dc.id, dc.collection_name as name, a.name as assessment_name, a.taxonomy, sy.label as school_year,
      dc.cycle_start_date, dc.cycle_end_date, st.n as students, coalesce(it.n, 0) as items, coalesce(sc.n, 0) as scored
    from students st
    join data_collections dc on dc.tenant_id = ${t} and dc.id = st.data_collection_id and dc.deleted_at is null
    join assessments a on a.id = dc.assessment_id
    join school_years sy on sy.id = dc.school_year_id
    left join items it on it.data_collection_id = dc.id
    left join scored sc on sc.data_collection_id = dc.id
    order by dc.cycle_start_date desc, dc.id desc`,
  );
  return result.map((r) => toProgress(r, now));
}

async function rosteredStudentCount(actor: Actor): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db(),
    sql`select count(distinct e.student_id) as n
      from enrollment_associations ea
      join student_enrollments e on e.tenant_id = ${actor.tenantId} and e.id = ea.student_enrollment_id and e.active
      where ea.tenant_id = ${actor.tenantId} and ea.user_id = ${actor.userId}`,
  );
  return Number(row?.n ?? 0);
}

/** The tenant's announcements running now, newest first. */
export async function currentAnnouncements(actor: Actor, now: Date, limit = 3): Promise<AnnouncementSummary[]> {
  const result = await forTenant(actor, () =>
    rows<{ id: number; title: string; text: string; start_date: Date | string; end_date: Date | string }>(
      db(),
      sql`select id, title, text, start_date, end_date from announcements
        where tenant_id = ${actor.tenantId} and start_date <= ${now.toISOString()}::timestamptz and end_date >= ${now.toISOString()}::timestamptz
        order by start_date desc, id desc limit ${limit}`,
    ),
  );
  return result.map((r) => ({
    id: r.id,
    title: r.title,
    text: r.text,
    startDate: new Date(r.start_date).toISOString(),
    endDate: new Date(r.end_date).toISOString(),
  }));
}

export async function teacherDashboard(actor: Actor, now = new Date()): Promise<TeacherDashboard> {
  authorize(actor, "area.teacher");
  const started = performance.now();
  // One tenant-bound transaction: a class's three small reads, one after another on its connection.
  const [collections, rosteredStudents, announcements] = await forTenant(actor, () =>
    Promise.all([teacherCollections(actor, now), rosteredStudentCount(actor), currentAnnouncements(actor, now)]),
  );
  const open = collections.filter((c) => c.status === "Open");
  log.info("dashboard", { area: "teacher", userId: actor.userId, ms: Math.round(performance.now() - started) });
  return { rosteredStudents, openCollections: open.length, completion: overallCompletion(open), collections, announcements };
}
