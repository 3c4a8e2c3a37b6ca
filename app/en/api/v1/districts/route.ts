import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createDistrict, updateDistrict } from "@/lib/organisations/admin-save";
import { createDistrictBody, districtResponse, updateDistrictBody } from "@/lib/organisations/admin-schemas";
import { listDistricts } from "@/lib/organisations/queries";
import { districtsResponse, orgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "Districts the caller can see, optionally of one region (parentId)", tags: ["Organisations"], query: orgListQuery, response: districtsResponse },
  async ({ actor, query }) => ({ districts: await listDistricts(actor, query) }),
);

export const POST = apiRoute(
  {
    summary: "Create a district under a region the caller administers (parentRegionId, nameLabel, isCensus, uniqueId)",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: createDistrictBody,
    response: districtResponse,
  },
  async ({ actor, body, req, requestId }) => ({ district: await createDistrict(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Edit a district (id, nameLabel, isCensus, uniqueId); active false deletes it softly once it has no active locations",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: updateDistrictBody,
    response: districtResponse,
  },
  async ({ actor, body, req, requestId }) => ({ district: await updateDistrict(actor, body, originOf(req, requestId)) }),
);
