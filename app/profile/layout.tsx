import type { ReactNode } from "react";
import { ShellLayout } from "@/app/_shell/area-layout";

export default function ProfileLayout({ children }: { children: ReactNode }) {
  return (
    <ShellLayout area={null} path="/profile">
      {children}
    </ShellLayout>
  );
}
