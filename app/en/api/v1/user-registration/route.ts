import { completeRegistration } from "@/lib/auth/recovery";
import { resetPasswordSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /user-registration {confirmationToken, password}: completes an invited account. */
export const POST = publicRoute({ body: resetPasswordSchema }, async ({ body, req }) => completeRegistration(body, requestContext(req.headers)));
