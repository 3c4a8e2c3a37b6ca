import type { Metadata } from "next";
import Link from "next/link";
import { CrudSection } from "@/components/system/crud-section";
import { Integrations } from "@/components/system/integrations";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { LICENSE_ROLES, listIntegrations } from "@/lib/system/integrations";
import { TENANT_ADMIN_COLUMNS, TENANT_ADMIN_FIELDS, TENANT_ADMIN_TEXTS, TENANT_FIELDS, TENANT_TEXTS } from "@/lib/system/sections";
import { getTenant, listTenantAdmins } from "@/lib/system/tenants";

export const metadata: Metadata = { title: "Tenant" };

/** One tenant: its name and logo, its tenant admins, its integrations and their licenses. */
export default async function TenantPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "area.system", path: `/system/tenants/${id}` });
  const tenant = await orNotFound(getTenant(actor, id));
  const [admins, integrations] = await Promise.all([listTenantAdmins(actor, id), listIntegrations(actor, id)]);
  return (
    <>
      <PageHeading
        title={tenant.name}
        description={`Host prefix ${tenant.slug}`}
        actions={
          <Link className={buttonClasses("secondary", "sm")} href="/system/tenants">
            All tenants
          </Link>
        }
      />
      <div className="flex flex-col gap-8">
        <CrudSection title="Details" noun="tenant" columns={[{ key: "name", label: "Name" }, { key: "slug", label: "Host prefix" }, { key: "logoUrl", label: "Logo" }]} rows={[tenant]} fields={TENANT_FIELDS} endpoint="/tenants" texts={TENANT_TEXTS} empty="" newButton={null} />
        <CrudSection
          title="Tenant admins"
          noun="tenant admin"
          columns={TENANT_ADMIN_COLUMNS}
          rows={admins.map((a) => ({ ...a, registration: a.registered ? "Complete" : "Invited" }))}
          fields={TENANT_ADMIN_FIELDS}
          endpoint="/tenant-admins"
          texts={TENANT_ADMIN_TEXTS}
          fixed={{ tenantId: id }}
          empty="No tenant admin yet. Add one with New tenant admin: they get a mail to choose their password."
        />
        <Integrations tenantId={id} integrations={integrations} roles={[...LICENSE_ROLES]} />
      </div>
    </>
  );
}
