"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { switchActiveRole } from "@/lib/auth/account";
import { holdsRole } from "@/lib/auth/permissions";
import { switchRoleSchema } from "@/lib/auth/schemas";
import { action } from "@/lib/platform/action";

/**
 * The header's area switch (form field `role`): makes a held role the active one and goes to its
 * dashboard, after dropping the browser's cached pages, whose prefetched layouts still show the
 * previous area. A role not held goes home.
 */
const switchArea = action({ input: switchRoleSchema }, async (actor, input) => {
  const target = holdsRole(actor, input.role) ? (await switchActiveRole(actor, input)).dashboard : "/";
  revalidatePath("/", "layout");
  redirect(target);
});

/** A refusal (ended session, unknown role) goes home too, where a dead session is cleared. */
export async function switchAreaAction(form: FormData): Promise<void> {
  await switchArea(form);
  redirect("/");
}
