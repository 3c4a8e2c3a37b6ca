import { apiRoute } from "@/lib/platform/api";
import { listRaceCodes } from "@/lib/lookups/queries";

export const GET = apiRoute({}, async ({ actor }) => ({ raceCodes: await listRaceCodes(actor) }));
