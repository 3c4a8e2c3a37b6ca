import type { Metadata } from "next";
import { DisplayView } from "@/components/displays/display-view";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { PageHeading } from "@/components/ui/page-heading";
import { domainOf, pageLinks, viewOf, type PageQuery } from "@/lib/displays/links";
import { displayCollection } from "@/lib/displays/service";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Data displays" };

/** The teacher's class in a collection by performance level and domain (spec §2 'Data displays'). */
export default async function TeacherDisplaysPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<PageQuery> }) {
  const id = idSegment((await params).id);
  const query = await searchParams;
  const actor = await requirePageActor({ permission: "displays.teacher", path: `/teacher/collections/${id}/displays` });
  const collection = await orNotFound(displayCollection(actor, "teacher", id));
  const type = viewOf(query);
  const domain = domainOf(query);
  const links = pageLinks(`/teacher/collections/${id}/displays`, { view: type, domain }, collection.domains, false);
  return (
    <>
      <PageHeading
        title={`Data displays: ${collection.name}`}
        description="Your class by performance level and domain."
        actions={<CollectionLinks id={id} current="displays" />}
      />
      <DisplayView role="teacher" collectionId={id} type={type} domain={domain} drill={{}} links={links} />
    </>
  );
}
