import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { can, type Permission } from "@/lib/auth/permissions";
import { actorFromHeaders, type Actor } from "@/lib/platform/actor";
import { tokenFromRequest } from "@/lib/platform/session-token";

/** The actor of this page request, resolved once however many layouts and pages ask. */
const pageActor = cache(async (): Promise<Actor | null> => actorFromHeaders(await headers()));

/** The path of the "no permission" arrival at /, which shows the spec's snackbar. */
function deniedPath(path: string): string {
  return `/?denied=${encodeURIComponent(path)}`;
}

/**
 * A page's guard (proxy.ts guards first; this one holds when a page is reached another way):
 * no session goes to sign-in with reason bad-session, a missing permission goes to / with the snackbar.
 * A token whose session has ended (logged out elsewhere, expired, account disabled) is the spec's
 * first 401: /sign-out clears it and arrives at sign-in with reason 401.
 */
export async function requirePageActor(options: { permission?: Permission; path: string }): Promise<Actor> {
  const actor = await pageActor();
  if (!actor) redirect(tokenFromRequest(await headers()) ? "/sign-out?reason=401" : "/sign-in?reason=bad-session");
  if (options.permission && !can(actor, options.permission)) redirect(deniedPath(options.path));
  return actor;
}
