import type { Metadata } from "next";
import { OneRosterLoads } from "@/components/oneroster/oneroster-loads";
import { PageHeading } from "@/components/ui/page-heading";
import { listOneRosterLoads, oneRosterCollectionChoices } from "@/lib/oneroster/service";
import { listRegions } from "@/lib/organisations/queries";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "OneRoster" };

const PAGE_SIZE = 10;

/** A district's administrator (or the state's) uploads a OneRoster 1.2 CSV bundle, reads its dry run and applies it. */
export default async function AdministratorOneRosterPage() {
  const actor = await requirePageActor({ permission: "oneroster.manage", path: "/administrator/oneroster" });
  const first = await listOneRosterLoads(actor, { page: 1, pageSize: PAGE_SIZE });
  const collections = await oneRosterCollectionChoices(actor);
  const regions = actor.tenantWide ? (await listRegions(actor, { active: true })).map((r) => ({ id: r.id, name: r.nameLabel })) : null;
  return (
    <>
      <PageHeading
        title="OneRoster"
        description={
          actor.tenantWide
            ? `Load rosters from a OneRoster 1.2 CSV bundle your student information system exports, for any district of ${actor.tenantName}.`
            : "Load your district's rosters from a OneRoster 1.2 CSV bundle your student information system exports: schools, teachers, children, enrollments and class rosters."
        }
      />
      <OneRosterLoads initial={first} regions={regions} collections={collections} pageSize={PAGE_SIZE} />
    </>
  );
}
