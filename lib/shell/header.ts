import type { Role } from "@/db/schema";
import { can, type Permission } from "@/lib/auth/permissions";
import { AREAS } from "@/lib/auth/routes";

/** The three role areas of the shell; profile and downloads belong to none. */
export type Area = "teacher" | "administrator" | "system";

function areaEntry(area: Area): { role: Role; permission: Permission } {
  return AREAS.find((a) => a.prefix === `/${area}`)!;
}

/** The permission a page of an area needs. */
export function areaPermission(area: Area): Permission {
  return areaEntry(area).permission;
}

/** Header labels of the area links, in the spec's order. */
const AREA_LINKS: { area: Area; label: string }[] = [
  { area: "administrator", label: "Administration" },
  { area: "teacher", label: "Teacher" },
  { area: "system", label: "System Settings" },
];

export function areaOfRole(role: Role | "none"): Area | null {
  const found = AREAS.find((a) => a.role === role);
  return found ? (found.prefix.slice(1) as Area) : null;
}

export function dashboardPath(area: Area): string {
  return `/${area}/dashboard`;
}

export interface AreaLink {
  area: Area;
  role: Role;
  label: string;
  href: string;
}

/**
 * The header's area links: one per area the person may enter, except the area they are in.
 * `current` is the page's area, or the active role's area on pages outside the areas.
 */
export function areaLinks(roles: readonly Role[], current: Area | null): AreaLink[] {
  return AREA_LINKS.filter(({ area }) => area !== current && can({ roles }, areaPermission(area))).map(({ area, label }) => ({
    area,
    role: areaEntry(area).role,
    label,
    href: dashboardPath(area),
  }));
}

/** The spec's name rule: a name longer than 15 characters shows its first 14 and an ellipsis. */
export function cutName(name: string): string {
  return name.length > 15 ? `${name.slice(0, 14)}…` : name;
}

/** Help centres: administrators get their own guide (the spec's admin variant of Support). */
export const SUPPORT_URL = "https://help.kra-assessment.org/teachers";
export const ADMIN_SUPPORT_URL = "https://help.kra-assessment.org/administrators";

export function supportUrl(activeRole: Role | "none", current: Area | null): string {
  return current === "administrator" || (current === null && areaOfRole(activeRole) === "administrator") ? ADMIN_SUPPORT_URL : SUPPORT_URL;
}
