import { apiRoute } from "@/lib/platform/api";
import { listDistricts } from "@/lib/organisations/queries";
import { districtsResponse, orgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "Districts the caller can see, optionally of one region (parentId)", tags: ["Organisations"], query: orgListQuery, response: districtsResponse },
  async ({ actor, query }) => ({ districts: await listDistricts(actor, query) }),
);
