import { updateOwnProfile } from "@/lib/auth/account";
import { ownProfileResponse, ownProfileSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { apiRoute } from "@/lib/platform/api";

/** PUT /users on the caller's own account (another user's id answers 403). */
export const PUT = apiRoute(
  { summary: "Update the caller's own profile (email or password: with currentPassword, never while impersonating)", tags: ["Auth and profile"], body: ownProfileSchema, response: ownProfileResponse, errors: [423] },
  async ({ actor, body, req }) => updateOwnProfile(actor, body, requestContext(req.headers)),
);
