import "server-only";
import type { AuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { Role } from "@/db/schema";
import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/logger";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/platform/session-token";
import { nextAuthCookies } from "./cookies";
import { login, SignInError } from "./login";
import { SIGN_IN_ERROR_CODES, type SignInErrorCode } from "./messages";
import { safeReturnPath } from "./routes";
import { loginSchema } from "./schemas";
import { requestContext } from "./sessions";

interface SignedInUser extends User {
  sid: string;
  tid: number;
  roles: Role[];
}

/** The code of the first field error, when its text is one the sign-in form knows. */
function inputErrorCode(message: string | undefined): SignInErrorCode {
  const entry = Object.entries(SIGN_IN_ERROR_CODES).find(([, text]) => text === message);
  return (entry?.[0] as SignInErrorCode | undefined) ?? "CredentialsSignin";
}

/**
 * next-auth for the browser: the credentials provider runs the same login service as POST /login,
 * and its JWT is the platform token ({sub, sid, tid} plus roles), so the session cookie and the
 * bearer jwt are one format. Failures come back to /sign-in as `?error=<code>`.
 */
export function authOptions(): AuthOptions {
  const config = env();
  // next-auth reads its base URL from process.env at request time.
  process.env.NEXTAUTH_URL ||= config.PUBLIC_URL;
  return {
    secret: config.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    cookies: nextAuthCookies(),
    pages: { signIn: "/sign-in", error: "/sign-in", signOut: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Username and password",
        credentials: { username: { label: "Username", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const parsed = loginSchema.safeParse({ username: credentials?.username, password: credentials?.password });
          if (!parsed.success) throw new Error(inputErrorCode(parsed.error.issues[0]?.message));
          try {
            const result = await login(parsed.data, requestContext(new Headers(req.headers as Record<string, string>)));
            const user: SignedInUser = { id: String(result.profileData.id), sid: result.sessionId, tid: result.profileData.tenantId, roles: result.roles };
            return user;
          } catch (error) {
            if (!(error instanceof SignInError)) throw error;
            if (error.code === "CredentialsSignin") return null;
            throw new Error(error.code);
          }
        },
      }),
    ],
    callbacks: {
      // Only our own paths: a crafted callbackUrl ("/\t/evil.example") must not take the browser elsewhere.
      async redirect({ url, baseUrl }) {
        const path = safeReturnPath(url, baseUrl);
        return path ? new URL(path, baseUrl).href : baseUrl;
      },
      async jwt({ token, user }) {
        if (!user) return token;
        const signedIn = user as SignedInUser;
        return { sub: signedIn.id, sid: signedIn.sid, tid: signedIn.tid, roles: signedIn.roles };
      },
      // Pages read the actor from the database; the client-side session carries only the user id.
      async session({ session, token }) {
        return { expires: session.expires, user: { id: token.sub } } as typeof session;
      },
    },
    logger: {
      error: (code) => log.error("next-auth", { code }),
      warn: (code) => log.warn("next-auth", { code }),
      debug: () => {},
    },
  };
}
