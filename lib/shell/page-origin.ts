import "server-only";
import { headers } from "next/headers";
import type { AuditOrigin } from "@/lib/platform/audit";
import { clientAddress } from "@/lib/platform/request";

/** The audit origin of a page render (a server component reading a student record): the client's address and browser. */
export async function pageOrigin(): Promise<AuditOrigin> {
  const h = await headers();
  return { ipAddress: clientAddress(h), userAgent: h.get("user-agent"), requestId: h.get("x-request-id") };
}
