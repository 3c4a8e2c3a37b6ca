"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Each new page fades in over 250 ms; reduced-motion settings switch the animation off (globals.css). */
export function PageFade({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return (
    <div key={pathname} className="animate-page-fade">
      {children}
    </div>
  );
}
