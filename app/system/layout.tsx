import type { ReactNode } from "react";
import { ShellLayout } from "@/app/_shell/area-layout";

export default function SystemLayout({ children }: { children: ReactNode }) {
  return (
    <ShellLayout area="system" path="/system">
      {children}
    </ShellLayout>
  );
}
