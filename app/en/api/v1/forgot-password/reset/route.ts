import { resetPassword } from "@/lib/auth/recovery";
import { messageResponse, resetPasswordSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /forgot-password/reset {confirmationToken, password}. */
export const POST = publicRoute(
  { summary: "Set a new password from a reset link", tags: ["Auth and profile"], body: resetPasswordSchema, response: messageResponse },
  async ({ body, req }) => resetPassword(body, requestContext(req.headers)),
);
