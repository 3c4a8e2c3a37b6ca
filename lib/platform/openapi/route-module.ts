/** An API route module with its path (OpenAPI `{param}` form, under /en/api/v1). */
export interface ApiRouteModule {
  path: string;
  module: Record<string, unknown>;
}
