import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { areaPermission, type Area } from "@/lib/shell/header";
import { shellModel } from "@/lib/shell/model";
import { requirePageActor } from "@/lib/shell/page-actor";

/**
 * The signed-in frame shared by the area layouts (which need the area's role) and the profile and
 * downloads pages (area null: any signed-in person; the active role decides the sidebar).
 */
export async function ShellLayout({ area, path, children }: { area: Area | null; path: string; children: ReactNode }) {
  const actor = await requirePageActor({ permission: area ? areaPermission(area) : undefined, path });
  return <AppShell shell={await shellModel(actor, area)}>{children}</AppShell>;
}
