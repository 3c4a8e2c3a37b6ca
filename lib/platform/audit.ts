import "server-only";
import { isIP } from "node:net";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { Actor } from "./actor";
import { clientAddress, requestIdOf } from "./request";

/** Where a change came from, when the caller knows it (route handlers pass the request's). */
export interface AuditOrigin {
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export interface AuditEntry {
  /** create, update, delete, view, capture ... */
  action: string;
  entityType: string;
  entityId?: number | null;
  studentId?: number | null;
  /** Ids and field names only: never a personal value (names, birth dates, comments). */
  details?: Record<string, unknown>;
}

/**
 * Write audit rows for the actor's changes to student records. Call it inside the service's
 * forTenant transaction, after the change: the rows commit or roll back with it.
 */
export async function writeAudit(actor: Actor, entries: AuditEntry[], origin: AuditOrigin = {}): Promise<void> {
  if (!entries.length) return;
  const ipAddress = origin.ipAddress && isIP(origin.ipAddress) ? origin.ipAddress : null;
  await db()
    .insert(auditLog)
    .values(
      entries.map((e) => ({
        tenantId: actor.tenantId,
        userId: actor.userId,
        impersonatorId: actor.impersonatorId,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId ?? null,
        studentId: e.studentId ?? null,
        ipAddress,
        userAgent: origin.userAgent?.slice(0, 400) ?? null,
        requestId: origin.requestId ?? null,
        details: e.details ?? {},
      })),
    );
}

/**
 * The audit origin of a request: the client's address, browser and the request id (an API route
 * passes its own; a page render takes the header's, if plain, by requestIdOf).
 */
export function originOf(req: { headers: Headers }, requestId = requestIdOf(req.headers)): AuditOrigin {
  return { ipAddress: clientAddress(req.headers), userAgent: req.headers.get("user-agent"), requestId };
}
