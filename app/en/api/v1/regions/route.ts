import { apiRoute } from "@/lib/platform/api";
import { listRegions } from "@/lib/organisations/queries";
import { orgListQuery, regionsResponse } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "Regions of the caller's tenant (parentId is the tenant)", tags: ["Organisations"], query: orgListQuery, response: regionsResponse },
  async ({ actor, query }) => ({ regions: await listRegions(actor, query) }),
);
