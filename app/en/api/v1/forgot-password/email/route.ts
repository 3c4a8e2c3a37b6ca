import { requestPasswordReset } from "@/lib/auth/recovery";
import { forgotPasswordSchema, messageResponse } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /forgot-password/email {email}: answers alike whether or not the address has an account. */
export const POST = publicRoute(
  { summary: "Mail a password reset link", tags: ["Auth and profile"], body: forgotPasswordSchema, response: messageResponse, errors: [429] },
  async ({ body, req }) => requestPasswordReset(body, requestContext(req.headers)),
);
