import { publicRoute } from "@/lib/platform/api";
import { notFound } from "@/lib/platform/errors";

/** Any API path without a route answers a JSON 404 instead of the HTML not-found page. */
const handler = publicRoute({}, async () => {
  throw notFound("The requested API path does not exist");
});

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
