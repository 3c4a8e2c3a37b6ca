import { updateOwnProfile } from "@/lib/auth/account";
import { ownProfileResponse, ownProfileSchema } from "@/lib/auth/schemas";
import { apiRoute } from "@/lib/platform/api";

/** PUT /users on the caller's own account (another user's id answers 403). */
export const PUT = apiRoute({ summary: "Update the caller's own profile", tags: ["Auth and profile"], body: ownProfileSchema, response: ownProfileResponse }, async ({ actor, body }) => updateOwnProfile(actor, body));
