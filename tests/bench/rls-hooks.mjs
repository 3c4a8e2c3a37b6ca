// Loader hook of the RLS bench only (registered by tests/bench/rls.ts, never by the app): the
// services' lib/platform/tenancy.ts resolves to rls-tenancy-switch.ts, so the bench can run the very
// same service calls with the tenant binding off (its baseline) and on, in one process.
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.endsWith("/lib/platform/tenancy.ts")) return { ...result, url: new URL("./rls-tenancy-switch.ts", import.meta.url).href };
  return result;
}
