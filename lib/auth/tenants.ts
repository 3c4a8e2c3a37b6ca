import "server-only";
import { eq, or, sql } from "drizzle-orm";
import { asSystem, db } from "@/db/client";
import { tenantHostAliases, tenants } from "@/db/schema";
import { env } from "@/lib/platform/env";
import { badRequest, notFound } from "@/lib/platform/errors";
import { brandFor, hostLabel } from "./tenant-host";

export interface TenantBranding {
  /** The tenant the host names, or null for a host that names none (localhost, a bare address). */
  id: number | null;
  name: string;
  logoUrl: string;
  subLogoUrl: string;
  supportUrl: string;
}

/** The tenant a host label selects: its slug, or one of its host aliases. */
export async function tenantForLabel(label: string) {
  if (!label) return null;
  const [row] = await asSystem("host to tenant: read before anyone signs in", () =>
    db()
      .select({ tenant: tenants })
      .from(tenants)
      .leftJoin(tenantHostAliases, eq(tenantHostAliases.tenantId, tenants.id))
      .where(or(eq(sql`lower(${tenants.slug})`, label), eq(sql`lower(${tenantHostAliases.hostPrefix})`, label)))
      .limit(1),
  );
  return row?.tenant ?? null;
}

/** Where the technical-support link points: the tenant's own address when configured, else the platform's. */
function supportUrl(configuration: Record<string, unknown> | undefined): string {
  const configured = configuration?.supportUrl;
  if (typeof configured === "string" && /^(https:\/\/|mailto:)/.test(configured)) return configured;
  const domain = env().MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? "localhost";
  return `mailto:support@${domain}`;
}

/** The logos, name and support link a host shows on the sign-in pages. */
export async function brandingForHost(host: string | null): Promise<TenantBranding> {
  const label = hostLabel(host);
  const tenant = await tenantForLabel(label);
  const brand = brandFor(tenant?.slug ?? label);
  if (!tenant) return { id: null, name: brand.name, logoUrl: brand.logoUrl, subLogoUrl: brand.subLogoUrl, supportUrl: supportUrl(undefined) };
  return {
    id: tenant.id,
    name: tenant.name,
    logoUrl: tenant.logoUrl ?? brand.logoUrl,
    subLogoUrl: tenant.subLogoUrl ?? brand.subLogoUrl,
    supportUrl: supportUrl(tenant.configuration),
  };
}

/** GET /tenant_search/{tenant}: a host label's tenant name and logos; 404 for a label naming no tenant or state. */
export async function searchTenant(label: string): Promise<Omit<TenantBranding, "supportUrl">> {
  const key = label.trim().toLowerCase();
  if (!/^[a-z0-9-]{1,63}$/.test(key)) throw badRequest("Invalid tenant name");
  const branding = await brandingForHost(key);
  if (branding.id === null && brandFor(key).key === "default") throw notFound(`No tenant matches '${key}'`);
  const { supportUrl: _support, ...rest } = branding;
  return rest;
}
