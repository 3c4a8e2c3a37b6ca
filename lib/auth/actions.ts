"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { actorFromHeaders } from "@/lib/platform/actor";
import { AppError } from "@/lib/platform/errors";
import { switchActiveRole } from "./account";
import { holdsRole } from "./permissions";
import { sessionCookie } from "./cookies";
import { endImpersonation, startImpersonation } from "./impersonation";
import { impersonateSchema, switchRoleSchema } from "./schemas";
import { requestContext } from "./sessions";

/**
 * The browser's session changes, as server actions the shell's forms call. Each resolves the actor
 * again (server actions are public endpoints) and ends in a redirect to where the person goes next.
 */

async function setCookie(jwt: string | null) {
  const { name, options } = sessionCookie();
  const jar = await cookies();
  if (jwt) jar.set(name, jwt, options);
  else jar.set(name, "", { ...options, maxAge: 0 });
}

async function currentActor() {
  return actorFromHeaders(await headers());
}

/** The header's area switch: form field `role`; goes to that role's dashboard. A role not held goes home. */
export async function switchActiveRoleAction(form: FormData): Promise<void> {
  const actor = await currentActor();
  if (!actor) redirect("/sign-out?reason=401");
  const input = switchRoleSchema.safeParse({ role: form.get("role") });
  let target = "/";
  if (input.success && holdsRole(actor, input.data.role)) target = (await switchActiveRole(actor, input.data)).dashboard;
  redirect(target);
}

/** End Impersonation: back to the administrator's own session and their dashboard (spec section 2). */
export async function endImpersonationAction(): Promise<void> {
  const actor = await currentActor();
  if (!actor) redirect("/sign-out?reason=401");
  if (actor.impersonatorId === null) redirect("/");
  try {
    const answer = await endImpersonation(actor, requestContext(await headers()));
    await setCookie(answer.jwt);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 401)) throw error;
    await setCookie(null);
    redirect("/sign-in?reason=401");
  }
  redirect("/administrator/dashboard");
}

/**
 * Start impersonating (form field `userIdToImpersonate`), for the admin users list. Refusals come
 * back as the message to show; success continues in the impersonated person's area.
 */
export async function impersonateAction(form: FormData): Promise<{ message: string } | void> {
  const actor = await currentActor();
  if (!actor) redirect("/sign-out?reason=401");
  const input = impersonateSchema.safeParse({ userIdToImpersonate: form.get("userIdToImpersonate") });
  if (!input.success) return { message: input.error.issues[0]?.message ?? "User id is required" };
  try {
    const answer = await startImpersonation(actor, input.data, requestContext(await headers()));
    await setCookie(answer.jwt);
  } catch (error) {
    if (error instanceof AppError) return { message: error.message };
    throw error;
  }
  redirect("/");
}
