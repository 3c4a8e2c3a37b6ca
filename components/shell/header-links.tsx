"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ShellModel } from "@/lib/shell/model";
import { cn } from "@/components/ui/cn";
import { Icon } from "./icons";
import { NotificationsBell } from "./notifications-bell";

/**
 * Logout and End Impersonation post here (a plain form, so it works before the page hydrates); a
 * GET never logs out. During an impersonation it returns to the administrator's own session.
 */
const LOGOUT_PATH = "/sign-out";
/** The area switch posts its `role` here, a plain form too; it lands on that role's dashboard. */
const SWITCH_AREA_PATH = "/switch-area";

interface Props {
  shell: ShellModel;
  /** "bar": the desktop header row; "menu": the full-screen menu's list. */
  variant: "bar" | "menu";
  onNavigate?: () => void;
}

const styles = {
  bar: "inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-white hover:bg-white/10 aria-[current=page]:bg-white/15",
  menu: "flex min-h-12 w-full items-center gap-3 rounded-md px-4 text-lg font-medium text-white hover:bg-white/10 aria-[current=page]:bg-white/15",
};

/**
 * The profile link's name starts with the names as shown (cut at 14 characters), so speech input
 * can say what it sees (WCAG 2.5.3); a cut name is followed by the whole name.
 */
function profileLabel(shell: ShellModel): string {
  const shown = `${shell.displayFirstName} ${shell.displayLastName}`.trim();
  return shown === shell.fullName ? `Profile: ${shown}` : `Profile: ${shown} (${shell.fullName})`;
}

/** The header's links in the spec's order; the same list fills the narrow-screen menu. */
export function HeaderLinks({ shell, variant, onNavigate }: Props) {
  const pathname = usePathname();
  const current = (href: string) => (pathname === href || pathname.startsWith(`${href}/`) ? "page" : undefined);
  const cls = styles[variant];
  const item = variant === "menu" ? "w-full" : undefined;
  return (
    <ul className={variant === "menu" ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {shell.dashboardHref && (
        <li className={item}>
          <Link href={shell.dashboardHref} className={cls} aria-current={current(shell.dashboardHref)} onClick={onNavigate}>
            Dashboard
          </Link>
        </li>
      )}
      {shell.areaLinks.map((link) => (
        <li key={link.area} className={item}>
          <form method="post" action={SWITCH_AREA_PATH}>
            <input type="hidden" name="role" value={link.role} />
            <button type="submit" className={cls}>
              {variant === "menu" && <Icon name="switch" />}
              {link.label}
            </button>
          </form>
        </li>
      ))}
      <li className={item}>
        <Link href="/downloads" className={cls} aria-current={current("/downloads")} onClick={onNavigate}>
          {variant === "menu" && <Icon name="download" />}
          Downloads
        </Link>
      </li>
      <li className={item}>
        <a href={shell.supportUrl} target="_blank" rel="noopener noreferrer" className={cls}>
          {variant === "menu" && <Icon name="help" />}
          Support
          <Icon name="external" className="size-3.5 opacity-80" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </li>
      {variant === "bar" && (
        <li>
          <NotificationsBell count={shell.unreadCount} items={shell.notifications} live={shell.live} area={shell.navArea} />
        </li>
      )}
      <li className={item}>
        <Link href="/profile" className={cls} aria-current={current("/profile")} aria-label={profileLabel(shell)} onClick={onNavigate}>
          <Icon name="user" />
          <span>
            {shell.displayFirstName} {shell.displayLastName}
          </span>
        </Link>
      </li>
      <li className={item}>
        <form method="post" action={LOGOUT_PATH}>
          {shell.impersonating ? (
            <button type="submit" className={cn(cls, "bg-amber-400/20 ring-1 ring-amber-300/60")}>
              <Icon name="logout" />
              End Impersonation
            </button>
          ) : (
            <button type="submit" className={cls}>
              <Icon name="logout" />
              Logout
            </button>
          )}
        </form>
      </li>
    </ul>
  );
}
