import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { OutputStatus } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { requireStudent } from "./access";

/**
 * GET /data-collections-students-outputs?studentId: the student's ISR per collection they are
 * assigned to (over all their enrollments). A collection without a student_outputs row reads
 * 'No ISR' (spec §4); the newest row counts when requests were repeated. Requesting and clearing
 * ISRs belong to the reports worker.
 */
export async function listStudentOutputs(actor: Actor, studentId: number) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireStudent(actor, studentId);
    const found = await rows<{
      id: number | null;
      status: OutputStatus | null;
      data_collection_id: number;
      collection_name: string;
      updated_at: string | Date | null;
    }>(
      db(),
      sql`select o.id, o.output_status as status, c.id as data_collection_id, c.collection_name, o.updated_at
        from data_collections c
        left join lateral (select so.id, so.output_status, so.updated_at from student_outputs so
          where so.tenant_id = ${t} and so.student_id = ${studentId} and so.data_collection_id = c.id order by so.updated_at desc, so.id desc limit 1) o on true
        where c.tenant_id = ${t} and c.deleted_at is null and c.id in (select a.data_collection_id from student_data_collection_assignments a
          join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id where a.tenant_id = ${t} and e.student_id = ${studentId})
        order by c.cycle_start_date desc, c.id desc`,
    );
    return found.map((r) => ({
      id: r.id,
      status: r.status ?? ("No ISR" as const),
      dataCollectionsId: r.data_collection_id,
      collectionName: r.collection_name,
      updatedAt: r.updated_at ? Math.floor(new Date(r.updated_at).getTime() / 1000) : null,
    }));
  });
}
