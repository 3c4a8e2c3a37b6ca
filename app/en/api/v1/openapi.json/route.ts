import { json, publicRoute } from "@/lib/platform/api";
import { openApiResponse } from "@/lib/platform/openapi/schemas";

/** The OpenAPI 3.1 document of this API, public and cacheable (it changes only with a deployment). */
export const GET = publicRoute({ summary: "This API described as an OpenAPI 3.1 document", tags: ["Platform"], response: openApiResponse }, async () => {
  // Imported here, not above: the document lists every route module, this one included.
  const { openApiDocument } = await import("../_registry/document");
  return json(openApiDocument(), 200, { "cache-control": "public, max-age=300" });
});
