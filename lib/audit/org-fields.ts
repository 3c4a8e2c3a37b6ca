/*
 * Which audit detail fields hold an organisation's id, and of which kind, so the trail can name the
 * organisation (the audit page shows names, not ids). Shared by the trail service and the page's
 * table: no server or zod imports.
 */
export type OrgKind = "region" | "district" | "location";

const FIELD_KINDS: Record<string, OrgKind> = {
  locationId: "location",
  fromLocationId: "location",
  toLocationId: "location",
  parentLocationId: "location",
  originLocationId: "location",
  destinationLocationId: "location",
  districtId: "district",
  regionId: "region",
};

/** A parent id is the district of a location, the region of a district. */
const PARENT_KINDS: Record<string, OrgKind> = { location: "district", district: "region" };

const isKind = (v: unknown): v is OrgKind => v === "region" || v === "district" || v === "location";

/**
 * The kind of organisation a detail field names on a row about `entityType`, or null. A user's
 * organisation link names its organisation by `orgType` and `parentId`.
 */
export function orgKindOf(field: string, entityType: string, orgType?: unknown): OrgKind | null {
  if (field === "parentId") return entityType === "user_organization" ? (isKind(orgType) ? orgType : null) : (PARENT_KINDS[entityType] ?? null);
  return FIELD_KINDS[field] ?? null;
}

/** The key of an organisation in an entry's `organizationNames`. */
export const orgKey = (kind: OrgKind, id: number) => `${kind}:${id}`;

/** Whole positive ids held by a detail value (one id, or a list of ids). */
export function idsIn(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is number => typeof v === "number" && Number.isInteger(v) && v > 0);
}
