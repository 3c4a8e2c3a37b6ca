"use client";

import { useState, type ReactNode } from "react";
import type { ShellModel } from "@/lib/shell/model";
import { AREA_TITLES, NAVIGATION } from "@/lib/shell/navigation";
import { Header } from "./header";
import { OfflineWarning } from "./offline-warning";
import { PageFade } from "./page-fade";
import { Sidebar } from "./sidebar";
import { SkipLinks } from "./skip-links";
import { useIsDesktop } from "./use-desktop";

/** The signed-in frame of every area page: skip links, offline banner, header, sidebar, content. */
export function AppShell({ shell, children }: { shell: ShellModel; children: ReactNode }) {
  const isDesktop = useIsDesktop();
  // null until the person toggles: the breakpoint decides (open on desktop, mini otherwise).
  const [override, setOverride] = useState<boolean | null>(null);
  const expanded = override ?? isDesktop;
  const navItems = shell.navArea ? NAVIGATION[shell.navArea] : [];
  const navTitle = shell.navArea ? AREA_TITLES[shell.navArea] : null;
  const homeHref = navItems[0]?.href ?? "/profile";

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLinks />
      <OfflineWarning />
      <Header
        shell={shell}
        homeHref={homeHref}
        navTitle={navTitle}
        navItems={navItems}
        sidebarExpanded={expanded}
        onToggleSidebar={navItems.length > 0 ? () => setOverride(!expanded) : null}
      />
      {shell.impersonating && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          You are working as <strong>{shell.fullName}</strong>. Use End Impersonation to return to your own account.
        </p>
      )}
      <div className="flex flex-1">
        {navItems.length > 0 && navTitle && <Sidebar title={navTitle} items={navItems} expanded={override} />}
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none tablet:px-6 desktop:px-8 desktop:py-8">
          <PageFade>
            <div className="mx-auto w-full max-w-6xl">{children}</div>
          </PageFade>
        </main>
      </div>
    </div>
  );
}
