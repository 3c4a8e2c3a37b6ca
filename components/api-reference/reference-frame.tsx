import type { ReactNode } from "react";
import { SkipLinks } from "@/components/shell/skip-links";
import type { GroupView } from "@/lib/platform/openapi/reference";
import { Banner } from "./banner";
import { IndexNav } from "./index-nav";

/**
 * The reference's pages: the public banner, a heading block, then the index beside the content.
 * overflow-wrap: anywhere lets long paths and names wrap, so nothing outgrows a 320 px screen.
 */
export function ReferenceFrame({ groups, current, heading, children }: { groups: GroupView[]; current?: GroupView; heading: ReactNode; children: ReactNode }) {
  return (
    <>
      <SkipLinks />
      <Banner />
      <main id="main-content" className="mx-auto max-w-7xl px-4 py-8">
        <div className="mb-8 flex flex-col gap-4 tablet:flex-row tablet:items-end tablet:justify-between">{heading}</div>
        <div className="grid grid-cols-1 gap-8 desktop:grid-cols-[16rem_minmax(0,1fr)]">
          <div className="[overflow-wrap:anywhere] desktop:sticky desktop:top-4 desktop:max-h-[calc(100vh-2rem)] desktop:self-start desktop:overflow-y-auto">
            <IndexNav groups={groups} current={current} />
          </div>
          <div className="min-w-0 space-y-8 [overflow-wrap:anywhere]">{children}</div>
        </div>
      </main>
    </>
  );
}
