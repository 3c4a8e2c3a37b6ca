"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { NavItem } from "@/lib/shell/navigation";
import { cn } from "@/components/ui/cn";
import { Icon } from "./icons";

export const SIDEBAR_ID = "app-sidebar";

/**
 * The area's navigation: 240 px open, 65 px mini. `expanded` null leaves it to the breakpoint
 * (open on desktop, mini on tablet); on mobile the full-screen menu replaces it.
 */
export function Sidebar({ title, items, expanded }: { title: string; items: NavItem[]; expanded: boolean | null }) {
  const pathname = usePathname();
  const width = expanded === null ? "w-[65px] desktop:w-[240px]" : expanded ? "w-[240px]" : "w-[65px]";
  const labelClass = expanded === null ? "max-desktop:sr-only" : expanded ? "" : "sr-only";
  return (
    <aside id={SIDEBAR_ID} className={cn("hidden shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 tablet:block", width)}>
      <nav id="app-navigation" aria-label={`${title} navigation`} className="sticky top-16 flex flex-col gap-1 p-2 pt-4">
        <p className={cn("px-3 pb-2 text-xs font-semibold tracking-wider text-slate-600 uppercase", labelClass)}>{title}</p>
        <ul className="flex flex-col gap-1">
          {items.map((item) => {
            const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  title={item.label}
                  className={cn(
                    "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium",
                    active ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                  )}
                >
                  <Icon name={item.icon} className={cn("size-5 shrink-0", active ? "text-brand-700" : "text-slate-500")} />
                  <span className={cn("truncate", labelClass)}>{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
