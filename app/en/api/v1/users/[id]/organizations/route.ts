import { apiRoute } from "@/lib/platform/api";
import { idParams, userOrganizationsQuery } from "@/lib/organisations/schemas";
import { listUserOrganizations } from "@/lib/organisations/user-organizations";

export const GET = apiRoute({ params: idParams, query: userOrganizationsQuery }, async ({ actor, params, query }) => ({
  organizations: await listUserOrganizations(actor, params.id, { admin: query.admin }),
}));
