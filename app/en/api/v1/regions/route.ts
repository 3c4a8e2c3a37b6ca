import { apiRoute } from "@/lib/platform/api";
import { listRegions } from "@/lib/organisations/queries";
import { orgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute({ query: orgListQuery }, async ({ actor, query }) => ({ regions: await listRegions(actor, query) }));
