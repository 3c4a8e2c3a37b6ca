import { z } from "zod";

/** The answer of GET /openapi.json: an OpenAPI 3.1 document (its inside is the standard's, not ours). */
export const openApiResponse = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
