import type { Role } from "@/db/schema/identity";

/** Where a user's page is (spec §2: opened after a user is created). */
export const userPath = (id: number) => `/administrator/users/${id}/profile/details`;

const ROLE_LABELS: Record<Role, string> = {
  ROLE_ADMIN: "Admin",
  ROLE_TEACHER: "Teacher",
  ROLE_DATA_MANAGER: "Data Manager",
  ROLE_TENANT_ADMIN: "Tenant Admin",
  ROLE_SYSTEM_ADMIN: "System Admin",
  ROLE_TRAINER: "Trainer",
  ROLE_HELPDESK: "Helpdesk",
  ROLE_HELPDESK_ADMIN: "Helpdesk Admin",
};

/** The spec's roles display string: Admin, Teacher, Data Manager, joined by comma. */
export const rolesLabel = (roles: readonly Role[]) => roles.map((r) => ROLE_LABELS[r]).join(", ") || "No role";

/** The error text of a failed call: the answer's message, else the spec's fallback. */
export async function errorText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? "Something went wrong";
}

export type { OrgType, Role } from "@/db/schema/identity";
