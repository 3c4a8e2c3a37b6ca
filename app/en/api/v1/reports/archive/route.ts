import { apiRoute } from "@/lib/platform/api";
import { archiveQuery, archiveResponse } from "@/lib/reports/schemas";
import { reportArchive } from "@/lib/reports/service";

export const GET = apiRoute(
  {
    summary: "The report archive: one's finished reports of every school year, a page at a time",
    tags: ["Reports"],
    query: archiveQuery,
    response: archiveResponse,
  },
  async ({ actor, query }) => reportArchive(actor, query),
);
