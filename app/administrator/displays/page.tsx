import type { Metadata } from "next";
import { DisplayView } from "@/components/displays/display-view";
import { YearComparison } from "@/components/displays/year-comparison";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { PageHeading } from "@/components/ui/page-heading";
import { domainOf, drillOf, pageLinks, viewOf, type PageQuery } from "@/lib/displays/links";
import { adminDisplayCollections, displayCollection } from "@/lib/displays/service";
import { compareYears } from "@/lib/displays/years";
import { AppError } from "@/lib/platform/errors";
import { orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Data displays" };

const PATH = "/administrator/displays";

const refused = (error: unknown) => {
  if (error instanceof AppError && (error.status === 400 || error.status === 404)) return null;
  throw error;
};

/** Results within the admin's reach, from the state down to a class (spec §2 'Data displays'). */
export default async function AdminDisplaysPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  const query = await searchParams;
  const actor = await requirePageActor({ permission: "displays.admin", path: PATH });
  const collections = await adminDisplayCollections(actor);
  // Opens on the newest collection with results: a newer one nobody has scored yet shows nothing.
  const chosen =
    typeof query.collection === "string" && /^\d{1,9}$/.test(query.collection)
      ? Number(query.collection)
      : (collections.find((c) => c.hasResults) ?? collections[0])?.id;
  if (!chosen) {
    return (
      <>
        <PageHeading title="Data displays" />
        <EmptyState title="No data collections in your reach">Displays appear once a collection is assigned to an organisation you administer.</EmptyState>
      </>
    );
  }
  const collection = await orNotFound(displayCollection(actor, "admin", chosen));
  const type = viewOf(query);
  const domain = domainOf(query);
  const drill = drillOf(query);
  const links = pageLinks(PATH, { collection: String(chosen), view: type, domain, ...drill }, collection.domains, true);
  // School years are compared for the state, a region or a district (the displays that add up per-school totals).
  const comparing = !drill.locationId && !drill.teacherId;
  const position = { regionId: drill.regionId ? Number(drill.regionId) : undefined, districtId: drill.districtId ? Number(drill.districtId) : undefined };
  const compareParam = typeof query.compare === "string" && /^\d{1,9}$/.test(query.compare) ? Number(query.compare) : undefined;
  // A drill-down the display itself refuses (shown there) leaves the comparison out rather than the page.
  const years = comparing ? await compareYears(actor, { dataCollectionId: chosen, ...position }).catch(refused) : null;
  const compareWith = years?.comparable.some((c) => c.dataCollectionId === compareParam) ? compareParam : undefined;
  const comparison = years && compareWith ? await compareYears(actor, { dataCollectionId: chosen, compareWith, ...position }) : years;
  return (
    <>
      <PageHeading
        title={`Data displays: ${collection.name}`}
        description="Results by performance level and domain within your reach. Choose a name in a table to look one level down."
      />
      <form method="get" action={PATH} className="mb-6 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Data collection
          <select name="collection" defaultValue={String(chosen)} className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900">
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.schoolYear})
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="view" value={type} />
        <button type="submit" className={buttonClasses("secondary")}>
          Show
        </button>
      </form>
      {comparison && (
        <YearComparison data={comparison} path={PATH} keep={{ collection: String(chosen), view: type, domain, ...drill }} compareWith={compareWith} />
      )}
      <DisplayView role="admin" collectionId={chosen} type={type} domain={domain} drill={drill} links={links} />
    </>
  );
}
