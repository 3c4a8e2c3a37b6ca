import { POST as acknowledgementsPost } from "@/app/en/api/v1/acknowledgements/route";
import { POST as periodsPost } from "@/app/en/api/v1/data-collections/[id]/checkpoint-periods/route";
import { POST as filtersPost } from "@/app/en/api/v1/data-collections-filters/route";
import { POST as integrationsPost } from "@/app/en/api/v1/tenant-integrations/route";
import { db } from "@/db/client";
import { notifications } from "@/db/schema";
import { call } from "./api";

/**
 * One record of each kind the demo data lacks, made through the API (a notification, which only the
 * platform sends, as a row), so that every update of the document has a record to be sent.
 */
export async function makeUpdateFixtures(token: string, user: { id: number; tenantId: number }, collectionId: number) {
  const made = [
    await call(acknowledgementsPost, "POST", "/en/api/v1/acknowledgements", { token, body: { text: "Fixture acknowledgement" } }),
    await call(integrationsPost, "POST", "/en/api/v1/tenant-integrations", { token, body: { tenantId: user.tenantId, token: "fixture-token-0123456789abcdef", clientId: "fixture" } }),
    await call(filtersPost, "POST", "/en/api/v1/data-collections-filters", { token, body: { name: "Fixture", color: "#1565c0", dataCollectionsId: collectionId, metadata: JSON.stringify({ filterType: "DATA_FILTERS" }) } }),
    await call(periodsPost, "POST", `/en/api/v1/data-collections/${collectionId}/checkpoint-periods`, { token, params: { id: String(collectionId) }, body: { label: "Fall", startDate: 1788220800, endDate: 1790000000 } }),
  ];
  const failed = made.filter((res) => res.status >= 300);
  if (failed.length) throw new Error(`fixtures refused: ${JSON.stringify(failed.map((f) => f.body))}`);
  await db().insert(notifications).values({ tenantId: user.tenantId, userId: user.id, type: "message", message: "Fixture notification", metadata: {} });
}
