import "server-only";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/platform/openapi/document";
import { API_ROUTES } from "./routes";

let cached: OpenApiDocument | null = null;

/** The OpenAPI 3.1 document of the API; built once per process (the routes do not change at run time). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument(API_ROUTES);
  return cached;
}
