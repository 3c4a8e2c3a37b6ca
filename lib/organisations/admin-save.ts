import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { districts, locations, regions } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, forbidden, notFound } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";
import type { CreateDistrictInput, CreateLocationInput, CreateRegionInput, UpdateDistrictInput, UpdateLocationInput, UpdateRegionInput } from "./admin-schemas";
import { canChange } from "./can-change";
import { locationColumns, regionColumns } from "./records";
import { ADMINISTRATIVE, districtInReach, locationInReach, regionInReach } from "./reach";

/**
 * Create, edit and soft-delete (active false) regions, districts and locations. Changes need an
 * administrative link: a tenant admin changes the whole tenant, a region admin their region and what
 * lies under it, a district admin their district and its locations, a location admin their location.
 * Anything else answers 404, as if it were not there. A delete also needs the parent's administration (403). Every change writes an audit row in its
 * transaction, with the changed fields' names and values (organisation data is not personal).
 */
type Kind = "region" | "district" | "location";
type Table = typeof regions | typeof districts | typeof locations;

const TABLES = { region: regions, district: districts, location: locations } satisfies Record<Kind, Table>;
const PARENT: Record<Kind, { column: "tenant_id" | "region_id" | "district_id"; name: string }> = {
  region: { column: "tenant_id", name: "state" },
  district: { column: "region_id", name: "region" },
  location: { column: "district_id", name: "district" },
};
const CHILDREN: Partial<Record<Kind, { table: Table; column: string; name: string }>> = {
  region: { table: districts, column: "region_id", name: "districts" },
  district: { table: locations, column: "district_id", name: "locations" },
};

const districtColumns = {
  id: districts.id,
  nameLabel: districts.name,
  parentTenantId: districts.tenantId,
  parentId: districts.regionId,
  uniqueId: districts.uniqueId,
  isCensus: districts.isCensus,
  active: districts.active,
};

function conflictOn(field: string, message: string): AppError {
  return new AppError(409, message, [{ field, message }]);
}

/** A unique id names one organisation of its kind in the tenant, active or not (the database's unique index). */
async function uniqueIdFree(actor: Actor, kind: Kind, uniqueId: string | null | undefined, exceptId?: number) {
  if (!uniqueId) return;
  const table = TABLES[kind];
  const [hit] = await rows<{ id: number }>(
    db(),
    sql`select ${table.id} as id from ${table} where ${table.tenantId} = ${actor.tenantId} and ${table.uniqueId} = ${uniqueId}
      and ${table.id} <> ${exceptId ?? 0} limit 1`,
  );
  if (hit) throw conflictOn("uniqueId", `Unique ID ${uniqueId} is already used by another ${kind}`);
}

/** Two active organisations under one parent do not share a name (any case). */
async function nameFree(actor: Actor, kind: Kind, name: string | undefined, parentId: number, exceptId?: number) {
  if (name === undefined) return;
  const table = TABLES[kind];
  const [hit] = await rows<{ id: number }>(
    db(),
    sql`select ${table.id} as id from ${table} where ${table.tenantId} = ${actor.tenantId} and ${sql.identifier(PARENT[kind].column)} = ${parentId}
      and ${table.active} and lower(${table.name}) = lower(${name}) and ${table.id} <> ${exceptId ?? 0} limit 1`,
  );
  if (hit) throw conflictOn("nameLabel", `A ${kind} named ${name} already exists in this ${PARENT[kind].name}`);
}

/** A region or district keeps its active children: they are deleted first. */
async function childlessBeforeDelete(actor: Actor, kind: Kind, id: number) {
  const children = CHILDREN[kind];
  if (!children) return;
  const [hit] = await rows<{ id: number }>(
    db(),
    sql`select ${children.table.id} as id from ${children.table} where ${children.table.tenantId} = ${actor.tenantId}
      and ${sql.identifier(children.column)} = ${id} and ${children.table.active} limit 1`,
  );
  if (hit) throw conflictOn("active", `This ${kind} still has active ${children.name}; delete them first`);
}

/**
 * Deleting (or restoring) needs the parent's administration: a district admin deletes their
 * district's locations but not the district itself, and only tenant admins delete regions.
 */
