import type { Metadata } from "next";
import { CrudSection } from "@/components/system/crud-section";
import { NewTenant } from "@/components/system/new-tenant";
import { SystemPage } from "@/components/system/system-page";
import { requirePageActor } from "@/lib/shell/page-actor";
import { TENANT_FIELDS, TENANT_TEXTS } from "@/components/system/sections";
import { listTenants } from "@/lib/system/tenants";

export const metadata: Metadata = { title: "Tenants" };

export default async function TenantsPage() {
  const actor = await requirePageActor({ permission: "area.system", path: "/system/tenants" });
  const tenants = await listTenants(actor);
  return (
    <SystemPage title="Tenants" description="State programmes on the platform: open one for its admins and integrations.">
      <CrudSection
        title="All tenants"
        noun="tenant"
        columns={[
          { key: "name", label: "Name" },
          { key: "slug", label: "Host prefix" },
          { key: "logoUrl", label: "Logo" },
        ]}
        rows={tenants.map((t) => ({ ...t, href: `/system/tenants/${t.id}` }))}
        fields={TENANT_FIELDS}
        endpoint="/tenants"
        texts={TENANT_TEXTS}
        empty="No tenants yet."
        newButton={<NewTenant />}
      />
    </SystemPage>
  );
}
