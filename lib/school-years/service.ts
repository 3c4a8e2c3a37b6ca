import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { schoolYears } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { badRequest, conflict, fieldError, notFound } from "@/lib/platform/errors";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { log } from "@/lib/platform/logger";
import { forTenant } from "@/lib/platform/tenancy";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { unixToDate } from "@/lib/platform/unix-time";
import { schoolYearWire } from "./queries";
import { createSchoolYearBody, updateSchoolYearBody, type CreateSchoolYear, type UpdateSchoolYear } from "./schemas";

/**
 * A school year is global (every tenant's calendar); only system admins create one. The table has
 * no tenant and no row-level security, so the actor's own binding may write it: nothing of another
 * tenant is read, and acrossTenants (the owner) is not needed. The insert runs in a savepoint so
 * that a duplicate label is answered with 409 whatever transaction the caller is in.
 */
export async function createSchoolYear(actor: Actor, input: CreateSchoolYear, origin: AuditOrigin = {}) {
  authorize(actor, "system.schoolYears");
  const body = createSchoolYearBody.parse(input);
  const startDate = unixToDate(body.startDate);
  const endDate = unixToDate(body.endDate);
  const label = body.label ?? `${startDate.slice(0, 4)}-${endDate.slice(0, 4)}`;
  try {
    const [row] = await forTenant(actor, () =>
      db().transaction(async (tx) => {
        const rows = await tx.insert(schoolYears).values({ label, startDate, endDate }).returning();
        await writeAudit(actor, [{ action: "create", entityType: "school_year", entityId: rows[0].id, details: { label, startDate, endDate } }], origin);
        return rows;
      }),
    );
    log.info("school year created", { userId: actor.userId, schoolYearId: row.id });
    return { ...schoolYearWire(row), dataCollections: [] };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A school year with this label already exists");
    throw error;
  }
}

/** PUT /school-years: label and dates of a year; the end stays after the start. */
export async function updateSchoolYear(actor: Actor, input: UpdateSchoolYear, origin: AuditOrigin = {}) {
  authorize(actor, "system.schoolYears");
  const body = updateSchoolYearBody.parse(input);
  const { id, label } = body;
  if (label == null && body.startDate === undefined && body.endDate === undefined) throw badRequest("Name at least one field to change");
  try {
    const row = await forTenant(actor, () =>
      db().transaction(async (tx) => {
        const [current] = await tx.select().from(schoolYears).where(eq(schoolYears.id, id)).for("update");
        if (!current) throw notFound("School year not found");
        const startDate = body.startDate === undefined ? current.startDate : unixToDate(body.startDate);
        const endDate = body.endDate === undefined ? current.endDate : unixToDate(body.endDate);
        if (endDate <= startDate) throw fieldError("endDate", "End date must be after the start date");
        const [updated] = await tx
          .update(schoolYears)
          .set({ label: label ?? current.label, startDate, endDate, updatedAt: new Date() })
          .where(eq(schoolYears.id, id))
          .returning();
        await writeAudit(actor, [{ action: "update", entityType: "school_year", entityId: id, details: { label: updated.label, startDate, endDate } }], origin);
        return updated;
      }),
    );
    return schoolYearWire(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A school year with this label already exists");
    throw error;
  }
}
