import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { acknowledgementResponse, acknowledgementsResponse, createAcknowledgementBody, updateAcknowledgementBody } from "@/lib/system/admin-schemas";
import { createAcknowledgement, listAcknowledgements, updateAcknowledgement } from "@/lib/system/acknowledgements";

const doc = { tags: ["System administration"], permission: "system.acknowledgements" as const };

export const GET = apiRoute({ ...doc, summary: "Every acknowledgement, shared and per tenant", response: acknowledgementsResponse }, async ({ actor }) => ({
  acknowledgements: await listAcknowledgements(actor),
}));

export const POST = apiRoute(
  { ...doc, summary: "Create an acknowledgement (tenantId null: every tenant)", body: createAcknowledgementBody, response: acknowledgementResponse },
  async ({ actor, body, req, requestId }) => ({
    acknowledgement: await createAcknowledgement(actor, body, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change an acknowledgement", body: updateAcknowledgementBody, response: acknowledgementResponse },
  async ({ actor, body, req, requestId }) => ({
    acknowledgement: await updateAcknowledgement(actor, body, originOf(req, requestId)),
  }),
);
