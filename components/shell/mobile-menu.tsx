"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import type { ShellModel } from "@/lib/shell/model";
import type { NavItem } from "@/lib/shell/navigation";
import { cn } from "@/components/ui/cn";
import { HeaderLinks } from "./header-links";
import { Icon } from "./icons";

/**
 * Narrow screens: navigation collapses into this full-screen menu. A modal dialog, so focus
 * stays inside, Escape closes it and focus returns to the Menu button.
 */
export function MobileMenu({ shell, navTitle, navItems }: { shell: ShellModel; navTitle: string | null; navItems: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const close = () => setOpen(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className="inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-white hover:bg-white/10">
        <Icon name="menu" />
        Menu
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          className="focus-light fixed inset-0 z-50 flex animate-page-fade flex-col overflow-y-auto bg-brand-900 text-white"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-white/15 px-4">
            <RadixDialog.Title className="text-lg font-semibold">Menu</RadixDialog.Title>
            <RadixDialog.Close className="inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-white/10">
              <Icon name="close" />
              Close
            </RadixDialog.Close>
          </div>
          <nav aria-label="Main menu" className="flex flex-col gap-6 px-4 py-6">
            {navTitle && navItems.length > 0 && (
              <div>
                <p className="px-4 pb-2 text-xs font-semibold tracking-wider text-brand-100 uppercase">{navTitle}</p>
                <ul className="flex flex-col gap-1">
                  {navItems.map((item) => {
                    const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
                    return (
                      <li key={item.href}>
                        <Link
                          href={item.href}
                          onClick={close}
                          aria-current={active ? "page" : undefined}
                          className={cn("flex min-h-12 items-center gap-3 rounded-md px-4 text-lg font-medium hover:bg-white/10", active && "bg-white/15")}
                        >
                          <Icon name={item.icon} />
                          {item.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
            <div className="border-t border-white/15 pt-6">
              <HeaderLinks shell={shell} variant="menu" onNavigate={close} />
            </div>
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
