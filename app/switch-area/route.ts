import { NextResponse, type NextRequest } from "next/server";
import { switchActiveRole } from "@/lib/auth/account";
import { holdsRole } from "@/lib/auth/permissions";
import { switchRoleSchema } from "@/lib/auth/schemas";
import { actorFromHeaders } from "@/lib/platform/actor";
import { MESSAGES } from "@/lib/platform/errors";
import { isSameOrigin } from "@/lib/platform/request";

/**
 * The header's area switch (form field `role`), a plain form like Logout beside it (/sign-out): it
 * works before the page hydrates, and the full page load that follows drops every page the browser
 * prefetched under the previous area. A held role becomes the session's active one and the browser
 * goes to its dashboard; anything else (an ended session, a role not held) goes home, where a dead
 * session is cleared. Only our own pages may post here.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return NextResponse.json({ message: MESSAGES[403] }, { status: 403 });
  const actor = await actorFromHeaders(req.headers);
  const input = switchRoleSchema.safeParse({ role: (await req.formData().catch(() => null))?.get("role") });
  const target = actor && input.success && holdsRole(actor, input.data.role) ? (await switchActiveRole(actor, input.data)).dashboard : "/";
  // By path: req.url carries Next's own listening origin, not the host the browser used.
  return new NextResponse(null, { status: 303, headers: { location: target } });
}
