import type { Metadata } from "next";
import { DownloadCard } from "@/components/downloads/download-card";
import { PageHeading } from "@/components/ui/page-heading";
import { can } from "@/lib/auth/permissions";
import { listDownloads } from "@/lib/downloads/queries";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Downloads" };

const GROUPS = [
  { id: "apps", title: "Assessment apps", description: "Install these on the devices teachers use to assess children." },
  { id: "file-watcher", title: "File watcher", description: "Sends roster files from a district server to the platform automatically." },
] as const;

export default async function DownloadsPage() {
  const actor = await requirePageActor({ path: "/downloads" });
  const entries = await listDownloads(actor);
  const publish = can(actor, "system.downloads");
  return (
    <>
      <PageHeading
        title="Downloads"
        description={
          publish
            ? "Apps and installers for every tenant. As a system administrator you can upload or replace each file."
            : "Apps and installers for your devices and servers."
        }
      />
      <div className="flex flex-col gap-10">
        {GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`}>
            <h2 id={`group-${group.id}`} className="text-lg font-semibold text-slate-900">
              {group.title}
            </h2>
            <p className="mb-4 text-sm text-slate-600">{group.description}</p>
            <div className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
              {entries
                .filter((e) => e.group === group.id)
                .map((entry) => (
                  <DownloadCard key={entry.slot} entry={entry} publish={publish} />
                ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
