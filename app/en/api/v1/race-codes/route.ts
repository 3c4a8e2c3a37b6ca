import { apiRoute } from "@/lib/platform/api";
import { listRaceCodes } from "@/lib/lookups/queries";
import { raceCodesResponse } from "@/lib/lookups/schemas";

export const GET = apiRoute(
  { summary: "The race codes; a student's race is the sum of the chosen values", tags: ["Lookups"], response: raceCodesResponse },
  async ({ actor }) => ({ raceCodes: await listRaceCodes(actor) }),
);
