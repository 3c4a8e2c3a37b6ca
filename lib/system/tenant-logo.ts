import "server-only";
import { randomBytes } from "node:crypto";
import { buffer as readAll } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { tenants } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { fieldError, notFound } from "@/lib/platform/errors";
import { storage } from "@/lib/platform/storage";
import { tenantPrefix } from "@/lib/platform/storage/rules";
import { auditSystem, systemWork } from "./change";

/*
 * A tenant's logo uploaded as a file (POST /tenants/{id}/logo, multipart form field `file`): kept
 * through the storage driver under the tenant's prefix, answered to anyone by GET /tenants/{id}/logo
 * (the sign-in page shows it before anyone signs in), and the tenant's logoUrl points there with a
 * version, so a new logo is never hidden by a cached old one. SVG is refused: it can carry script.
 */

export const LOGO_MAX_BYTES = 500 * 1024;
const LOGO_TOO_LARGE = "Logo must be 500 KB or smaller";
const LOGO_WRONG_TYPE = "Logo must be a PNG, JPEG, GIF or WebP image";
const LOGO_REQUIRED = "Logo file is required";

const logoKey = (tenantId: number) => `${tenantPrefix(tenantId)}logo/current`;
const logoPath = (tenantId: number, version: string) => `/en/api/v1/tenants/${tenantId}/logo?v=${version}`;

/** The image type by its first bytes, not by what the browser declared. */
function imageTypeOf(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP") return "image/webp";
  return null;
}

/** The form's file, checked for size and type before anything is stored. */
export async function readLogoForm(req: Request): Promise<Uint8Array> {
  if (Number(req.headers.get("content-length") ?? 0) > LOGO_MAX_BYTES + 64 * 1024) throw fieldError("file", LOGO_TOO_LARGE);
  if (!req.headers.get("content-type")?.startsWith("multipart/form-data")) throw fieldError("file", LOGO_REQUIRED);
  const form = await req.formData().catch(() => null);
  const file = form?.get("file");
  if (!file || typeof file === "string" || file.size === 0) throw fieldError("file", LOGO_REQUIRED);
  if (file.size > LOGO_MAX_BYTES) throw fieldError("file", LOGO_TOO_LARGE);
  return new Uint8Array(await file.arrayBuffer());
}

/** Store the logo and point the tenant at it, audited; answers the tenant as GET /tenants lists it. */
export async function setTenantLogo(actor: Actor, tenantId: number, bytes: Uint8Array, origin: AuditOrigin = {}) {
  const type = imageTypeOf(bytes);
  if (!type) throw fieldError("file", LOGO_WRONG_TYPE);
  return systemWork(actor, "system.tenants", "system: upload a tenant logo", async () => {
    const [exists] = await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
    if (!exists) throw notFound("Tenant not found");
    await storage().putObject(logoKey(tenantId), Buffer.from(bytes), type);
    const [row] = await db()
      .update(tenants)
      .set({ logoUrl: logoPath(tenantId, randomBytes(6).toString("hex")), updatedAt: new Date() })
      .where(eq(tenants.id, tenantId))
      .returning({ id: tenants.id, name: tenants.name, slug: tenants.slug, logoUrl: tenants.logoUrl });
    await auditSystem(actor, "update", "tenant", tenantId, { fields: ["logo"], sizeBytes: bytes.length, contentType: type }, origin);
    return { ...row, nameLabel: row.name };
  });
}

/** The stored logo of a tenant, for anyone (404 when it has none). */
export function readTenantLogo(tenantId: number) {
  return storage().getObject(logoKey(tenantId));
}

/**
 * The logo as a PDF page can draw it (pdfkit draws PNG and JPEG only), or null when the tenant
 * has none or keeps a GIF or WebP: the page then shows the tenant's name alone.
 */
export async function tenantLogoImage(tenantId: number): Promise<{ data: Buffer; format: "png" | "jpg" } | null> {
  const stored = await readTenantLogo(tenantId).catch(() => null);
  if (!stored) return null;
  const data = await readAll(stored.body);
  const type = imageTypeOf(data);
  if (type === "image/png") return { data, format: "png" };
  if (type === "image/jpeg") return { data, format: "jpg" };
  return null;
}
