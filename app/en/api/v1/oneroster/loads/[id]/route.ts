import { apiRoute } from "@/lib/platform/api";
import { idParams, loadResponse } from "@/lib/oneroster/schemas";
import { getOneRosterLoad } from "@/lib/oneroster/service";

export const GET = apiRoute(
  {
    summary: "One OneRoster load: its status, the dry run's counts per kind, what the apply changed, and the refused rows with reasons",
    tags: ["OneRoster"],
    permission: "oneroster.manage",
    params: idParams,
    response: loadResponse,
  },
  async ({ actor, params }) => getOneRosterLoad(actor, params.id),
);
