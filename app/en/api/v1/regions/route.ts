import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createRegion, updateRegion } from "@/lib/organisations/admin-save";
import { createRegionBody, regionResponse, updateRegionBody } from "@/lib/organisations/admin-schemas";
import { listRegions } from "@/lib/organisations/queries";
import { orgListQuery, regionsResponse } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "Regions of the caller's tenant (parentId is the tenant)", tags: ["Organisations"], query: orgListQuery, response: regionsResponse },
  async ({ actor, query }) => ({ regions: await listRegions(actor, query) }),
);

export const POST = apiRoute(
  {
    summary: "Create a region of the caller's tenant (tenant admins); a unique id is unique in the tenant",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: createRegionBody,
    response: regionResponse,
  },
  async ({ actor, body, req, requestId }) => ({ region: await createRegion(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Edit a region (id, nameLabel, uniqueId); active false deletes it softly once it has no active districts",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: updateRegionBody,
    response: regionResponse,
  },
  async ({ actor, body, req, requestId }) => ({ region: await updateRegion(actor, body, originOf(req, requestId)) }),
);
