import type { Role } from "@/db/schema";
import type { Permission } from "./permissions";

/** Where each role works and which paths need what (pure: shared by proxy.ts and pages). */

/** Each area is entered by making its role the active one, and needs its area permission. */
export const AREAS: readonly { prefix: string; role: Role; permission: Permission }[] = [
  { prefix: "/teacher", role: "ROLE_TEACHER", permission: "area.teacher" },
  { prefix: "/administrator", role: "ROLE_ADMIN", permission: "area.administrator" },
  { prefix: "/system", role: "ROLE_SYSTEM_ADMIN", permission: "area.system" },
];

/** Pages any signed-in person may open. */
const SIGNED_IN_PREFIXES = ["/profile", "/downloads", "/notifications"];

/** Pages open without a session (the spec: sign-in, forgot and any reset or registration page; the API reference for integrators). */
export function isPublicPath(pathname: string): boolean {
  if (pathname === "/" || pathname === "/sign-in" || pathname === "/sign-out") return true;
  if (pathname === "/api-reference" || pathname.startsWith("/api-reference/")) return true;
  if (pathname === "/forgot" || pathname.startsWith("/forgot/")) return true;
  // Only a top-level page, so "reset" inside a role area's path never opens that area.
  const first = pathname.split("/")[1] ?? "";
  return first.includes("reset") || first.includes("user-registration");
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The permission a path requires; null when any signed-in person may open it. */
export function requiredPermission(pathname: string): Permission | null {
  return AREAS.find((a) => under(pathname, a.prefix))?.permission ?? null;
}

export function isSignedInOnlyPath(pathname: string): boolean {
  return SIGNED_IN_PREFIXES.some((p) => under(pathname, p));
}

/** The dashboard of an active role; roles without an area of their own land on their profile. */
export function dashboardFor(activeRole: Role | "none"): string {
  const area = AREAS.find((a) => a.role === activeRole);
  return area ? `${area.prefix}/dashboard` : "/profile";
}

/** One value of a search parameter, which Next hands over as an array when it is repeated. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whitespace and control characters: browsers drop tabs and line breaks from a URL, so "/\t/evil" means "//evil". */
const UNSAFE_IN_PATH = /[\s\u0000-\u001f\u007f-\u009f]/;

/** Stands for our origin when the caller has none at hand: then only relative paths pass. */
const PLACEHOLDER_ORIGIN = "http://return-path.invalid";

/**
 * The one check of every return path (sign-in's callbackUrl, next-auth's redirect, ?denied=): the
 * value is parsed against our own origin and kept only when it stays there, as its path and query;
 * any whitespace or control character refuses it, and so does a result that would read as
 * protocol-relative ("//host").
 */
export function safeReturnPath(value: string | null | undefined, ownOrigin: string = PLACEHOLDER_ORIGIN): string | null {
  if (!value || UNSAFE_IN_PATH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ownOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(ownOrigin).origin) return null;
  const path = `${url.pathname}${url.search}`;
  return path.startsWith("//") ? null : path;
}
