import type { Role } from "@/db/schema";

/** The three role areas of the shell; profile and downloads belong to none. */
export type Area = "teacher" | "administrator" | "system";

export const AREA_ROLE: Record<Area, Role> = {
  teacher: "ROLE_TEACHER",
  administrator: "ROLE_ADMIN",
  system: "ROLE_SYSTEM_ADMIN",
};

/** Header labels of the area links, in the spec's order. */
const AREA_LINKS: { area: Area; label: string }[] = [
  { area: "administrator", label: "Administration" },
  { area: "teacher", label: "Teacher" },
  { area: "system", label: "System Settings" },
];

export function areaOfRole(role: Role | "none"): Area | null {
  return (Object.keys(AREA_ROLE) as Area[]).find((a) => AREA_ROLE[a] === role) ?? null;
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
 * The header's area links: one per area whose role the person holds, except the area they are in.
 * `current` is the page's area, or the active role's area on pages outside the areas.
 */
export function areaLinks(roles: readonly Role[], current: Area | null): AreaLink[] {
  return AREA_LINKS.filter(({ area }) => area !== current && roles.includes(AREA_ROLE[area])).map(({ area, label }) => ({
    area,
    role: AREA_ROLE[area],
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
  return current === "administrator" || (current === null && activeRole === "ROLE_ADMIN") ? ADMIN_SUPPORT_URL : SUPPORT_URL;
}
