import type { Metadata } from "next";
import { OneRosterLoads } from "@/components/oneroster/oneroster-loads";
import { PageHeading } from "@/components/ui/page-heading";
import { getOneRosterLoad, listOneRosterLoads, oneRosterCollectionChoices } from "@/lib/oneroster/service";
import { listRegions } from "@/lib/organisations/queries";
import { requirePageActor } from "@/lib/shell/page-actor";
import { idSegment, orNotFound } from "@/lib/shell/page-data";

export const metadata: Metadata = { title: "OneRoster" };

const PAGE_SIZE = 10;

/**
 * A district's administrator (or the state's) uploads a OneRoster 1.2 CSV bundle, reads its dry run and
 * applies it. `?load=<id>` opens that load (a notification's link, a reviewed OneRoster pull's).
 */
export default async function AdministratorOneRosterPage({ searchParams }: { searchParams: Promise<{ load?: string | string[] }> }) {
  const actor = await requirePageActor({ permission: "oneroster.manage", path: "/administrator/oneroster" });
  const { load } = await searchParams;
  const opened = typeof load === "string" ? (await orNotFound(getOneRosterLoad(actor, idSegment(load)))).load : null;
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
      <OneRosterLoads initial={first} opened={opened} regions={regions} collections={collections} pageSize={PAGE_SIZE} />
    </>
  );
}