async function mayDelete(actor: Actor, kind: Kind, parentId: number) {
  const allowed = kind === "region" ? actor.tenantWide : await canChange(actor, kind === "district" ? "region" : "district", parentId);
  if (!allowed) throw forbidden();
}

/** The database's own refusal of a duplicate unique id (a race past the check) reads the same. */
function mapDuplicate(kind: Kind, uniqueId: string | null | undefined) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, `${kind}s_unique_id_key`)) throw conflictOn("uniqueId", `Unique ID ${uniqueId} is already used by another ${kind}`);
    throw error;
  };
}

/** The fields an edit changes, with before and after values; unchanged and absent fields are left out. */
function changesOf<T extends Record<string, unknown>>(current: T, wanted: Partial<T>) {
  const fields = (Object.keys(wanted) as (keyof T & string)[]).filter((k) => wanted[k] !== undefined && wanted[k] !== current[k]);
  const before = Object.fromEntries(fields.map((k) => [k, current[k]]));
  const after = Object.fromEntries(fields.map((k) => [k, wanted[k]]));
  return { fields, before, after };
}

async function audit(actor: Actor, kind: Kind, id: number, action: "create" | "update" | "delete", details: Record<string, unknown>, origin: AuditOrigin) {
  await writeAudit(actor, [{ action, entityType: kind, entityId: id, details }], origin);
}

/** POST /regions: tenant admins only (a region sits directly under the tenant). */
export async function createRegion(actor: Actor, input: CreateRegionInput, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  if (!actor.tenantWide) throw forbidden();
  return forTenant(actor, async () => {
    await uniqueIdFree(actor, "region", input.uniqueId);
    await nameFree(actor, "region", input.nameLabel, actor.tenantId);
    const values = { name: input.nameLabel, uniqueId: input.uniqueId ?? null };
    const [row] = await db()
      .insert(regions)
      .values({ tenantId: actor.tenantId, ...values })
      .returning(regionColumns)
      .catch(mapDuplicate("region", input.uniqueId));
    await audit(actor, "region", row.id, "create", { after: { nameLabel: row.nameLabel, uniqueId: row.uniqueId } }, origin);
    return row;
  });
}

/** POST /districts: under a region the actor administers. */
export async function createDistrict(actor: Actor, input: CreateDistrictInput, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  return forTenant(actor, async () => {
    const [region] = await db()
      .select({ id: regions.id })
      .from(regions)
      .where(
        and(
          eq(regions.tenantId, actor.tenantId),
          eq(regions.id, input.parentRegionId),
          eq(regions.active, true),
          regionInReach(actor, regions.id, ADMINISTRATIVE),
        ),
      );
    if (!region) throw notFound("Region not found");
    await uniqueIdFree(actor, "district", input.uniqueId);
    await nameFree(actor, "district", input.nameLabel, region.id);
    const [row] = await db()
      .insert(districts)
      .values({ tenantId: actor.tenantId, regionId: region.id, name: input.nameLabel, uniqueId: input.uniqueId ?? null, isCensus: input.isCensus })
      .returning(districtColumns)
      .catch(mapDuplicate("district", input.uniqueId));
    await audit(
      actor,
      "district",
      row.id,
      "create",
      { after: { parentId: row.parentId, nameLabel: row.nameLabel, uniqueId: row.uniqueId, isCensus: row.isCensus } },
      origin,
    );
    return row;
  });
}

/** POST /locations: in a district the actor administers. */
export async function createLocation(actor: Actor, input: CreateLocationInput, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  return forTenant(actor, async () => {
    const [district] = await db()
      .select({ id: districts.id })
      .from(districts)
      .where(
        and(
          eq(districts.tenantId, actor.tenantId),
          eq(districts.id, input.parentDistrictId),
          eq(districts.active, true),
          districtInReach(actor, districts.id, ADMINISTRATIVE),
        ),
      );
    if (!district) throw notFound("District not found");
    await uniqueIdFree(actor, "location", input.uniqueId);
    await nameFree(actor, "location", input.nameLabel, district.id);
    const [row] = await db()
      .insert(locations)
      .values({ tenantId: actor.tenantId, districtId: district.id, name: input.nameLabel, uniqueId: input.uniqueId ?? null })
      .returning(locationColumns)
      .catch(mapDuplicate("location", input.uniqueId));
    await audit(actor, "location", row.id, "create", { after: { parentId: row.parentId, nameLabel: row.nameLabel, uniqueId: row.uniqueId } }, origin);
    return row;
  });
}

