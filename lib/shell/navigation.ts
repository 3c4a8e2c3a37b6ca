import type { Area } from "./header";

export type NavIcon = "dashboard" | "assessments" | "acknowledgements" | "tenants" | "users" | "calendar";

export interface NavItem {
  label: string;
  href: string;
  icon: NavIcon;
}

/**
 * The sidebar of each area. Pages of an area add their entry here; the spec names the system
 * sub-routes, the others arrive with their screens.
 */
export const NAVIGATION: Record<Area, NavItem[]> = {
  teacher: [{ label: "Dashboard", href: "/teacher/dashboard", icon: "dashboard" }],
  administrator: [{ label: "Dashboard", href: "/administrator/dashboard", icon: "dashboard" }],
  system: [
    { label: "Dashboard", href: "/system/dashboard", icon: "dashboard" },
    { label: "Assessments", href: "/system/assessments", icon: "assessments" },
    { label: "Acknowledgements", href: "/system/acknowledgements", icon: "acknowledgements" },
    { label: "Tenants", href: "/system/tenants", icon: "tenants" },
    { label: "Tenant admins", href: "/system/tenant-admins", icon: "users" },
  ],
};

export const AREA_TITLES: Record<Area, string> = {
  teacher: "Teacher",
  administrator: "Administration",
  system: "System Settings",
};
