import type { Column } from "./columns";

/** Type `users`: one account a row, with its organisation link and granted roles (the users API's POST /users). */
export const USER_COLUMNS: Column[] = [
  { name: "email", required: true, text: true, description: "Email, also the sign-in name; an email already in use is refused" },
  { name: "firstName", required: true, description: "First name, up to 100 characters" },
  { name: "lastName", required: true, description: "Last name, up to 100 characters" },
  { name: "tenantMemberId", required: false, text: true, description: "Tenant member id, up to 100 characters" },
  { name: "roles", required: false, description: "ROLE_TEACHER, ROLE_DATA_MANAGER or both, separated by a space or ; (blank: ROLE_TEACHER)" },
  { name: "locationId", required: false, description: "The school the user belongs to (its id, within your reach); give this or districtId" },
  { name: "districtId", required: false, description: "Or the district the user belongs to (its id, within your reach); a tenant admin may leave both blank" },
  { name: "administrative", required: false, description: "1: the user administers that school or district (and becomes an administrator); blank: 0" },
  { name: "memberUniqueId", required: false, text: true, description: "The user's id at that school or district, up to 100 characters" },
  {
    name: "sendInvite",
    required: false,
    description: "1 or 0: mail the registration link, valid 7 days (blank: 1); a user already loaded is not invited again",
  },
];