/**
 * The shared edit: lock the row within the actor's administrative reach (else 404), check the new
 * name and unique id, refuse to delete a parent with active children, write and audit. Setting
 * active false is the soft delete and is audited as a delete. Nothing changed: no write, no audit.
 */
async function update<R extends { id: number; parentId: number; nameLabel: string; uniqueId: string | null; active: boolean }>(
  actor: Actor,
  kind: Kind,
  input: { id: number; nameLabel?: string; uniqueId?: string | null; active?: boolean; isCensus?: boolean },
  select: () => Promise<R[]>,
  write: (changes: Record<string, unknown>) => Promise<unknown>,
  origin: AuditOrigin,
): Promise<R> {
  authorize(actor, "organisations.manage");
  return forTenant(actor, async () => {
    const [current] = await select();
    if (!current) throw notFound();
    const { id, ...wanted } = input;
    const change = changesOf(current as Record<string, unknown>, wanted);
    if (!change.fields.length) return current;
    if (change.fields.includes("uniqueId")) await uniqueIdFree(actor, kind, wanted.uniqueId, id);
    if (change.fields.includes("nameLabel") || (change.fields.includes("active") && wanted.active)) {
      await nameFree(actor, kind, wanted.nameLabel ?? current.nameLabel, current.parentId, id);
    }
    if (change.fields.includes("active")) await mayDelete(actor, kind, current.parentId);
    if (wanted.active === false && current.active) await childlessBeforeDelete(actor, kind, id);
    await write(change.after).catch(mapDuplicate(kind, wanted.uniqueId));
    const action = change.fields.includes("active") ? (wanted.active ? "update" : "delete") : "update";
    await audit(actor, kind, id, action, change, origin);
    const [after] = await select();
    return after;
  });
}

/** Wire names (nameLabel) to columns (name). */
function columnsOf(changes: Record<string, unknown>) {
  const { nameLabel, ...rest } = changes;
  return { ...rest, ...(nameLabel === undefined ? {} : { name: nameLabel as string }), updatedAt: new Date() };
}

/** PUT /regions: a region the actor administers (tenant admins: any of the tenant). */
export function updateRegion(actor: Actor, input: UpdateRegionInput, origin: AuditOrigin = {}) {
  const where = and(eq(regions.tenantId, actor.tenantId), eq(regions.id, input.id), regionInReach(actor, regions.id, ADMINISTRATIVE));
  return update(
    actor,
    "region",
    input,
    () => db().select(regionColumns).from(regions).where(where).for("update"),
    (changes) => db().update(regions).set(columnsOf(changes)).where(where),
    origin,
  );
}

/** PUT /districts: a district under the actor's administrative region or district links. */
export function updateDistrict(actor: Actor, input: UpdateDistrictInput, origin: AuditOrigin = {}) {
  const where = and(eq(districts.tenantId, actor.tenantId), eq(districts.id, input.id), districtInReach(actor, districts.id, ADMINISTRATIVE));
  return update(
    actor,
    "district",
    input,
    () => db().select(districtColumns).from(districts).where(where).for("update"),
    (changes) => db().update(districts).set(columnsOf(changes)).where(where),
    origin,
  );
}

/** PUT /locations: a location the actor administers; `active: false` deletes it (spec §4). */
export function updateLocation(actor: Actor, input: UpdateLocationInput, origin: AuditOrigin = {}) {
  const where = and(eq(locations.tenantId, actor.tenantId), eq(locations.id, input.id), locationInReach(actor, locations.id, ADMINISTRATIVE));
  return update(
    actor,
    "location",
    input,
    () => db().select(locationColumns).from(locations).where(where).for("update"),
    (changes) => db().update(locations).set(columnsOf(changes)).where(where),
    origin,
  );
}
