import { apiRoute } from "@/lib/platform/api";
import { locationResponse } from "@/lib/organisations/admin-schemas";
import { getLocation } from "@/lib/organisations/records";
import { idParams } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "One location within the caller's reach", tags: ["Organisations"], params: idParams, response: locationResponse },
  async ({ actor, params }) => ({ location: await getLocation(actor, params.id) }),
);
