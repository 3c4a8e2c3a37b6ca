import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { acknowledgements, tenants } from "@/db/schema";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { badRequest, fieldError, notFound } from "@/lib/platform/errors";
import type { CreateAcknowledgement, UpdateAcknowledgement } from "./admin-schemas";
import { auditSystem, changedFields, systemWork } from "./change";

/* Acknowledgements: texts a user accepts, for one tenant or (tenantId null) for every tenant. */

const columns = {
  id: acknowledgements.id,
  text: acknowledgements.text,
  dataCollection: acknowledgements.dataCollection,
  tenantId: acknowledgements.tenantId,
  tenantName: tenants.name,
  active: acknowledgements.active,
};

const select = () => db().select(columns).from(acknowledgements).leftJoin(tenants, eq(tenants.id, acknowledgements.tenantId));

async function oneOr404(id: number) {
  const [row] = await select().where(eq(acknowledgements.id, id));
  if (!row) throw notFound("Acknowledgement not found");
  return row;
}

async function tenantExists(tenantId: number | null | undefined) {
  if (!tenantId) return;
  const [row] = await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw fieldError("tenantId", "Tenant not found");
}

export function listAcknowledgements(actor: Actor) {
  return acrossTenants(actor, "system.acknowledgements", "system: list acknowledgements", () => select().orderBy(asc(acknowledgements.id)));
}

export function getAcknowledgement(actor: Actor, id: number) {
  return acrossTenants(actor, "system.acknowledgements", "system: one acknowledgement", () => oneOr404(id));
}

export function createAcknowledgement(actor: Actor, input: CreateAcknowledgement, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.acknowledgements", "system: create an acknowledgement", async () => {
    await tenantExists(input.tenantId);
    const [row] = await db()
      .insert(acknowledgements)
      .values({ ...input, tenantId: input.tenantId ?? null })
      .returning({ id: acknowledgements.id });
    await auditSystem(actor, "create", "acknowledgement", row.id, { fields: changedFields(input), tenantId: input.tenantId ?? null }, origin);
    return oneOr404(row.id);
  });
}

export function updateAcknowledgement(actor: Actor, input: UpdateAcknowledgement, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.acknowledgements", "system: update an acknowledgement", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    await oneOr404(input.id);
    await tenantExists(input.tenantId);
    const { id, ...values } = input;
    await db()
      .update(acknowledgements)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(acknowledgements.id, id));
    await auditSystem(actor, "update", "acknowledgement", id, { fields }, origin);
    return oneOr404(id);
  });
}
