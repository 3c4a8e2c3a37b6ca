import type { Metadata } from "next";
import { DistrictProfile } from "@/components/organisations/district-profile";
import { districtPath } from "@/lib/organisations/paths";
import { districtProfile } from "@/lib/organisations/profile-data";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "District" };

export default async function DistrictProfilePage({ params }: { params: Promise<{ regionId: string; districtId: string }> }) {
  const raw = await params;
  const [regionId, districtId] = [idSegment(raw.regionId), idSegment(raw.districtId)];
  const actor = await requirePageActor({ permission: "area.administrator", path: districtPath(regionId, districtId) });
  return <DistrictProfile view="details" data={await orNotFound(districtProfile(actor, regionId, districtId))} />;
}
