import { apiRoute } from "@/lib/platform/api";
import { listDistricts } from "@/lib/organisations/queries";
import { orgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute({ query: orgListQuery }, async ({ actor, query }) => ({ districts: await listDistricts(actor, query) }));
