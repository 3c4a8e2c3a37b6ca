import type { Metadata } from "next";
import { InfoSheetCard } from "@/components/info-sheet/info-sheet-card";
import { InfoSheetUpload } from "@/components/info-sheet/info-sheet-upload";
import { CrudSection } from "@/components/system/crud-section";
import { Integrations } from "@/components/system/integrations";
import { SystemPage } from "@/components/system/system-page";
import { TenantLogo } from "@/components/system/tenant-logo";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { LICENSE_ROLES, listIntegrations } from "@/lib/system/integrations";
import { TENANT_ADMIN_COLUMNS, TENANT_ADMIN_FIELDS, TENANT_ADMIN_TEXTS, TENANT_FIELDS, TENANT_TEXTS } from "@/components/system/sections";
import { tenantHasInfoSheet } from "@/lib/info-sheet/service";
import { getTenant, listTenantAdmins } from "@/lib/system/tenants";

export const metadata: Metadata = { title: "Tenant" };

/** One tenant: its name and logo, its info sheet, its tenant admins, its integrations and their licenses. */
export default async function TenantPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "area.system", path: `/system/tenants/${id}` });
  const tenant = await orNotFound(getTenant(actor, id));
  const [admins, integrations, infoSheet] = await Promise.all([listTenantAdmins(actor, id), listIntegrations(actor, id), tenantHasInfoSheet(actor, id)]);
  return (
    <SystemPage
      title={tenant.name}
      description={`Host prefix ${tenant.slug}`}
      trail={[
        { label: "Tenants", href: "/system/tenants" },
        { label: tenant.name, href: `/system/tenants/${id}` },
      ]}
    >
      <CrudSection
        title="Details"
        noun="tenant"
        columns={[
          { key: "name", label: "Name" },
          { key: "slug", label: "Host prefix" },
        ]}
        rows={[tenant]}
        fields={TENANT_FIELDS}
        endpoint="/tenants"
        texts={TENANT_TEXTS}
        empty=""
        newButton={null}
      />
      <TenantLogo tenantId={id} tenantName={tenant.name} logoUrl={tenant.logoUrl} />
      <InfoSheetCard available={infoSheet} href={`/en/api/v1/tenants/${id}/info-sheet`} className="">
        <InfoSheetUpload endpoint={`/tenants/${id}/info-sheet`} />
      </InfoSheetCard>
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
    </SystemPage>
  );
}
