import { apiRoute } from "@/lib/platform/api";
import { collectionParams, downloadQuery } from "@/lib/isr/schemas";
import { downloadIsrs } from "@/lib/isr/service";

export const GET = apiRoute(
  {
    summary: "The generated ISRs of the collection within one's reach (or of one school or child) merged into one PDF, by school and name",
    tags: ["ISRs"],
    params: collectionParams,
    query: downloadQuery,
    content: "application/pdf",
  },
  async ({ actor, params, query }) => {
    const { bytes, headers } = await downloadIsrs(actor, params.id, query);
    return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
  },
);
