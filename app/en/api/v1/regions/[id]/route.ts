import { apiRoute } from "@/lib/platform/api";
import { regionResponse } from "@/lib/organisations/admin-schemas";
import { getRegion } from "@/lib/organisations/records";
import { idParams } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  {
    summary: "One region the caller can see (their own, or the one above their district or location)",
    tags: ["Organisations"],
    params: idParams,
    response: regionResponse,
  },
  async ({ actor, params }) => ({ region: await getRegion(actor, params.id) }),
);
