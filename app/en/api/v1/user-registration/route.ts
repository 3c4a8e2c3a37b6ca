import { completeRegistration } from "@/lib/auth/recovery";
import { messageResponse, resetPasswordSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /user-registration {confirmationToken, password}: completes an invited account. */
export const POST = publicRoute(
  { summary: "Complete an invited account by choosing a password", tags: ["Auth and profile"], body: resetPasswordSchema, response: messageResponse },
  async ({ body, req }) => completeRegistration(body, requestContext(req.headers)),
);
