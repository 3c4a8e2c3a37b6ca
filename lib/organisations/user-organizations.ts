import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { districts, locations, regions, userOrganizations, users, type OrgType } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forbidden, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { orgInReach } from "./reach";

interface UserOrganization {
  id: number;
  userId: number;
  orgType: OrgType;
  parentId: number;
  administrative: boolean;
  memberUniqueId: string | null;
  nameLabel: string | null;
  uniqueId: string | null;
  /** For a location: its district, because the picker labels a location "location, district". */
  districtId: number | null;
  districtName: string | null;
  label: string | null;
}

const locationDistrict = alias(districts, "location_district");

/**
 * A user's links to regions, districts and locations (admin: only the administrative ones).
 * Users read their own links; admins read those of users they reach, and see only the links inside
 * their own reach: not the path above it (a location admin does not read a district admin's district
 * or region link). A user with no link in reach, or of another tenant, answers 404.
 */
export function listUserOrganizations(actor: Actor, userId: number, options: { admin?: boolean; orgType?: OrgType } = {}): Promise<UserOrganization[]> {
  return forTenant(actor, () => userOrganizationsInReach(actor, userId, options));
}

async function userOrganizationsInReach(actor: Actor, userId: number, options: { admin?: boolean; orgType?: OrgType }): Promise<UserOrganization[]> {
  const self = actor.userId === userId;
  if (!self && !can(actor, "users.read")) throw forbidden();
  const [user] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, actor.tenantId)))
    .limit(1);
  if (!user) throw notFound();

  const t = userOrganizations;
  const inReach = orgInReach(actor, t.orgType, t.parentId);
  const rows = await db()
    .select({
      id: t.id,
      userId: t.userId,
      orgType: t.orgType,
      parentId: t.parentId,
      administrative: t.administrative,
      memberUniqueId: t.memberUniqueId,
      regionName: regions.name,
      regionUniqueId: regions.uniqueId,
      districtName: districts.name,
      districtUniqueId: districts.uniqueId,
      locationName: locations.name,
      locationUniqueId: locations.uniqueId,
      locationDistrictId: locationDistrict.id,
      locationDistrictName: locationDistrict.name,
    })
    .from(t)
    .leftJoin(regions, and(eq(t.orgType, "region"), eq(regions.id, t.parentId), eq(regions.tenantId, t.tenantId)))
    .leftJoin(districts, and(eq(t.orgType, "district"), eq(districts.id, t.parentId), eq(districts.tenantId, t.tenantId)))
    .leftJoin(locations, and(eq(t.orgType, "location"), eq(locations.id, t.parentId), eq(locations.tenantId, t.tenantId)))
    .leftJoin(locationDistrict, eq(locationDistrict.id, locations.districtId))
    .where(
      and(
        eq(t.tenantId, actor.tenantId),
        eq(t.userId, userId),
        options.admin ? eq(t.administrative, true) : undefined,
        options.orgType ? eq(t.orgType, options.orgType) : undefined,
        self ? undefined : inReach,
      ),
    )
    .orderBy(asc(t.orgType), asc(t.parentId));
  if (!self && !actor.tenantWide && rows.length === 0) {
    // A user with no link in the admin's reach is not theirs to see.
    const [anyLink] = await db()
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.tenantId, actor.tenantId), eq(t.userId, userId), inReach))
      .limit(1);
    if (!anyLink) throw notFound();
  }
  return rows.map((r) => {
    const nameLabel = r.regionName ?? r.districtName ?? r.locationName;
    return {
      id: r.id,
      userId: r.userId,
      orgType: r.orgType,
      parentId: r.parentId,
      administrative: r.administrative,
      memberUniqueId: r.memberUniqueId,
      nameLabel,
      uniqueId: r.regionUniqueId ?? r.districtUniqueId ?? r.locationUniqueId,
      districtId: r.locationDistrictId,
      districtName: r.locationDistrictName,
      label: r.locationName && r.locationDistrictName ? `${r.locationName}, ${r.locationDistrictName}` : nameLabel,
    };
  });
}
