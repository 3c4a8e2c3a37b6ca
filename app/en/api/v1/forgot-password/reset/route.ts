import { resetPassword } from "@/lib/auth/recovery";
import { resetPasswordSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /forgot-password/reset {confirmationToken, password}. */
export const POST = publicRoute({ body: resetPasswordSchema }, async ({ body, req }) => resetPassword(body, requestContext(req.headers)));
