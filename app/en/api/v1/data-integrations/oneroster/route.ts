import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { oneRosterProvider, saveOneRosterProvider } from "@/lib/organisations/oneroster-provider";
import { providerQuery, providerResponse, providerSavedResponse, saveProviderBody } from "@/lib/organisations/oneroster-provider-schemas";

export const GET = apiRoute(
  {
    summary:
      "The district's OneRoster 1.2 REST provider (districtId): token URL, client id, base URL, whether a secret is set (never the secret), the last successful pull and the latest pulls",
    tags: ["Organisations"],
    permission: "organisations.manage",
    query: providerQuery,
    response: providerResponse,
  },
  async ({ actor, query }) => oneRosterProvider(actor, query.districtId),
);

export const PUT = apiRoute(
  {
    summary:
      "Name the district's OneRoster 1.2 REST provider: token URL (OAuth 2.0 client credentials), client id, client secret (required the first time, kept when left out; stored encrypted), base URL ending /ims/oneroster/rostering/v1p2, where a child's state id is. A new base URL starts again with a full pull",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: saveProviderBody,
    response: providerSavedResponse,
  },
  async ({ actor, body, req, requestId }) => saveOneRosterProvider(actor, body, originOf(req, requestId)),
);
