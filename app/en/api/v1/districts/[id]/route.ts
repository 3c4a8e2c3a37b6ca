import { apiRoute } from "@/lib/platform/api";
import { getDistrict } from "@/lib/organisations/queries";
import { districtResponse, idParams } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "One district within the caller's reach", tags: ["Organisations"], params: idParams, response: districtResponse },
  async ({ actor, params }) => ({ district: await getDistrict(actor, params.id) }),
);
