import type { Role } from "@/db/schema/identity";
import { rolesDisplay } from "@/lib/profile/roles";

/** Where a user's page is (spec §2: opened after a user is created). */
export const userPath = (id: number) => `/administrator/users/${id}/profile/details`;

/** The spec's roles display string: Admin, Teacher, Data Manager, joined by comma. */
export const rolesLabel = (roles: readonly Role[]) => rolesDisplay(roles) || "No role";

export type { OrgType, Role } from "@/db/schema/identity";
