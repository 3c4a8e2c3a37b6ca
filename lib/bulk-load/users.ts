import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { requireAdministeredOrg } from "@/lib/users/links";
import { EMAIL_TAKEN } from "@/lib/users/messages";
import { createUser } from "@/lib/users/save";
import { createUserBody, type CreateUserInput } from "@/lib/users/schemas";
import { fieldError } from "@/lib/platform/errors";
import { flagCell, issueReasons, rowLoader, type Checked } from "./per-row";
import { USER_COLUMNS } from "./users-columns";

/**
 * Type `users`: a row is a POST /users body (createUserBody, its messages) with at most one
 * organisation link (locationId or districtId), created by the API's createUser: the account, its
 * roles and link, ROLE_ADMIN with an administrative link, audit rows, and the registration mail
 * (sent after the load commits). A user already in the tenant with that email and already linked
 * to the row's organisation is left as it is (a re-upload invites nobody again); linked elsewhere,
 * the email is refused as the API refuses it.
 */

type Row = { input: CreateUserInput; orgColumn: "locationId" | "districtId" };

function check(cell: (name: string) => string): Checked<Row> {
  const problems: string[] = [];
  const location = cell("locationId").trim();
  const district = cell("districtId").trim();
  if (location && district) problems.push("districtId: Give a locationId or a districtId, not both");
  const orgColumn = district && !location ? "districtId" : "locationId";
  const administrative = flagCell(cell("administrative"), false);
  if (administrative === null) problems.push("administrative: Must be 1 or 0");
  const sendInvite = flagCell(cell("sendInvite"), true);
  if (sendInvite === null) problems.push("sendInvite: Must be 1 or 0");
  const roles = cell("roles").trim();
  const parsed = createUserBody.safeParse({
    firstName: cell("firstName"),
    lastName: cell("lastName"),
    email: cell("email"),
    tenantMemberId: cell("tenantMemberId"),
    roles: roles ? roles.split(/[\s;|]+/) : undefined,
    organizations:
      location || district
        ? [
            {
              orgType: orgColumn === "locationId" ? "location" : "district",
              parentId: location || district,
              administrative: Boolean(administrative),
              memberUniqueId: cell("memberUniqueId"),
            },
          ]
        : [],
    sendInvite: Boolean(sendInvite),
  });
  if (!parsed.success) {
    const column = (path: PropertyKey[]) =>
      path[0] !== "organizations"
        ? String(path[0])
        : path[2] === "memberUniqueId"
          ? "memberUniqueId"
          : path[2] === "administrative"
            ? "administrative"
            : orgColumn;
    problems.unshift(issueReasons(parsed.error.issues, column));
  }
  if (problems.length || !parsed.success) return { ok: false, reason: problems.join("; ") };
  return { ok: true, row: { input: parsed.data, orgColumn } };
}

export const usersLoader = rowLoader<Row>({
  columns: USER_COLUMNS,
  key: "email",
  check,
  async apply(actor, { input }, origin) {
    const [org] = input.organizations;
    // The organisation first, as the API does: one out of reach is 404 whoever the email belongs to.
    if (org) await requireAdministeredOrg(actor, org.orgType, org.parentId);
    if (org || actor.tenantWide) {
      const [existing] = await rows<{ id: number; linked: boolean }>(
        db(),
        sql`select u.id, ${org ? sql`exists (select 1 from user_organizations o where o.tenant_id = ${actor.tenantId} and o.user_id = u.id and o.org_type = ${org.orgType} and o.parent_id = ${org.parentId})` : sql`true`} as linked
          from users u where u.tenant_id = ${actor.tenantId} and lower(u.email) = ${input.email}`,
      );
      if (existing?.linked) return "unchanged";
      if (existing) throw fieldError("email", EMAIL_TAKEN);
    }
    await createUser(actor, input, origin);
    return "created";
  },
  // The API's fields: email (taken), organizations or parentId (none chosen, not found, repeated).
  columnOf: (error, row) => (error.errors?.[0]?.field === "email" || error.status === 409 ? "email" : row.orgColumn),
});
