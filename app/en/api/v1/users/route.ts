import { updateOwnProfile } from "@/lib/auth/account";
import { ownProfileSchema } from "@/lib/auth/schemas";
import { apiRoute } from "@/lib/platform/api";

/** PUT /users on the caller's own account (another user's id answers 403). */
export const PUT = apiRoute({ body: ownProfileSchema }, async ({ actor, body }) => updateOwnProfile(actor, body));
