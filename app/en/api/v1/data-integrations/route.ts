import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { deleteIntegration, listIntegrations, saveIntegration } from "@/lib/organisations/integrations";
import {
  districtQuery,
  integrationDeleteResponse,
  integrationListQuery,
  integrationListResponse,
  integrationSaveResponse,
  saveIntegrationBody,
} from "@/lib/organisations/integration-schemas";

export const GET = apiRoute(
  {
    summary: "District data integrations of the districts the caller administers (tenantsDistrictsId, active); the FTP password is never answered",
    tags: ["Organisations"],
    permission: "organisations.manage",
    query: integrationListQuery,
    response: integrationListResponse,
  },
  async ({ actor, query }) => ({ dataIntegrations: await listIntegrations(actor, query) }),
);

export const POST = apiRoute(
  {
    summary:
      "Create or replace a district's data integration: tenantsDistrictsId, active, ftp (protocol, host, port, directory, username, password: required the first time, kept when left out) and userIds (the people told about its runs). Answers 'Integration Saved'",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: saveIntegrationBody,
    response: integrationSaveResponse,
  },
  async ({ actor, body, req, requestId }) => saveIntegration(actor, body, originOf(req, requestId)),
);

export const DELETE = apiRoute(
  {
    summary: "Remove a district's data integration (districtId)",
    tags: ["Organisations"],
    permission: "organisations.manage",
    query: districtQuery,
    response: integrationDeleteResponse,
  },
  async ({ actor, query, req, requestId }) => deleteIntegration(actor, query.districtId, originOf(req, requestId)),
);
