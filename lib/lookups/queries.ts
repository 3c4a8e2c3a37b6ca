import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { raceCodes, tenantFields } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import type { TenantFieldsQuery } from "./schemas";

/** The global race codes; a student's race is the sum of the chosen codes' values. */
export async function listRaceCodes(actor: Actor) {
  return forTenant(actor, () =>
    db()
      .select({ id: raceCodes.id, code: raceCodes.code, label: raceCodes.label, value: raceCodes.bitValue })
      .from(raceCodes)
      .orderBy(asc(raceCodes.sortOrder), asc(raceCodes.bitValue)),
  );
}

/** The tenant's field definitions (custom input/option slots of an entity, and the like). */
export async function listTenantFields(actor: Actor, query: TenantFieldsQuery) {
  return forTenant(actor, () =>
    db()
      .select({
        id: tenantFields.id,
        tenantId: tenantFields.tenantId,
        entity: tenantFields.entity,
        entityField: tenantFields.entityField,
        tenantFieldType: tenantFields.tenantFieldType,
        label: tenantFields.label,
        dataType: tenantFields.dataType,
        options: tenantFields.options,
        required: tenantFields.required,
        mustBeUnique: tenantFields.mustBeUnique,
        sortOrder: tenantFields.sortOrder,
      })
      .from(tenantFields)
      .where(
        and(
          eq(tenantFields.tenantId, actor.tenantId),
          query.entity ? eq(tenantFields.entity, query.entity) : undefined,
          query.entityField ? eq(tenantFields.entityField, query.entityField) : undefined,
          query.tenantFieldType ? eq(tenantFields.tenantFieldType, query.tenantFieldType) : undefined,
        ),
      )
      .orderBy(asc(tenantFields.entity), asc(tenantFields.sortOrder), asc(tenantFields.entityField)),
  );
}
