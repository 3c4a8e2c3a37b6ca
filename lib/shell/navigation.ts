import type { Area } from "./header";

export type NavIcon = "dashboard" | "assessments" | "acknowledgements" | "tenants" | "users" | "calendar";

export interface NavItem {
  label: string;
  href: string;
  icon: NavIcon;
}

/**
 * The sidebar of each area: only pages that exist (a unit test checks every href against app/).
 * A page adds its entry when it lands.
 */
export const NAVIGATION: Record<Area, NavItem[]> = {
  teacher: [
    { label: "Dashboard", href: "/teacher/dashboard", icon: "dashboard" },
    { label: "Assessments", href: "/teacher/collections", icon: "assessments" },
    { label: "Announcements", href: "/teacher/announcements", icon: "calendar" },
  ],
  administrator: [
    { label: "Dashboard", href: "/administrator/dashboard", icon: "dashboard" },
    { label: "Collections", href: "/administrator/collections", icon: "assessments" },
    { label: "Organisations", href: "/administrator/organizations", icon: "tenants" },
    { label: "Reports", href: "/administrator/reports", icon: "assessments" },
    { label: "Students", href: "/administrator/students", icon: "users" },
    { label: "Bulk loads", href: "/administrator/bulk-loads", icon: "users" },
    { label: "OneRoster", href: "/administrator/oneroster", icon: "users" },
    { label: "Users", href: "/administrator/users", icon: "users" },
    { label: "Announcements", href: "/administrator/announcements", icon: "calendar" },
    { label: "Data displays", href: "/administrator/displays", icon: "assessments" },
    { label: "Transfers", href: "/administrator/transfers", icon: "users" },
    { label: "Audit trail", href: "/administrator/audit", icon: "acknowledgements" },
  ],
  system: [
    { label: "Dashboard", href: "/system/dashboard", icon: "dashboard" },
    { label: "Assessments", href: "/system/assessments", icon: "assessments" },
    { label: "Acknowledgements", href: "/system/acknowledgements", icon: "acknowledgements" },
    { label: "Tenants", href: "/system/tenants", icon: "tenants" },
    { label: "Tenant admins", href: "/system/tenant-admins", icon: "users" },
    { label: "School years", href: "/system/school-years", icon: "calendar" },
  ],
};

export const AREA_TITLES: Record<Area, string> = {
  teacher: "Teacher",
  administrator: "Administration",
  system: "System Settings",
};
