import type { Metadata } from "next";
import { BulkLoads } from "@/components/bulk-loads/bulk-loads";
import { PageHeading } from "@/components/ui/page-heading";
import { listBulkLoads } from "@/lib/bulk-load/service";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Bulk loads" };

const PAGE_SIZE = 10;

/** Upload students with their enrollments, users, rosters or collection assignments from a file, watch the load, download templates and results. */
export default async function AdministratorBulkLoadsPage() {
  const actor = await requirePageActor({ permission: "bulkLoads.manage", path: "/administrator/bulk-loads" });
  const first = await listBulkLoads(actor, { administration: actor.tenantWide, page: 1, pageSize: PAGE_SIZE });
  return (
    <>
      <PageHeading
        title="Bulk loads"
        description={
          actor.tenantWide
            ? `Load students and their enrollments, users, rosters or collection assignments into any school of ${actor.tenantName} from a CSV or Excel file.`
            : "Load students and their enrollments, users, rosters or collection assignments into the schools you administer from a CSV or Excel file."
        }
      />
      <BulkLoads initial={first} administration={actor.tenantWide} pageSize={PAGE_SIZE} />
    </>
  );
}
