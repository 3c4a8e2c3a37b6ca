import type { Role } from "@/db/schema/identity";

const LABELS: Record<Role, string> = {
  ROLE_SYSTEM_ADMIN: "System Admin",
  ROLE_TENANT_ADMIN: "Tenant Admin",
  ROLE_ADMIN: "Admin",
  ROLE_TEACHER: "Teacher",
  ROLE_DATA_MANAGER: "Data Manager",
  ROLE_TRAINER: "Trainer",
  ROLE_HELPDESK: "Helpdesk",
  ROLE_HELPDESK_ADMIN: "Helpdesk Admin",
};

/** The spec's roles display string: "Admin, Teacher, Data Manager". */
export function rolesDisplay(roles: readonly Role[]): string {
  return roles.map((r) => LABELS[r]).join(", ");
}
