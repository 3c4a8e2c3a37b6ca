import { apiRoute } from "@/lib/platform/api";
import { listLocations } from "@/lib/organisations/queries";
import { orgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute({ query: orgListQuery }, async ({ actor, query }) => ({ locations: await listLocations(actor, query) }));
