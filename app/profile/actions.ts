"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { updateOwnProfile } from "@/lib/auth/account";
import { ownProfileSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { action } from "@/lib/platform/action";

/** The profile page's save: the same service as PUT /users on one's own account. */
export const updateProfileAction = action({ input: ownProfileSchema }, async (actor, input) => {
  const { profileData } = await updateOwnProfile(actor, input, requestContext(await headers()));
  // The header shows the name on every page, including pages the browser has prefetched.
  revalidatePath("/", "layout");
  return { firstName: profileData.firstName, lastName: profileData.lastName, email: profileData.email };
});
