import { NextResponse, type NextRequest } from "next/server";
import { csrfCookieName, csrfTokenOf, newCsrfCookieValue, secureCookies } from "@/lib/auth/cookies";
import { can } from "@/lib/auth/permissions";
import { isPublicPath, requiredPermission } from "@/lib/auth/routes";
import { newNonce, pageSecurityHeaders, setHeaders } from "@/lib/platform/security-headers";
import { decodeToken, sessionCookieName } from "@/lib/platform/session-token";

/**
 * The request gate (Next 16's middleware): the beta and legacy flags, the sign-in form's CSRF
 * cookie, and the session check of every page that is not public. It decodes the token only (no
 * database); pages and services check the session row and roles again. The host's tenant is read
 * where it is used (sign-in pages, login, forgot password) from the same Host header. Every answer
 * carries the security headers; a page's CSP nonce goes to Next in the request's own CSP header.
 */

const FLAG_PATHS: Record<string, { name: string; value: string | null }> = {
  "/beta": { name: "beta", value: "true" },
  "/legacy": { name: "legacy", value: "true" },
  "/legacy-stop": { name: "legacy", value: null },
};

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function setFlag(req: NextRequest, flag: { name: string; value: string | null }) {
  const response = NextResponse.redirect(new URL("/", req.url));
  const options = { path: "/", sameSite: "lax" as const, secure: secureCookies(), httpOnly: false };
  if (flag.value) response.cookies.set(flag.name, flag.value, { ...options, maxAge: YEAR_SECONDS });
  else response.cookies.set(flag.name, "", { ...options, maxAge: 0 });
  return response;
}

/** The sign-in form posts next-auth's CSRF token; a missing or forged cookie is replaced before the page renders. */
function withCsrfCookie(req: NextRequest, headers: Headers) {
  const name = csrfCookieName();
  if (csrfTokenOf(req.cookies.get(name)?.value)) return NextResponse.next({ request: { headers } });
  const value = newCsrfCookieValue();
  const others = (headers.get("cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c && !c.startsWith(`${name}=`));
  headers.set("cookie", [...others, `${name}=${value}`].join("; "));
  const response = NextResponse.next({ request: { headers } });
  response.cookies.set(name, value, { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies() });
  return response;
}

export async function proxy(req: NextRequest) {
  const nonce = newNonce();
  const security = pageSecurityHeaders(nonce);
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", security["Content-Security-Policy"]);
  const response = await gate(req, headers);
  setHeaders(response.headers, security);
  return response;
}

/** The gate itself: `headers` are the request's, carrying the nonce on to the page. */
async function gate(req: NextRequest, headers: Headers) {
  const { pathname, search } = req.nextUrl;
  const flag = FLAG_PATHS[pathname];
  if (flag) return setFlag(req, flag);

  const next = () => NextResponse.next({ request: { headers } });
  if (isPublicPath(pathname)) return pathname === "/sign-in" ? withCsrfCookie(req, headers) : next();

  const claims = await decodeToken(req.cookies.get(sessionCookieName())?.value);
  if (!claims) {
    const signIn = new URL("/sign-in", req.url);
    signIn.searchParams.set("reason", "bad-session");
    signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(signIn);
  }
  const permission = requiredPermission(pathname);
  // A token without roles (issued elsewhere) passes: the page checks from the database.
  if (permission && claims.roles && !can({ roles: claims.roles }, permission)) {
    const home = new URL("/", req.url);
    home.searchParams.set("denied", pathname);
    return NextResponse.redirect(home);
  }
  return next();
}

export const config = {
  // Pages only: not Next's assets, the APIs (they answer 401 JSON themselves) or public files.
  matcher: ["/((?!_next/|api/|en/api/|.*\\.[A-Za-z0-9]+$).*)"],
};
