import "server-only";
import { headers } from "next/headers";
import { originOf, type AuditOrigin } from "@/lib/platform/audit";

/** The audit origin of a page render (a server component reading a student record): the client's address and browser. */
export async function pageOrigin(): Promise<AuditOrigin> {
  return originOf({ headers: await headers() });
}
