import "server-only";
import { db } from "@/db/client";
import { schoolYears } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { conflict } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { forTenant } from "@/lib/platform/tenancy";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { unixToDate } from "@/lib/platform/unix-time";
import { schoolYearWire } from "./queries";
import { createSchoolYearBody, type CreateSchoolYear } from "./schemas";

/**
 * A school year is global (every tenant's calendar); only system admins create one. The table has
 * no tenant and no row-level security, so the actor's own binding may write it: nothing of another
 * tenant is read, and acrossTenants (the owner) is not needed. The insert runs in a savepoint so
 * that a duplicate label is answered with 409 whatever transaction the caller is in.
 */
export async function createSchoolYear(actor: Actor, input: CreateSchoolYear) {
  authorize(actor, "system.schoolYears");
  const body = createSchoolYearBody.parse(input);
  const startDate = unixToDate(body.startDate);
  const endDate = unixToDate(body.endDate);
  const label = body.label ?? `${startDate.slice(0, 4)}-${endDate.slice(0, 4)}`;
  try {
    const [row] = await forTenant(actor, () => db().transaction((tx) => tx.insert(schoolYears).values({ label, startDate, endDate }).returning()));
    log.info("school year created", { userId: actor.userId, schoolYearId: row.id });
    return { ...schoolYearWire(row), dataCollections: [] };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A school year with this label already exists");
    throw error;
  }
}
