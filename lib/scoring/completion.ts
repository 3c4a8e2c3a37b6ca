import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import { completionPercent } from "@/lib/dashboards/completion";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import type { CompletedSummary, HierarchyTally, SetStudents, SetTally, StudentTally } from "./completion-schemas";
import { requireTeacherCollection, rosterArray, rosterIds } from "./roster";

/**
 * The completion views of the teacher's class (platform.md §2: sets totals, items, students,
 * hierarchy, result by items). A class is ~21 children × ~50 items: these read its grades
 * directly (index range on the scores key); per-child totals come from the stored results.
 */

type Count = number | string;
const tally = (scored: Count, expected: Count) => ({
  scored: Number(scored),
  expected: Number(expected),
  percent: completionPercent(Number(scored), Number(expected)),
});

function read<T>(actor: Actor, collectionId: number, query: (t: number) => ReturnType<typeof sql>): Promise<T[]> {
  authorize(actor, "collections.teacherRead");
  return forTenant(actor, async () => {
    await requireTeacherCollection(actor, collectionId);
    return rows<T>(db(), query(actor.tenantId));
  });
}

/** The class's grades on the collection's items, with each item's set membership and domain. */
function classGrades(actor: Actor, collectionId: number, t: number) {
  return sql`select s.student_enrollment_id, s.assessment_item_id from scores s
    join data_collection_items ci on ci.tenant_id = ${t} and ci.data_collection_id = s.data_collection_id and ci.assessment_item_id = s.assessment_item_id
    where s.tenant_id = ${t} and s.data_collection_id = ${collectionId} and s.student_enrollment_id = any(${rosterArray(actor, collectionId)})`;
}

/** GET /data-collections/{id}/completed: the class's totals and the result by items. */
export async function classCompletion(actor: Actor, collectionId: number): Promise<CompletedSummary> {
  type Row = { id: number; code: string; label: string; students: Count; scored: Count; completed_students: Count };
  const found = await read<Row>(
    actor,
    collectionId,
    (t) => sql`with kids as ${rosterIds(actor, collectionId)}, g as (${classGrades(actor, collectionId, t)})
    select ai.id, ai.code, ai.label, (select count(*) from kids) as students,
      (select count(*) from g where g.assessment_item_id = ai.id) as scored,
      (select count(*) from student_results r where r.tenant_id = ${t} and r.data_collection_id = ${collectionId}
        and r.progress = 100 and r.student_enrollment_id in (select * from kids)) as completed_students
    from data_collection_items ci join assessment_items ai on ai.id = ci.assessment_item_id
    where ci.tenant_id = ${t} and ci.data_collection_id = ${collectionId}
    order by ci.sort_order, ai.id`,
  );
  const students = Number(found[0]?.students ?? 0);
  const scored = found.reduce((sum, r) => sum + Number(r.scored), 0);
  return {
    students,
    completedStudents: Number(found[0]?.completed_students ?? 0),
    items: found.length,
    ...tally(scored, students * found.length),
    byItem: found.map((r) => ({ assessmentItemsId: r.id, code: r.code, label: r.label, ...tally(r.scored, students) })),
  };
}

/** GET /data-collections/{id}/completed/students: each child's scored items, from the stored results. */
export async function studentCompletion(actor: Actor, collectionId: number): Promise<StudentTally[]> {
  type Row = { eid: number; first_name: string; last_name: string; scored: Count; total: Count };
  const found = await read<Row>(
    actor,
    collectionId,
    (t) => sql`select e.id as eid, st.first_name, st.last_name,
      coalesce(r.scored_items, 0) as scored,
      (select count(*) from data_collection_items ci where ci.tenant_id = ${t} and ci.data_collection_id = ${collectionId}) as total
    from student_enrollments e
    join students st on st.tenant_id = ${t} and st.id = e.student_id
    left join student_results r on r.tenant_id = ${t} and r.data_collection_id = ${collectionId} and r.student_enrollment_id = e.id
    where e.tenant_id = ${t} and e.id = any(${rosterArray(actor, collectionId)})
    order by st.last_name, st.first_name, e.id`,
  );
  return found.map((r) => ({ studentEnrollmentId: r.eid, firstName: r.first_name, lastName: r.last_name, ...tally(r.scored, r.total) }));
}

