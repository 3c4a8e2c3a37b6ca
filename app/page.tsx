import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { dashboardFor, firstParam, safeReturnPath } from "@/lib/auth/routes";
import { actorFromHeaders } from "@/lib/platform/actor";
import { tokenFromRequest } from "@/lib/platform/session-token";

/**
 * Home: a signed-in person goes to their active role's dashboard (carrying ?denied= so the shell
 * shows the permission snackbar there); a dead session is cleared; anyone else signs in.
 */
export default async function Home({ searchParams }: { searchParams: Promise<{ denied?: string | string[] }> }) {
  const requestHeaders = await headers();
  const actor = await actorFromHeaders(requestHeaders);
  if (!actor) redirect(tokenFromRequest(requestHeaders) ? "/sign-out?reason=401" : "/sign-in");
  const denied = safeReturnPath(firstParam((await searchParams).denied));
  const dashboard = dashboardFor(actor.activeRole);
  redirect(denied ? `${dashboard}?denied=${encodeURIComponent(denied)}` : dashboard);
}
