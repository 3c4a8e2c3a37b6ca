import { apiRoute } from "@/lib/platform/api";
import { acknowledgementResponse, idParams } from "@/lib/system/admin-schemas";
import { getAcknowledgement } from "@/lib/system/acknowledgements";

export const GET = apiRoute(
  {
    summary: "One acknowledgement",
    tags: ["System administration"],
    permission: "system.acknowledgements",
    params: idParams,
    response: acknowledgementResponse,
  },
  async ({ actor, params }) => ({ acknowledgement: await getAcknowledgement(actor, params.id) }),
);
