import type { ReactNode } from "react";
import { ShellLayout } from "@/app/_shell/area-layout";

export default function DownloadsLayout({ children }: { children: ReactNode }) {
  return (
    <ShellLayout area={null} path="/downloads">
      {children}
    </ShellLayout>
  );
}
