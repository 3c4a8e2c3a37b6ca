import type { Metadata } from "next";
import Link from "next/link";
import { IsrManager } from "@/components/isr/isr-manager";
import { PageHeading } from "@/components/ui/page-heading";
import { EmptyState } from "@/components/ui/states";
import { listOutputs } from "@/lib/isr/service";
import { reportFormOptions } from "@/lib/reports/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "ISRs" };

/** Request a collection's ISRs (parent reports) over one's reach, watch them, download them as one PDF, clear them. */
export default async function AdministratorIsrPage({ searchParams }: { searchParams: Promise<{ collection?: string }> }) {
  const actor = await requirePageActor({ permission: "reports.admin", path: "/administrator/isr" });
  const { collections } = await reportFormOptions(actor);
  const asked = Number((await searchParams).collection);
  const chosen = collections.find((c) => c.id === asked) ?? collections[0];
  const initial = chosen ? await listOutputs(actor, chosen.id) : null;
  return (
    <>
      <PageHeading
        title="ISRs"
        description="Individual student reports: one page per child for their family, in English or Spanish."
        actions={
          <Link href="/administrator/reports" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Reports
          </Link>
        }
      />
      {chosen ? (
        <IsrManager
          collections={collections.map((c) => ({ id: c.id, name: c.name }))}
          collectionId={chosen.id}
          initial={initial}
          scope={actor.tenantWide ? `ISRs cover all of ${actor.tenantName}.` : "ISRs cover the children of the organisations you administer."}
        />
      ) : (
        <EmptyState title="No data collections yet">ISRs are made from a collection&apos;s results, so there is nothing to report on yet.</EmptyState>
      )}
    </>
  );
}
