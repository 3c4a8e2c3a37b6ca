import type { Metadata } from "next";
import { CrudSection } from "@/components/system/crud-section";
import { SystemPage } from "@/components/system/system-page";
import { requirePageActor } from "@/lib/shell/page-actor";
import { listAcknowledgements } from "@/lib/system/acknowledgements";
import { textsFor } from "@/components/system/sections";
import { listTenants } from "@/lib/system/tenants";

export const metadata: Metadata = { title: "Acknowledgements" };

export default async function AcknowledgementsPage() {
  const actor = await requirePageActor({ permission: "area.system", path: "/system/acknowledgements" });
  const [acknowledgements, tenants] = await Promise.all([listAcknowledgements(actor), listTenants(actor)]);
  return (
    <SystemPage title="Acknowledgements" description="Texts people accept: at sign-in, or when a teacher opens a data collection.">
      <CrudSection
        title="All acknowledgements"
        noun="acknowledgement"
        columns={[
          { key: "text", label: "Text" },
          { key: "tenant", label: "Tenant" },
          { key: "dataCollection", label: "On opening a collection" },
          { key: "active", label: "Active" },
        ]}
        rows={acknowledgements.map((a) => ({ ...a, tenant: a.tenantName ?? "Every tenant" }))}
        fields={[
          { name: "text", label: "Text", kind: "textarea", required: true },
          {
            name: "tenantId",
            label: "Tenant",
            kind: "select",
            numeric: true,
            options: [{ value: "", label: "Every tenant" }, ...tenants.map((t) => ({ value: String(t.id), label: t.name }))],
          },
          { name: "dataCollection", label: "Asked when a teacher opens a data collection", kind: "checkbox" },
          { name: "active", label: "Active", kind: "checkbox" },
        ]}
        endpoint="/acknowledgements"
        texts={{ ...textsFor("Acknowledgement"), updated: "Acknowledgement updated" }}
        empty="No acknowledgements yet."
      />
    </SystemPage>
  );
}