type SetRow = { id: number; label: string; priority: number; items: Count; students: Count; scored: Count };

function setRows(actor: Actor, collectionId: number) {
  return read<SetRow>(
    actor,
    collectionId,
    (t) => sql`with g as (${classGrades(actor, collectionId, t)})
    select ds.id, ds.label, ds.priority,
      (select count(*) from data_collection_set_items si where si.tenant_id = ${t} and si.set_id = ds.id) as items,
      (select count(*) from ${rosterIds(actor, collectionId)} k) as students,
      (select count(*) from g join data_collection_set_items si on si.tenant_id = ${t} and si.set_id = ds.id and si.assessment_item_id = g.assessment_item_id) as scored
    from data_collection_sets ds
    where ds.tenant_id = ${t} and ds.data_collection_id = ${collectionId}
    order by ds.priority, ds.id`,
  );
}

/** GET /data-collections/{id}/completed/sets: each item set's grades over its items × the class. */
export async function setCompletion(actor: Actor, collectionId: number): Promise<SetTally[]> {
  const found = await setRows(actor, collectionId);
  return found.map((r) => ({
    id: r.id,
    label: r.label,
    priority: r.priority,
    items: Number(r.items),
    ...tally(r.scored, Number(r.items) * Number(r.students)),
  }));
}

/** GET /data-collections/{id}/completed/sets/students: each set's completion per child. */
export async function setStudentCompletion(actor: Actor, collectionId: number): Promise<SetStudents[]> {
  const sets = await setCompletion(actor, collectionId);
  type Row = { set_id: number; eid: number; first_name: string; last_name: string; scored: Count };
  const found = await read<Row>(
    actor,
    collectionId,
    (t) => sql`with g as (${classGrades(actor, collectionId, t)})
    select ds.id as set_id, e.id as eid, st.first_name, st.last_name,
      (select count(*) from g join data_collection_set_items si on si.tenant_id = ${t} and si.set_id = ds.id and si.assessment_item_id = g.assessment_item_id
        where g.student_enrollment_id = e.id) as scored
    from data_collection_sets ds
    cross join student_enrollments e
    join students st on st.tenant_id = ${t} and st.id = e.student_id
    where ds.tenant_id = ${t} and ds.data_collection_id = ${collectionId} and e.tenant_id = ${t} and e.id = any(${rosterArray(actor, collectionId)})
    order by ds.priority, ds.id, st.last_name, st.first_name, e.id`,
  );
  return sets.map((set) => ({
    ...set,
    students: found
      .filter((r) => r.set_id === set.id)
      .map((r) => ({ studentEnrollmentId: r.eid, firstName: r.first_name, lastName: r.last_name, ...tally(r.scored, set.items) })),
  }));
}

/** GET /data-collections/{id}/completed/hierarchy: each domain's grades over its items × the class. */
export async function hierarchyCompletion(actor: Actor, collectionId: number): Promise<HierarchyTally[]> {
  type Row = { id: number; code: string; label: string; items: Count; students: Count; scored: Count };
  const found = await read<Row>(
    actor,
    collectionId,
    (t) => sql`with g as (${classGrades(actor, collectionId, t)}),
    items as (
      select ci.assessment_item_id, coalesce(root.id, h.id) as domain_id
      from data_collection_items ci join assessment_items ai on ai.id = ci.assessment_item_id
      join assessment_hierarchy_items h on h.id = coalesce(ci.hierarchy_item_id, ai.hierarchy_item_id)
      left join assessment_hierarchy_items root on root.id = h.parent_id
      where ci.tenant_id = ${t} and ci.data_collection_id = ${collectionId}
    )
    select d.id, d.code, d.label, count(*) as items,
      (select count(*) from ${rosterIds(actor, collectionId)} k) as students,
      (select count(*) from g join items i2 on i2.assessment_item_id = g.assessment_item_id where i2.domain_id = d.id) as scored
    from items i join assessment_hierarchy_items d on d.id = i.domain_id
    group by d.id, d.code, d.label, d.sort_order
    order by d.sort_order, d.id`,
  );
  return found.map((r) => ({ id: r.id, code: r.code, label: r.label, items: Number(r.items), ...tally(r.scored, Number(r.items) * Number(r.students)) }));
}
