"use client";

import Link from "next/link";
import type { ShellModel } from "@/lib/shell/model";
import type { NavItem } from "@/lib/shell/navigation";
import { HeaderLinks } from "./header-links";
import { Icon } from "./icons";
import { MobileMenu } from "./mobile-menu";
import { NotificationsBell } from "./notifications-bell";
import { SIDEBAR_ID } from "./sidebar";

interface HeaderProps {
  shell: ShellModel;
  homeHref: string;
  navTitle: string | null;
  navItems: NavItem[];
  sidebarExpanded: boolean;
  onToggleSidebar: (() => void) | null;
}

/** The application header: full links on desktop, bell and a full-screen menu below 1200 px. */
export function Header({ shell, homeHref, navTitle, navItems, sidebarExpanded, onToggleSidebar }: HeaderProps) {
  return (
    <header className="focus-light sticky top-0 z-30 bg-brand-800 text-white shadow-sm">
      <div className="flex h-16 items-center gap-2 px-3 tablet:px-4">
        {onToggleSidebar && (
          <button
            type="button"
            onClick={onToggleSidebar}
            aria-controls={SIDEBAR_ID}
            aria-expanded={sidebarExpanded}
            className="hidden size-10 items-center justify-center rounded-md hover:bg-white/10 tablet:inline-flex"
          >
            <Icon name={sidebarExpanded ? "collapse" : "expand"} />
            <span className="sr-only">{sidebarExpanded ? "Collapse navigation" : "Expand navigation"}</span>
          </button>
        )}
        <Link href={homeHref} className="flex min-w-0 items-center gap-3 rounded-md px-1 py-1">
          {shell.tenantLogo ? (
            // eslint-disable-next-line @next/next/no-img-element -- the tenant's own file or URL, any size: no image optimiser in between
            <img src={shell.tenantLogo} alt="" className="h-8 w-auto max-w-24 shrink-0 rounded bg-white object-contain p-0.5" />
          ) : (
            <Logo />
          )}
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate text-sm font-semibold tablet:text-base">Assessment Platform</span>
            <span className="truncate text-xs text-brand-100">{shell.tenantName}</span>
          </span>
        </Link>
        <nav aria-label="Application" className="ml-auto hidden desktop:block">
          <HeaderLinks shell={shell} variant="bar" />
        </nav>
        <div className="ml-auto flex items-center gap-1 desktop:hidden">
          <NotificationsBell count={shell.unreadCount} items={shell.notifications} live={shell.live} area={shell.navArea} />
          <MobileMenu shell={shell} navTitle={navTitle} navItems={navItems} />
        </div>
      </div>
    </header>
  );
}

/** The product mark: a plain shape, not any state's seal. */
function Logo() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#ffffff" />
      <path d="M8 23 14 9h4l6 14h-4l-1.3-3.2h-5.4L12 23H8Zm6.5-6.3h3L16 13l-1.5 3.7Z" fill="#123a68" />
    </svg>
  );
}
