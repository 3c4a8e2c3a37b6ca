import { apiRoute } from "@/lib/platform/api";
import { downloadDistrictIsrs } from "@/lib/isr/district-zip";
import { collectionParams, districtZipQuery } from "@/lib/isr/schemas";

export const GET = apiRoute(
  {
    summary: "A district's generated ISRs within one's reach as a ZIP: one PDF per school, children by name",
    tags: ["ISRs"],
    params: collectionParams,
    query: districtZipQuery,
    content: "application/zip",
  },
  async ({ actor, params, query }) => {
    const { body, headers } = await downloadDistrictIsrs(actor, params.id, query.districtId);
    return new Response(body, { status: 200, headers });
  },
);
