import { login } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /login {username, password} → {profileData, jwt}; the jwt is then sent as a bearer token. */
export const POST = publicRoute({ body: loginSchema }, async ({ body, req }) => {
  const { profileData, jwt } = await login(body, requestContext(req.headers));
  return { profileData, jwt };
});
