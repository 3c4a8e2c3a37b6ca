import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import { log } from "@/lib/platform/logger";
import { familyOf } from "./completion";

export interface TenantSummary {
  id: number;
  name: string;
  slug: string;
  users: number;
  students: number;
  collections: number;
}

export interface AssessmentSummary {
  id: number;
  name: string;
  family: "KRA" | "ELA";
  /** null: offered to every tenant. */
  tenantName: string | null;
  items: number;
}

export interface SchoolYearSummary {
  id: number;
  label: string;
  startDate: string;
  endDate: string;
  collections: number;
  current: boolean;
}

interface SystemDashboard {
  tenants: TenantSummary[];
  assessments: AssessmentSummary[];
  schoolYears: SchoolYearSummary[];
}

type Count = number | string;

/** The platform at a glance for system administrators, who work across every tenant. */
export async function systemDashboard(actor: Actor, now = new Date()): Promise<SystemDashboard> {
  const started = performance.now();
  const today = now.toISOString().slice(0, 10);
  const [tenants, assessments, schoolYears] = await acrossTenants(actor, "area.system", "system dashboard: counts of every tenant", () =>
    Promise.all([
      rows<{ id: number; name: string; slug: string; users: Count; students: Count; collections: Count }>(
        db(),
        sql`select t.id, t.name, t.slug,
        (select count(*) from users u where u.tenant_id = t.id) as users,
        (select count(*) from students s where s.tenant_id = t.id and s.merged_into_student_id is null) as students,
        (select count(*) from data_collections dc where dc.tenant_id = t.id and dc.deleted_at is null) as collections
      from tenants t order by t.name`,
      ),
      rows<{ id: number; name: string; taxonomy: string; tenant_name: string | null; items: Count }>(
        db(),
        sql`select a.id, a.name, a.taxonomy, t.name as tenant_name,
        (select count(*) from assessment_items i where i.assessment_id = a.id) as items
      from assessments a left join tenants t on t.id = a.tenant_id order by a.name, a.id`,
      ),
      rows<{ id: number; label: string; start_date: string; end_date: string; collections: Count }>(
        db(),
        sql`select y.id, y.label, y.start_date::text as start_date, y.end_date::text as end_date,
        (select count(*) from data_collections dc where dc.school_year_id = y.id and dc.deleted_at is null) as collections
      from school_years y order by y.start_date desc`,
      ),
    ]),
  );
  log.info("dashboard", { area: "system", userId: actor.userId, ms: Math.round(performance.now() - started) });
  return {
    tenants: tenants.map((t) => ({ ...t, users: Number(t.users), students: Number(t.students), collections: Number(t.collections) })),
    assessments: assessments.map((a) => ({ id: a.id, name: a.name, family: familyOf(a.taxonomy), tenantName: a.tenant_name, items: Number(a.items) })),
    schoolYears: schoolYears.map((y) => ({
      id: y.id,
      label: y.label,
      startDate: y.start_date,
      endDate: y.end_date,
      collections: Number(y.collections),
      current: y.start_date <= today && today <= y.end_date,
    })),
  };
}
