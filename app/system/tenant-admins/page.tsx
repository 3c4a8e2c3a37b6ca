import type { Metadata } from "next";
import { CrudSection } from "@/components/system/crud-section";
import { SystemPage } from "@/components/system/system-page";
import { requirePageActor } from "@/lib/shell/page-actor";
import { TENANT_ADMIN_COLUMNS, TENANT_ADMIN_FIELDS, TENANT_ADMIN_TEXTS } from "@/components/system/sections";
import { listTenantAdmins, listTenants } from "@/lib/system/tenants";

export const metadata: Metadata = { title: "Tenant admins" };

export default async function TenantAdminsPage() {
  const actor = await requirePageActor({ permission: "area.system", path: "/system/tenant-admins" });
  const [admins, tenants] = await Promise.all([listTenantAdmins(actor), listTenants(actor)]);
  return (
    <SystemPage title="Tenant admins" description="The people who administer a whole tenant. A new tenant admin is mailed a link to choose their password.">
      <CrudSection
        title="All tenant admins"
        noun="tenant admin"
        columns={[{ key: "tenantName", label: "Tenant" }, ...TENANT_ADMIN_COLUMNS]}
        rows={admins.map((a) => ({ ...a, registration: a.registered ? "Complete" : "Invited", href: `/system/tenants/${a.tenantId}` }))}
        fields={[
          {
            name: "tenantId",
            label: "Tenant",
            kind: "select",
            numeric: true,
            required: true,
            createOnly: true,
            options: tenants.map((t) => ({ value: String(t.id), label: t.name })),
          },
          ...TENANT_ADMIN_FIELDS,
        ]}
        endpoint="/tenant-admins"
        texts={TENANT_ADMIN_TEXTS}
        empty="No tenant admins yet."
      />
    </SystemPage>
  );
}
