import type { Role } from "@/db/schema/identity";
import { forbidden } from "@/lib/platform/errors";

/**
 * The one role-to-permission table. The API wrapper, services, pages and proxy.ts ask
 * `can`/`authorize`; nothing else looks at role names. A later feature adds its permission here.
 *
 * System administrators: every permission below acts within the actor's own (home) tenant, as for
 * everyone else. Work across tenants (tenants, school years, assessments, downloads) is named by a
 * `system.*` permission and its service states that it reads across tenants.
 */
const TABLE = {
  /** The three areas of the shell (their pages and dashboards). */
  "area.teacher": ["ROLE_TEACHER"],
  "area.administrator": ["ROLE_ADMIN"],
  "area.system": ["ROLE_SYSTEM_ADMIN"],
  /** Reach the whole tenant rather than only what lies under one's organisation links. */
  "scope.tenant": ["ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
  /** Sign in through any tenant's host name (system staff serve every state). */
  "signIn.anyHost": ["ROLE_SYSTEM_ADMIN"],
  "users.read": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN", "ROLE_HELPDESK", "ROLE_HELPDESK_ADMIN"],
  "users.invite": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
  "users.impersonate": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
  /** Create and edit accounts, activate and deactivate, link to organisations, promote and demote, within one's administrative reach. */
  "users.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
  "uploads.bulkLoad": ["ROLE_ADMIN", "ROLE_DATA_MANAGER", "ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
  /** Load students and enrollments from a file (bulk loads) into locations within one's administrative reach; list and download one's loads. */
  "bulkLoads.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Upload a OneRoster 1.2 CSV bundle, read its dry run and apply it: a district's administrator for their district, a tenant admin for the state (lib/oneroster). */
  "oneroster.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  "uploads.oneroster": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** The teacher view of collections (GET /data-collections?role=teacher): those of their locations. */
  "collections.teacherRead": ["ROLE_TEACHER"],
  /** Score, comment, attach evidence, record supports and groups for one's rostered students. */
  "scores.teacherWrite": ["ROLE_TEACHER"],
  /** Read a collection's scoring side (groups, completion) within one's organisation scope. */
  "collections.adminRead": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /**
   * Collections administration: read the collections within one's reach and assign them (and field
   * tests) to organisations one administers. Building a collection (dates, sets, supports, scoring)
   * is for tenant admins: the services check tenant-wide reach.
   */
  "collections.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** List, create and edit students within one's administrative reach (tenant admins: the tenant). */
  "students.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Create, edit and soft-delete regions, districts and locations within one's administrative reach. */
  "organisations.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Request, approve and decline student transfers and merge duplicate students, within one's reach. */
  "transfers.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Read the audit trail of the students, users and organisations within one's reach. */
  "audit.read": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Create, edit and delete the tenant's announcements (tenant-wide messages with start and end dates). */
  "announcements.manage": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Read the tenant's announcements: teachers the active ones, managers every one. */
  "announcements.read": ["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Data displays of one's rostered class (GET /data-displays/teacher/...). */
  "displays.teacher": ["ROLE_TEACHER"],
  /** Data displays of one's reach, state down to class (the separate admin endpoint). */
  "displays.admin": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Save one's own data-display filters on a collection one may display. */
  "displays.filters": ["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  "uploads.evidence": ["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  "uploads.tenantResource": ["ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
  /** Download the tenant's info sheet (a tenant resource; publishing it is uploads.tenantResource). */
  "infoSheet.read": ["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
  "uploads.itemResource": ["ROLE_SYSTEM_ADMIN"],
  "uploads.assessmentImport": ["ROLE_SYSTEM_ADMIN"],
  "system.downloads": ["ROLE_SYSTEM_ADMIN"],
  "system.schoolYears": ["ROLE_SYSTEM_ADMIN"],
  /** Assessments (shared and tenant-owned) with their hierarchy, scales, items, entries and resources; import, export. */
  "system.assessments": ["ROLE_SYSTEM_ADMIN"],
  "system.acknowledgements": ["ROLE_SYSTEM_ADMIN"],
  /** Tenants and their tenant admins. */
  "system.tenants": ["ROLE_SYSTEM_ADMIN"],
  /** Tenant integrations and their licenses. */
  "system.integrations": ["ROLE_SYSTEM_ADMIN"],
  "system.mailCheck": ["ROLE_SYSTEM_ADMIN"],
  /** Request the administration reports (§9) over one's reach, and download one's own. */
  "reports.admin": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Download a collection's results as Ed-Fi resources (JSON Lines) over one's reach: a district's, or the state's for tenant admins. */
  "results.edfiExport": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Set up an Ed-Fi ODS/API connection (the state's: tenant admins; a district's: its administrators) and send a collection's results through it. */
  "results.edfiSend": ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** The state's Ed-Fi settings (namespace, grade level, subjects per domain): tenant admins. */
  "results.edfiSettings": ["ROLE_TENANT_ADMIN"],
  /**
   * A child's results across collections and school years (issue 24): administrators for a child within
   * their reach (students.manage), teachers for a child on their roster; the service picks by role.
   */
  "results.childHistory": ["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_TENANT_ADMIN"],
  /** Request the teacher reports (platform §7) over one's own class, and download one's own. */
  "reports.teacher": ["ROLE_TEACHER"],
  /** The tenant's job counts and waiting jobs (administration §7 'Job counts'). */
  "jobs.read": ["ROLE_TENANT_ADMIN", "ROLE_SYSTEM_ADMIN"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof TABLE;

/**
 * Roles an administrator grants directly (users.manage), and the one an administrative organisation
 * link carries: ROLE_ADMIN comes with the first such link (promote) and goes with the last (demote).
 */
export const GRANTABLE_ROLES = ["ROLE_TEACHER", "ROLE_DATA_MANAGER"] as const satisfies readonly Role[];
export const LINK_ADMIN_ROLE: Role = "ROLE_ADMIN";
/** Roles the administrator's user list filters by. */
export const LISTED_ROLES: readonly Role[] = ["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_DATA_MANAGER"];

/** Anything that holds roles: an actor, or a token's claims in proxy.ts. */
interface RoleHolder {
  roles: readonly Role[];
}

export function can(holder: RoleHolder, permission: Permission): boolean {
  const granted: readonly Role[] = TABLE[permission];
  return holder.roles.some((role) => granted.includes(role));
}

/** The roles that hold a permission (to find its holders in SQL, e.g. whom to notify). */
export function rolesWith(permission: Permission): readonly Role[] {
  return TABLE[permission];
}

/** Throws the spec's 403 when the permission is missing. */
export function authorize(holder: RoleHolder, permission: Permission): void {
  if (!can(holder, permission)) throw forbidden();
}

/** What a tenant admin holds (system admins make one for a tenant): the tenant-wide admin and the admin area. */
export const TENANT_ADMIN_ROLES = ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] as const satisfies readonly Role[];

const ROLE_PRIORITY: readonly Role[] = ["ROLE_SYSTEM_ADMIN", "ROLE_ADMIN", "ROLE_TEACHER"];

/** Active role by the spec's priority: system admin, admin, teacher, else the first role; none without roles. */
export function defaultActiveRole(roles: readonly Role[]): Role | "none" {
  return ROLE_PRIORITY.find((r) => roles.includes(r)) ?? roles[0] ?? "none";
}

/** Whether a person holds a role (the area switch activates one of their own roles). */
export function holdsRole(holder: RoleHolder, role: Role): boolean {
  return holder.roles.includes(role);
}

/**
 * Whom each role may impersonate, by the target's roles: never upwards. A target is reachable when
 * every role they hold is listed for one of the admin's roles (and, separately, when every
 * organisation they belong to lies within the admin's administrative reach).
 */
const IMPERSONATES: Partial<Record<Role, readonly Role[]>> = {
  ROLE_SYSTEM_ADMIN: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN", "ROLE_TEACHER", "ROLE_TRAINER", "ROLE_DATA_MANAGER", "ROLE_HELPDESK", "ROLE_HELPDESK_ADMIN"],
  ROLE_TENANT_ADMIN: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN", "ROLE_TEACHER", "ROLE_TRAINER", "ROLE_DATA_MANAGER", "ROLE_HELPDESK", "ROLE_HELPDESK_ADMIN"],
  ROLE_ADMIN: ["ROLE_ADMIN", "ROLE_TEACHER", "ROLE_TRAINER", "ROLE_DATA_MANAGER"],
};

export function mayImpersonateRoles(admin: RoleHolder, targetRoles: readonly Role[]): boolean {
  const allowed = new Set(admin.roles.flatMap((role) => IMPERSONATES[role] ?? []));
  return targetRoles.every((role) => allowed.has(role));
}
