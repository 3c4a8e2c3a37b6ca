import { apiRoute } from "@/lib/platform/api";
import { listDownloads } from "@/lib/downloads/queries";
import { downloadsResponse } from "@/lib/downloads/schemas";

/** The downloadable apps and installers, each with its published file or null (not yet available). */
export const GET = apiRoute({ summary: "The downloadable apps and installers", tags: ["Files"], response: downloadsResponse }, async ({ actor }) => ({
  downloads: await listDownloads(actor),
}));
