import { login } from "@/lib/auth/login";
import { loginResponse, loginSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { publicRoute } from "@/lib/platform/api";

/** POST /login {username, password} → {profileData, jwt}; the jwt is then sent as a bearer token. */
export const POST = publicRoute(
  { summary: "Sign in; answers the profile and the jwt", tags: ["Auth and profile"], body: loginSchema, response: loginResponse, errors: [401, 403, 423, 429] },
  async ({ body, req }) => {
    const { profileData, jwt } = await login(body, requestContext(req.headers));
    return { profileData, jwt };
  },
);
