import type { ReactNode } from "react";
import { ShellLayout } from "@/app/_shell/area-layout";

export default function NotificationsLayout({ children }: { children: ReactNode }) {
  return (
    <ShellLayout area={null} path="/notifications">
      {children}
    </ShellLayout>
  );
}
