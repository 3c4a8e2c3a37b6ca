import { Readable } from "node:stream";
import { apiRoute } from "@/lib/platform/api";
import { downloadParams } from "@/lib/bulk-load/schemas";
import { openBulkLoadFile } from "@/lib/bulk-load/service";

/** type original: the file as uploaded; type results: the CSV naming each refused row (404 until written). */
export const GET = apiRoute(
  {
    summary: "Download a bulk load's file: original (as uploaded) or results (each refused row's line and reason)",
    tags: ["Bulk loads"],
    permission: "bulkLoads.manage",
    params: downloadParams,
    content: "application/octet-stream",
  },
  async ({ actor, params }) => {
    const { body, headers } = await openBulkLoadFile(actor, params.id, params.type);
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: 200, headers });
  },
);
