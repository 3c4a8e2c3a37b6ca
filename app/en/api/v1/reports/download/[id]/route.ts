import { Readable } from "node:stream";
import { apiRoute } from "@/lib/platform/api";
import { reportParams } from "@/lib/reports/schemas";
import { openReportFile } from "@/lib/reports/service";

/** One's complete report as a file (XLSX or CSV), streamed from storage; 404 before it is complete. */
export const GET = apiRoute(
  { summary: "Download one's complete report (XLSX, or CSV for the exports)", tags: ["Reports"], params: reportParams, content: "application/octet-stream" },
  async ({ actor, params }) => {
    const { body, headers } = await openReportFile(actor, params.id);
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: 200, headers });
  },
);
