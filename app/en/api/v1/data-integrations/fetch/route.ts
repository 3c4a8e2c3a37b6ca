import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { fetchNow } from "@/lib/organisations/ftp-feed";
import { fetchNowBody, fetchNowResponse } from "@/lib/organisations/integration-schemas";

export const POST = apiRoute(
  {
    summary:
      "Fetch now: queue a run of the district's FTP feed (districtId), which downloads new CSV/XLSX files from its folder and hands each to a students bulk load; a run already waiting is answered instead. 404: no integration; 409: not active",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: fetchNowBody,
    response: fetchNowResponse,
  },
  async ({ actor, body, req, requestId }) => fetchNow(actor, body.districtId, originOf(req, requestId)),
);
