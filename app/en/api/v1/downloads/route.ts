import { apiRoute } from "@/lib/platform/api";
import { listDownloads } from "@/lib/downloads/queries";

/** The downloadable apps and installers, each with its published file or null (not yet available). */
export const GET = apiRoute({}, async ({ actor }) => ({ downloads: await listDownloads(actor) }));
