import { requestPasswordReset } from "@/lib/auth/recovery";
import { forgotPasswordSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /forgot-password/email {email}: answers alike whether or not the address has an account. */
export const POST = publicRoute({ body: forgotPasswordSchema }, async ({ body, req }) => requestPasswordReset(body, requestContext(req.headers)));
