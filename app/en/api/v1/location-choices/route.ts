import { apiRoute } from "@/lib/platform/api";
import { locationChoicesQuery, locationChoicesResponse } from "@/lib/organisations/location-choice-schemas";
import { locationChoices } from "@/lib/organisations/location-choices";

/** The Region → District → Location picker's next level; the purpose names the permission and which organisations count. */
export const GET = apiRoute(
  {
    summary:
      "The districts of a region, or the locations of a district, that lead to an organisation the purpose allows at the picker's depth (enroll, link, assign: those the caller administers; transfer: any active location)",
    tags: ["Organisations"],
    query: locationChoicesQuery,
    response: locationChoicesResponse,
  },
  async ({ actor, query }) => ({ locationChoices: await locationChoices(actor, query) }),
);
